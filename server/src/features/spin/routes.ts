import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeyOf, idempotent } from '../../core/idempotency';
import { auth, requireMember } from '../../platform/http/auth';
import { bearer, idempotencyHeader, Page, replies, success } from '../../platform/http/schemas';
import { pickLocale } from '../../platform/locale';
import { ClaimResult, Coupon, Draw, Fairness, SpinResult, SpinSetup } from './schemas';

/** GET/POST /api/spinwheel/… (spec §7; docs/spin.md). */
export const spinRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, spin } = app;
  const member = { preHandler: requireMember };
  /** Spins and claims: auth, then the Idempotency-Key check; a retry gets the first answer and spends nothing. */
  const moneyMoving = idempotent(requireMember);
  const locale = (request: FastifyRequest) =>
    pickLocale(request.headers['accept-language'], ctx.defaultLocale);
  const tags = ['spinwheel'];

  app.get(
    '/spinwheel/active',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'Whether the prize wheel is on (the spin.active setting and an active wheel)',
        response: replies(Type.Object({ isActive: Type.Boolean() })),
      },
    },
    async () => success({ isActive: await spin.isActive() }),
  );

  app.get(
    '/spinwheel/setup',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'The active wheel, the member’s coins and the commitment of the next spin',
        response: replies(SpinSetup),
      },
    },
    async (request) => success(await spin.setup(auth(request).memberId, locale(request))),
  );

  app.post(
    '/spinwheel/spin',
    {
      ...moneyMoving,
      schema: {
        tags,
        security: bearer,
        summary: 'Spend one coin and spin: the server draws the slice (provably fair, docs/spin.md)',
        headers: idempotencyHeader,
        body: Type.Optional(Type.Object({})),
        response: replies(SpinResult),
      },
    },
    async (request) => success(await spin.spin(auth(request).memberId, locale(request))),
  );

  app.get(
    '/spinwheel/coupon',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'The member’s claimable coupons, newest first',
        response: replies(Type.Array(Coupon)),
      },
    },
    async (request) => success(await spin.coupons(auth(request).memberId, locale(request))),
  );

  app.post(
    '/spinwheel/coupon/claim',
    {
      ...moneyMoving,
      schema: {
        tags,
        security: bearer,
        summary: 'Claim a coupon’s prize (exactly once)',
        headers: idempotencyHeader,
        body: Type.Object({ coupon: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: replies(ClaimResult),
      },
    },
    async (request) =>
      success(
        await spin.claim(auth(request).memberId, request.body.coupon, locale(request), {
          idempotencyKey: idempotencyKeyOf(request),
        }),
      ),
  );

  app.get(
    '/spinwheel/fairness',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'The next spin’s commitment (server seed hash, client seed, nonce) and the revealed seeds',
        response: replies(Fairness),
      },
    },
    async (request) => success(await spin.fairness(auth(request).memberId)),
  );

  app.post(
    '/spinwheel/fairness/rotate',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary:
          'Reveal the current server seed and commit to a new one (optionally with the member’s client seed)',
        body: Type.Object({ clientSeed: Type.Optional(Type.String({ maxLength: 64 })) }),
        response: replies(Fairness),
      },
    },
    async (request) => success(await spin.rotate(auth(request).memberId, request.body.clientSeed)),
  );

  app.post(
    '/spinwheel/draws',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'The member’s spins, newest first, with what recomputes each once its seed is revealed',
        body: Page,
        response: replies(Type.Object({ total: Type.Integer(), draws: Type.Array(Draw) })),
      },
    },
    async (request) =>
      success(await spin.draws(auth(request).memberId, request.body.page, request.body.limit)),
  );
};
