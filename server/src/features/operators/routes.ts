import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { replies, success } from '../../platform/http/schemas';
import { actorOf, OPS_COOKIE, OPS_CSRF_HEADER, requireOperator } from './guard';
import { SESSION_MAX_MS, type SessionView } from './operator-service';
import { ROLES } from './tables';

const S = (maxLength = 200) => Type.String({ maxLength });
const RoleSchema = Type.Union(ROLES.map((r) => Type.Literal(r)));
const StageSchema = Type.Union([Type.Literal('password'), Type.Literal('enrol'), Type.Literal('full')]);
const Me = Type.Object({
  username: Type.String(),
  role: RoleSchema,
  stage: StageSchema,
});
const Operator = Type.Object({
  id: Type.String(),
  username: Type.String(),
  role: RoleSchema,
  status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]),
  totpEnabled: Type.Boolean(),
  createdAt: Type.String(),
});
const OperatorListed = Type.Intersect([
  Operator,
  Type.Object({
    /** When its newest finished sign-in (code, recovery code or enrolment) began; null: never signed in. */
    lastSignInAt: Type.Union([Type.String(), Type.Null()]),
  }),
]);
const AuditEntry = Type.Object({
  id: Type.Number(),
  at: Type.String(),
  actor: Type.String(),
  role: Type.String(),
  action: Type.String(),
  target: Type.Union([Type.String(), Type.Null()]),
  before: Type.Unknown(),
  after: Type.Unknown(),
  ip: Type.Union([Type.String(), Type.Null()]),
});

/**
 * The console's sign-in (`/api/ops/auth`, no operator session needed): password → TOTP code (or a recovery code),
 * or, for an operator without TOTP, enrolment first. Every step but the password needs the session cookie set by
 * the password step and the console's header (guard.ts).
 */
export const operatorAuthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { operators, audit } = app;
  const tags = ['ops-auth'];
  const secure = app.ctx.config.production;

  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(OPS_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure,
      path: '/',
      maxAge: Math.floor(SESSION_MAX_MS / 1000),
    });

  /** The session of the cookie (any stage), for the steps of a sign-in; state changes need the header. */
  const sessionOf = async (request: FastifyRequest): Promise<SessionView> => {
    const token = request.cookies[OPS_COOKIE];
    if (token === undefined || token === '') throw new AppError('UNAUTHORIZED', 401);
    if (request.method !== 'GET' && request.headers[OPS_CSRF_HEADER] !== 'ops-console')
      throw new AppError('KEY_INVALID', 403);
    return operators.session(token);
  };
  const actor = (request: FastifyRequest, s: SessionView) => ({ ...s.operator, ip: request.ip });

  app.post(
    '/login',
    {
      config: { validationCode: 'WRONG_CREDENTIAL' },
      schema: {
        tags,
        summary: "An operator's password: sets the session cookie; the next step is a TOTP code or enrolment",
        body: Type.Object({ username: S(64), password: S() }),
        response: replies(Me),
      },
    },
    async (request, reply) => {
      if (request.headers[OPS_CSRF_HEADER] !== 'ops-console') throw new AppError('KEY_INVALID', 403);
      let result;
      try {
        result = await operators.login(
          request.body.username,
          request.body.password,
          request.ip,
          request.headers['user-agent'] ?? null,
        );
      } catch (e) {
        if (e instanceof AppError && e.code !== 'REQUEST_LIMIT') {
          const known = await operators.byUsername(request.body.username);
          await audit.write(
            {
              id: known?.id ?? null,
              username: known?.username ?? '-',
              role: known?.role ?? '-',
              ip: request.ip,
            },
            { action: 'login.refused', target: request.body.username.slice(0, 64), after: { code: e.code } },
          );
        }
        throw e;
      }
      const { token, session } = result;
      setCookie(reply, token);
      await audit.write(actor(request, session), {
        action: 'login.password',
        after: { stage: session.stage },
      });
      return success({
        username: session.operator.username,
        role: session.operator.role,
        stage: session.stage,
      });
    },
  );

  app.post(
    '/code',
    {
      config: { validationCode: 'OTP_CODE_INVALID' },
      schema: {
        tags,
        summary: 'The second step: a TOTP code, or one of the recovery codes',
        body: Type.Union([
          Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }),
          Type.Object({ recoveryCode: S(32) }),
        ]),
        response: replies(Me),
      },
    },
    async (request) => {
      const session = await sessionOf(request);
      const body = request.body;
      let how;
      try {
        how = await operators.verifyCode(session, body);
      } catch (e) {
        if (e instanceof AppError)
          await audit.write(actor(request, session), { action: 'login.code-refused' });
        throw e;
      }
      await audit.write(actor(request, session), {
        action: how === 'recovery' ? 'login.recovery-code' : 'login.totp',
      });
      return success({
        username: session.operator.username,
        role: session.operator.role,
        stage: 'full' as const,
      });
    },
  );

  app.post(
    '/enrol',
    {
      schema: {
        tags,
        summary: 'Enrolment of TOTP: a new secret, its otpauth URI and QR code (SVG)',
        body: Type.Object({}),
        response: replies(Type.Object({ secret: Type.String(), uri: Type.String(), qrSvg: Type.String() })),
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => success(await operators.enrolStart(await sessionOf(request))),
  );

  app.post(
    '/enrol/confirm',
    {
      config: { validationCode: 'OTP_CODE_INVALID' },
      schema: {
        tags,
        summary:
          'The first code from the authenticator turns TOTP on; answers the recovery codes (shown once)',
        body: Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }),
        response: replies(Type.Object({ recoveryCodes: Type.Array(Type.String()) })),
      },
    },
    async (request) => {
      const session = await sessionOf(request);
      const out = await operators.enrolConfirm(session, request.body.code);
      await audit.write(actor(request, session), { action: 'totp.enrolled' });
      return success(out);
    },
  );

  app.post(
    '/password',
    {
      config: { validationCode: 'INVALID_USER_INFO' },
      schema: {
        tags,
        summary: "Changes the signed-in operator's password (at least 12 characters); its other sessions end",
        body: Type.Object({ oldPassword: S(), newPassword: S() }),
        response: replies(Type.Object({ changed: Type.Literal(true) })),
      },
    },
    async (request) => {
      const session = await sessionOf(request);
      await operators.changePassword(session, request.body.oldPassword, request.body.newPassword);
      await audit.write(actor(request, session), { action: 'password.change' });
      return success({ changed: true as const });
    },
  );

  app.get(
    '/me',
    {
      schema: { tags, summary: 'The signed-in operator and the stage of the sign-in', response: replies(Me) },
    },
    async (request) => {
      const s = await sessionOf(request);
      return success({ username: s.operator.username, role: s.operator.role, stage: s.stage });
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'Ends the session',
        body: Type.Object({}),
        response: replies(Type.Object({ loggedOut: Type.Literal(true) })),
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const s = await sessionOf(request).catch(() => undefined);
      if (s) {
        await operators.logout(s.sessionId);
        await audit.write(actor(request, s), { action: 'logout' });
      }
      reply.clearCookie(OPS_COOKIE, { path: '/' });
      return success({ loggedOut: true as const });
    },
  );
};

