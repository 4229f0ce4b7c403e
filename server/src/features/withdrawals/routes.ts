import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { idempotencyKeyOf, idempotent } from '../../core/idempotency';
import { AppError } from '../../platform/errors';
import { auth, requireMember } from '../../platform/http/auth';
import { bearer, idempotencyHeader, replies, success, Wallet } from '../../platform/http/schemas';
import { pickLocale } from '../../platform/locale';

const WithdrawResult = Type.Object({
  withdrawalId: Type.String(),
  status: Type.Union([Type.Literal('PENDING'), Type.Literal('SUCCESS'), Type.Literal('FAILED')]),
  amount: Type.Integer(),
  wallet: Wallet,
});

const Amount = Type.Integer({ description: 'minor units' });

const WithdrawLimits = Type.Object({
  withdrawMin: Type.Integer({ description: 'minor units' }),
  withdrawMax: Type.Integer({ description: 'minor units' }),
  currency: Type.String(),
});

/** GET /api/lookup/withdraw: the withdraw limits (operator content `withdraw`). */
export const withdrawLookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, content } = app;
  const headers = Type.Object({ 'accept-language': Type.Optional(Type.String()) });
  app.get(
    '/lookup/withdraw',
    {
      schema: {
        tags: ['lookup'],
        summary: 'Withdraw limits in minor units of the build currency',
        headers,
        response: replies(WithdrawLimits),
      },
    },
    async (request) => {
      const value = await content.get(
        'withdraw',
        pickLocale(request.headers['accept-language'], ctx.defaultLocale),
      );
      if (value === undefined) throw new AppError('NO_DATA', 404);
      return success(value);
    },
  );
};

/** POST /api/wallet/withdraw and /api/wallet/withdrawAll (Idempotency-Key). */
export const withdrawRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { games, withdrawals } = app;
  const tags = ['wallet'];
  const money = idempotent(requireMember);
  const moneyConfig = { validationCode: 'KEY_INVALID' };

  app.post(
    '/wallet/withdraw',
    {
      ...money,
      config: moneyConfig,
      schema: {
        tags,
        security: bearer,
        summary: 'Withdraw to the registered bank account (Idempotency-Key)',
        headers: idempotencyHeader,
        body: Type.Object({ amount: Amount }),
        response: replies(WithdrawResult),
      },
    },
    async (request) =>
      success(
        await withdrawals.withdraw(auth(request).memberId, request.body.amount, idempotencyKeyOf(request)),
      ),
  );

  app.post(
    '/wallet/withdrawAll',
    {
      ...money,
      config: moneyConfig,
      schema: {
        tags,
        security: bearer,
        summary: 'Collect every game balance into the wallet, then withdraw amount (Idempotency-Key)',
        headers: idempotencyHeader,
        body: Type.Object({ amount: Amount }),
        response: replies(WithdrawResult),
      },
    },
    async (request) => {
      const { memberId } = auth(request);
      const key = idempotencyKeyOf(request);
      await games.collectAll(memberId, key);
      return success(await withdrawals.withdraw(memberId, request.body.amount, key));
    },
  );
};
