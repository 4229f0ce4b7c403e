import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeyOf, idempotent } from '../../core/idempotency';
import { auth, requireMember } from '../../platform/http/auth';
import { bearer, idempotencyHeader, replies, success } from '../../platform/http/schemas';
import { pickLocale } from '../../platform/locale';
import {
  ActiveCheck,
  Activation,
  Bonus,
  ClearResult,
  MinimumCheck,
  PromotionCurrent,
  PromotionFind,
} from './schemas';

const Code = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) });

/** GET /api/bonus…, /api/promotion… (spec §7; rules in docs/bonus.md). */
export const bonusRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, bonuses, promotions } = app;
  const member = { preHandler: requireMember };
  /** Money-moving routes: auth, then the Idempotency-Key check; a retry gets the first answer again. */
  const moneyMoving = idempotent(requireMember);
  const locale = (request: FastifyRequest) =>
    pickLocale(request.headers['accept-language'], ctx.defaultLocale);
  const tags = ['bonus'];

  app.get(
    '/bonus',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'The bonuses the member may see, with their receipts by the member',
        response: replies(Type.Array(Bonus)),
      },
    },
    async (request) => success(await bonuses.list(auth(request).memberId, locale(request))),
  );

  app.get(
    '/bonus/activate/:code',
    {
      ...moneyMoving,
      schema: {
        tags,
        security: bearer,
        summary: 'Receive the bonus: credits it to the wallet and opens its turnover condition',
        params: Code,
        headers: idempotencyHeader,
        response: replies(Activation),
      },
    },
    async (request) =>
      success(
        await bonuses.activate(auth(request).memberId, request.params.code, {
          idempotencyKey: idempotencyKeyOf(request),
        }),
      ),
  );

  app.get(
    '/bonus/check/active',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'The member’s open bonus and its turnover progress',
        response: replies(ActiveCheck),
      },
    },
    async (request) => success(await bonuses.checkActive(auth(request).memberId, locale(request))),
  );

  app.get(
    '/bonus/check/minimum',
    {
      ...member,
      schema: {
        tags,
        security: bearer,
        summary: 'The member’s qualifying deposit and the bonuses it qualifies for',
        response: replies(MinimumCheck),
      },
    },
    async (request) => success(await bonuses.checkMinimum(auth(request).memberId)),
  );

  app.get(
    '/bonus/clear',
    {
      ...moneyMoving,
      schema: {
        tags,
        security: bearer,
        summary: 'End the open bonus: finished when its turnover is met, else cancelled (docs/bonus.md)',
        headers: idempotencyHeader,
        response: replies(ClearResult),
      },
    },
    async (request) => success(await bonuses.clear(auth(request).memberId)),
  );

  app.get(
    '/promotion/find/:code',
    {
      ...member,
      schema: {
        tags: ['promotion'],
        security: bearer,
        summary: 'A promotion by its code (any case); an empty object when there is none',
        params: Code,
        response: replies(PromotionFind),
      },
    },
    async (request) => success((await promotions.find(request.params.code, locale(request))) ?? {}),
  );

  app.get(
    '/promotion/activate/:code',
    {
      ...moneyMoving,
      schema: {
        tags: ['promotion'],
        security: bearer,
        summary: 'Receive the promotion’s bonus (once per member)',
        params: Code,
        headers: idempotencyHeader,
        response: replies(Activation),
      },
    },
    async (request) =>
      success(
        await promotions.activate(auth(request).memberId, request.params.code, {
          idempotencyKey: idempotencyKeyOf(request),
        }),
      ),
  );

  app.get(
    '/promotion/current',
    {
      ...member,
      schema: {
        tags: ['promotion'],
        security: bearer,
        summary: 'The promotion behind the member’s open bonus',
        response: replies(PromotionCurrent),
      },
    },
    async (request) => success(await promotions.current(auth(request).memberId, locale(request))),
  );
};