/** Operator accounts and the audit log (`/api/ops/operators`, `/api/ops/audit`): admin only. */
export const operatorAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { operators, audit } = app;
  const tags = ['ops'];
  const security: { [k: string]: string[] }[] = [{ opsSecret: [] }, { opsSession: [] }];
  app.addHook('onRequest', requireOperator(app));

  app.get(
    '/operators',
    {
      schema: {
        tags,
        security,
        summary: 'Every operator, with its last finished sign-in',
        response: replies(Type.Array(OperatorListed)),
      },
    },
    async () => success(await operators.list()),
  );

  app.post(
    '/operators',
    {
      config: { validationCode: 'INVALID_USER_INFO' },
      schema: {
        tags,
        security,
        summary:
          'Creates an operator (the password at least 12 characters); TOTP is enrolled at the first sign-in',
        body: Type.Object({
          username: S(32),
          role: RoleSchema,
          password: Type.String({ minLength: 12, maxLength: 200 }),
        }),
        response: replies(Operator),
      },
    },
    async (request) => {
      const created = await operators.create(request.body);
      await audit.write(actorOf(request), {
        action: 'operator.create',
        target: created.username,
        after: { role: created.role },
      });
      return success(created);
    },
  );

  app.post(
    '/operators/:username/status',
    {
      config: { validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary: 'Disables (ending its sessions) or enables an operator',
        params: Type.Object({ username: S(32) }),
        body: Type.Object({ status: Type.Union([Type.Literal('active'), Type.Literal('disabled')]) }),
        response: replies(Operator),
      },
    },
    async (request) => {
      const before = await operators.byUsername(request.params.username);
      if (!before) throw new AppError('NO_USER', 404);
      if (request.operator?.id === before.id) throw new AppError('KEY_INVALID', 400);
      const after = await operators.setStatus(request.params.username, request.body.status);
      await audit.write(actorOf(request), {
        action: 'operator.status',
        target: after.username,
        before: { status: before.status },
        after: { status: after.status },
      });
      return success(after);
    },
  );

  app.post(
    '/operators/:username/reset-totp',
    {
      schema: {
        tags,
        security,
        summary: "Takes an operator's TOTP away (ending its sessions): it enrols again at the next sign-in",
        params: Type.Object({ username: S(32) }),
        body: Type.Object({}),
        response: replies(Operator),
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const after = await operators.resetTotp(request.params.username);
      await audit.write(actorOf(request), { action: 'operator.reset-totp', target: after.username });
      return success(after);
    },
  );

  app.get(
    '/audit',
    {
      config: { validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary: 'The audit log, newest first (page with `before`: the last id seen)',
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
          before: Type.Optional(Type.Integer({ minimum: 1 })),
          actor: Type.Optional(S(64)),
          action: Type.Optional(S(64)),
        }),
        response: replies(Type.Array(AuditEntry)),
      },
    },
    async (request) => {
      const { limit = 100, before, actor, action } = request.query;
      return success(await audit.list({ limit, before, actor, action }));
    },
  );
};
