import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { auth, requireMember } from '../../platform/http/auth';
import { bearer, Profile, replies, success, TokenData } from '../../platform/http/schemas';
import { LOCALES } from '../../platform/locale';
import type { SessionService } from './session-service';

const S = (description?: string) => Type.String({ maxLength: 200, ...(description ? { description } : {}) });

const registrationFields = {
  name: S(),
  username: S('Phone number: exactly 10 digits outside Laos'),
  password: S('8 to 128 characters'),
  sourceCode: S('A code from /api/lookup/sources'),
  inviteCode: S("Registration link code: any prefix followed by the inviter's _id"),
  bankCode: S('A code from /api/lookup/banks'),
  bankAccountName: S('Upper-cased; English letters and spaces only for KTB, TMB and BBL'),
  bankAccountNo: S("Digits (spaces and dashes dropped), as many as the bank's accountNoLength"),
  currency: S('THB; in the Laos build LAK (default) or BAHT'),
};

const ValidateBody = Type.Partial(Type.Object(registrationFields));

const RegisterBody = Type.Object({
  name: registrationFields.name,
  username: registrationFields.username,
  password: registrationFields.password,
  bankCode: registrationFields.bankCode,
  bankAccountName: registrationFields.bankAccountName,
  bankAccountNo: registrationFields.bankAccountNo,
  sourceCode: Type.Optional(registrationFields.sourceCode),
  inviteCode: Type.Optional(registrationFields.inviteCode),
  currency: Type.Optional(registrationFields.currency),
  otpToken: Type.Optional(S('Verified one-time-code token; required while registerOTP is on')),
});

/** Registration, login, profile, bank account name and password under /api. */
export const accountRoutes: FastifyPluginAsyncTypebox<{ sessions: SessionService }> = async (
  app,
  { sessions },
) => {
  const { ctx, accounts, content } = app;
  const tags = ['account'];
  // A source offered in any language's list: an operator may list a source in one language before the others,
  // and a visitor who registers in that language picks it.
  const sources = async () =>
    (await Promise.all(LOCALES.map((locale) => content.get('sources', locale)))).flatMap((list) =>
      Array.isArray(list) ? (list as unknown[]) : [],
    );
  const invalidInfo = { validationCode: 'INVALID_USER_INFO' };

  app.post(
    '/account/validate',
    {
      config: invalidInfo,
      schema: {
        tags,
        summary: 'Checks the registration fields that are present',
        body: ValidateBody,
        response: replies(Type.Object({ valid: Type.Literal(true) })),
      },
    },
    async (request) => {
      await accounts.checkRegistration(request.body, { requireAll: false, sources, ip: request.ip });
      return success({ valid: true as const });
    },
  );

  app.post(
    '/account',
    {
      config: invalidInfo,
      schema: {
        tags,
        summary: 'Registers a member with a main wallet',
        body: RegisterBody,
        response: replies(Type.Object({ _id: Type.String() })),
      },
    },
    async (request) => {
      const requireOtp = await ctx.settings.get('registerOTP');
      const id = await accounts.register(request.body, { requireOtp, sources, ip: request.ip });
      return success({ _id: id });
    },
  );

  app.post(
    '/login',
    {
      config: { validationCode: 'WRONG_CREDENTIAL' },
      schema: {
        tags,
        summary: 'Logs in with phone and password',
        body: Type.Object({ username: S(), password: S() }),
        response: replies(TokenData),
      },
    },
    async (request) => {
      const token = await sessions.login(
        request.body.username,
        request.body.password,
        request.ip,
        request.headers['user-agent'] ?? null,
      );
      return success({ token });
    },
  );

  app.post(
    '/logout',
    {
      // No body at all is fine too: it is read as {} before the schema check.
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: requireMember,
      schema: {
        tags,
        security: bearer,
        summary:
          "Logs out: revokes this token's session on the server (the token then answers invalid-token)",
        body: Type.Object({}, { description: 'Empty, or no body' }),
        response: replies(Type.Object({ loggedOut: Type.Literal(true) })),
      },
    },
    async (request) => {
      await sessions.logout(auth(request));
      return success({ loggedOut: true as const });
    },
  );

  app.get(
    '/account/profile',
    { preHandler: requireMember, schema: { tags, security: bearer, response: replies(Profile) } },
    async (request) => success(await accounts.profile(auth(request).memberId)),
  );

  app.put(
    '/account/profile',
    {
      preHandler: requireMember,
      config: invalidInfo,
      schema: {
        tags,
        security: bearer,
        summary: 'Changes the name; bank fields may be sent but must equal the stored ones',
        body: Type.Object({
          name: Type.Optional(S()),
          bankCode: Type.Optional(S()),
          bankAccountName: Type.Optional(S()),
          bankAccountNo: Type.Optional(S()),
        }),
        response: replies(Profile),
      },
    },
    async (request) => success(await accounts.updateProfile(auth(request).memberId, request.body)),
  );

  app.put(
    '/account/bankAccountName',
    {
      preHandler: requireMember,
      config: { validationCode: 'BANK_ACCOUNT_NAME_ENG' },
      schema: {
        tags,
        security: bearer,
        summary: 'Sets the bank account name (English letters and spaces, upper-cased)',
        body: Type.Object({ bankCode: S(), bankAccountName: S() }),
        response: replies(Profile),
      },
    },
    async (request) =>
      success(
        await accounts.updateBankAccountName(
          auth(request).memberId,
          request.body.bankCode,
          request.body.bankAccountName,
        ),
      ),
  );

  app.put(
    '/account/changepwd',
    {
      preHandler: requireMember,
      config: invalidInfo,
      schema: {
        tags,
        security: bearer,
        summary: "Changes the password, revokes the member's other sessions, returns a fresh token",
        body: Type.Object({ oldPassword: S(), newPassword: S() }),
        response: replies(TokenData),
      },
    },
    async (request) =>
      success({
        token: await sessions.changePassword(
          auth(request),
          request.body.oldPassword,
          request.body.newPassword,
        ),
      }),
  );
};
