import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { operationView, OperationViewSchema, runOperation } from '../../core/operations/http';
import type { Operation } from '../../core/operations/store';
import { AppError } from '../../platform/errors';
import { requireMember } from '../../platform/http/auth';
import { bearer, idempotencyHeader, replies, success, Wallet } from '../../platform/http/schemas';
import { pickLocale } from '../../platform/locale';
import type { ContentShape } from '../content/shapes';

const MoneyStatus = Type.Union([Type.Literal('PENDING'), Type.Literal('SUCCESS'), Type.Literal('FAILED')]);

const WithdrawResult = Type.Object({
  status: Type.Union([Type.Literal('SUCCESS'), Type.Literal('PENDING'), Type.Literal('PARTIAL')], {
    description:
      "The operation: SUCCESS (withdrawal recorded; the bank's part is withdrawal.status), PENDING (a game leg " +
      'of withdrawAll waits on a provider), PARTIAL (games were collected but the withdrawal or a game failed — ' +
      'see operation.legs)',
  }),
  withdrawalId: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Integer({ description: 'the amount asked, minor units' }),
  withdrawal: Type.Union([
    Type.Object({ id: Type.String(), status: MoneyStatus, amount: Type.Integer() }),
    Type.Null(),
  ]),
  operation: OperationViewSchema,
  wallet: Wallet,
});

const Amount = Type.Integer({ description: 'minor units' });

const WithdrawLimits = Type.Object(
  {
    withdrawMin: Type.Integer({ minimum: 1, description: 'minor units' }),
    withdrawMax: Type.Integer({ minimum: 1, description: 'minor units' }),
    currency: Type.Union([Type.Literal('THB'), Type.Literal('LAK')]),
  },
  { additionalProperties: false },
);

/**
 * What operator content `withdraw` may hold (ContentService.set refuses anything else): the limits in minor units of
 * the build's currency, the maximum not below the minimum.
 */
export function withdrawContentShape(currency: 'THB' | 'LAK'): ContentShape {
  return {
    schema: WithdrawLimits,
    check: (v: Static<typeof WithdrawLimits>) => {
      if (v.currency !== currency)
        return { field: '/currency', reason: `this site's currency is ${currency}` };
      if (v.withdrawMax < v.withdrawMin) return { field: '/withdrawMax', reason: 'below withdrawMin' };
      return undefined;
    },
  };
}

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

/** POST /api/wallet/withdraw and /api/wallet/withdrawAll (Idempotency-Key): money operations. */
export const withdrawRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { games, withdrawals, operations } = app;
  const tags = ['wallet'];
  const moneyConfig = { validationCode: 'KEY_INVALID' };

  const answer = async (op: Operation, amount: number) => {
    const leg = op.legs.find((l) => l.step.type === 'withdraw' && l.reference !== null);
    const withdrawal = leg?.reference ? await withdrawals.view(leg.reference) : undefined;
    return success({
      status: op.status as 'SUCCESS' | 'PENDING' | 'PARTIAL',
      withdrawalId: withdrawal?.withdrawalId ?? null,
      amount,
      withdrawal: withdrawal
        ? { id: withdrawal.withdrawalId, status: withdrawal.status, amount: withdrawal.amount }
        : null,
      operation: operationView(op),
      wallet: await games.accounts.wallet(op.memberId),
    });
  };

  app.post(
    '/wallet/withdraw',
    {
      preHandler: requireMember,
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
    async (request, reply) => {
      const op = await runOperation(
        request,
        reply,
        operations,
        (keyed) => withdrawals.operations.withdraw(keyed, request.body.amount),
        { kind: 'withdraw' },
      );
      return answer(op, request.body.amount);
    },
  );

  app.post(
    '/wallet/withdrawAll',
    {
      preHandler: requireMember,
      config: moneyConfig,
      schema: {
        tags,
        security: bearer,
        summary:
          'Collect every game balance into the wallet, then withdraw amount (Idempotency-Key). Refused with ' +
          'nothing moved when the wallet and the games together hold less than amount.',
        headers: idempotencyHeader,
        body: Type.Object({ amount: Amount }),
        response: replies(WithdrawResult),
      },
    },
    async (request, reply) => {
      const op = await runOperation(
        request,
        reply,
        operations,
        (keyed) => withdrawals.operations.withdrawAll(keyed, request.body.amount, games.transfers),
        { kind: 'withdraw_all' },
      );
      return answer(op, request.body.amount);
    },
  );
};
