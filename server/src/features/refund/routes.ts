import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { idempotent } from '../../core/idempotency';
import { auth, requireMember, whileOn } from '../../platform/http/auth';
import { bearer, Page, replies, success } from '../../platform/http/schemas';
import { pickLocale } from '../../platform/locale';
import { Banner } from '../content/schemas';
import { RefundCheck } from './schemas';

/** POST /api/refund and GET /api/refund/check, /receive, /addWallet, /banners (cashback). */
export const refundRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, refunds, banners } = app;
  const member = { preHandler: requireMember };
  /** Money-moving routes: auth, then the Idempotency-Key check (docs/ledger.md); the first response is replayed. */
  const moneyMoving = idempotent(requireMember);
  /**
   * Receiving this week's cashback while the operator has cashback on (`refund.active`; off → 403
   * REFUND_INACTIVE, after the Idempotency-Key check: the refusal is the key's answer, replayed). Moving cashback
   * already received into the wallet (addWallet) stays open: it is the member's.
   */
  const switchable = idempotent(requireMember, whileOn('refund.active', 'REFUND_INACTIVE'));
  const locale = (request: FastifyRequest) =>
    pickLocale(request.headers['accept-language'], ctx.defaultLocale);

  app.post(
    '/refund',
    {
      ...member,
      schema: {
        tags: ['refund'],
        security: bearer,
        summary: 'Refunds received, newest first',
        body: Page,
        response: replies(
          Type.Object({
            refunds: Type.Array(Type.Object({ refundAmount: Type.Integer(), createdAt: Type.String() })),
            total: Type.Integer(),
          }),
        ),
      },
    },
    async (request) =>
      success(await refunds.list(auth(request).memberId, request.body.page, request.body.limit)),
  );

  app.get(
    '/refund/check',
    {
      ...member,
      schema: {
        tags: ['refund'],
        security: bearer,
        summary: 'Refund state',
        response: replies(RefundCheck),
      },
    },
    async (request) => {
      const check = await refunds.check(auth(request).memberId, locale(request));
      // While the operator has cashback off, receive answers REFUND_INACTIVE: `result` says it would not succeed.
      const on = await ctx.settings.get('refund.active');
      return success(on ? check : { ...check, result: false });
    },
  );

  app.get(
    '/refund/receive',
    {
      ...switchable,
      schema: {
        tags: ['refund'],
        security: bearer,
        summary:
          'Accrue last week’s refund into the refund balance (once per week; REFUND_INACTIVE while refund.active is off)',
        response: replies(
          Type.Object({ message: Type.Literal('REFUND_SUCCESS'), refundAmount: Type.Integer() }),
        ),
      },
    },
    async (request) => success(await refunds.receive(auth(request).memberId)),
  );

  app.get(
    '/refund/addWallet',
    {
      ...moneyMoving,
      schema: {
        tags: ['refund'],
        security: bearer,
        summary: 'Move the refund balance into the wallet',
        response: replies(Type.Object({ message: Type.Literal('REFUND_SUCCESS'), amount: Type.Integer() })),
      },
    },
    async (request) => success(await refunds.addWallet(auth(request).memberId)),
  );

  app.get(
    '/refund/banners',
    { schema: { tags: ['refund'], summary: 'Refund banners', response: replies(Type.Array(Banner)) } },
    async (request) => success(await banners.list('refund', locale(request))),
  );
};
