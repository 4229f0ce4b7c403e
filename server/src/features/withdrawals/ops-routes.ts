import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { operationView, OperationViewSchema } from '../../core/operations/http';
import { OperationExists, type Operation } from '../../core/operations/store';
import { AppError } from '../../platform/errors';
import { replies, success } from '../../platform/http/schemas';
import { actorOf, requireOperator } from '../operators/guard';

const Status = Type.Union([Type.Literal('PENDING'), Type.Literal('SUCCESS'), Type.Literal('FAILED')]);
const WithdrawalRow = Type.Object({
  id: Type.String(),
  memberId: Type.String(),
  username: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  status: Status,
  bankCode: Type.String(),
  bankAccountNo: Type.String(),
  failure: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  settledAt: Type.Union([Type.String(), Type.Null()]),
  paidAgain: Type.Union(
    [
      Type.Object({
        operationId: Type.String(),
        withdrawalId: Type.Union([Type.String(), Type.Null()]),
        status: Status,
      }),
      Type.Null(),
    ],
    {
      description:
        "A failed withdrawal an operator paid out again: that operation, its new withdrawal and the payout's status (FAILED too when the new withdrawal could not be made); null: not paid out again",
    },
  ),
});

const retryKey = (withdrawalId: string): string => `ops-retry:${withdrawalId}`;

/**
 * The operators' withdrawals (`/api/ops/withdrawals…`, finance and admin): the queues by status, and a failed
 * payout paid out again. A failed payout's money went back to the member's wallet (withdraw_reversal), so paying
 * it again is a new withdrawal of the member's, for the same amount, to the member's registered bank account,
 * through the same money operation as the member's own (the same checks; MONEY_NOT_ENOUGH when the wallet no
 * longer holds it). Its key is `ops-retry:<failed id>`: a failed withdrawal is paid out again at most once, and a
 * repeated request answers the same operation.
 */
export const withdrawalOpsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, withdrawals, operations } = app;
  const tags = ['ops'];
  const security: { [k: string]: string[] }[] = [{ opsSecret: [] }, { opsSession: [] }];
  const roles = ['admin', 'finance'] as const;
  app.addHook('onRequest', requireOperator(app));

  app.get(
    '/withdrawals',
    {
      config: { roles, validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary:
          'Withdrawals by status, newest first (page with `before`: the createdAt of the last one seen)',
        querystring: Type.Object({
          status: Status,
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
          before: Type.Optional(Type.String({ format: 'date-time' })),
        }),
        response: replies(Type.Array(WithdrawalRow)),
      },
    },
    async (request) => {
      const { status, limit = 50, before } = request.query;
      let q = ctx.db
        .selectFrom('withdrawals as w')
        .innerJoin('members as m', 'm.id', 'w.member_id')
        // The operation of "pay out again" (key ops-retry:<id>, the member's), if an operator started one.
        .leftJoin('operations as o', (join) =>
          join
            .onRef('o.member_id', '=', 'w.member_id')
            .on('o.idempotency_key', '=', sql<string>`${'ops-retry:'} || w.id`),
        )
        .leftJoin('withdrawals as r', 'r.operation_id', 'o.id')
        .select([
          'o.id as retry_id',
          'o.status as retry_operation_status',
          'r.id as retry_withdrawal_id',
          'r.status as retry_status',
          'w.id',
          'w.member_id',
          'm.username',
          'w.amount',
          'w.currency',
          'w.status',
          'w.bank_code',
          'w.bank_account_no',
          'w.failure',
          'w.created_at',
          'w.settled_at',
        ])
        .where('w.status', '=', status)
        .orderBy('w.created_at', 'desc')
        .limit(limit);
      if (before !== undefined) q = q.where('w.created_at', '<', new Date(before));
      const rows = await q.execute();
      return success(
        rows.map((w) => ({
          id: w.id,
          memberId: w.member_id,
          username: w.username,
          amount: Number(w.amount),
          currency: w.currency,
          status: w.status as 'PENDING' | 'SUCCESS' | 'FAILED',
          bankCode: w.bank_code,
          bankAccountNo: w.bank_account_no,
          failure: w.failure,
          createdAt: new Date(w.created_at).toISOString(),
          settledAt: w.settled_at === null ? null : new Date(w.settled_at).toISOString(),
          paidAgain:
            w.retry_id === null || w.retry_id === undefined
              ? null
              : {
                  operationId: w.retry_id,
                  withdrawalId: w.retry_withdrawal_id ?? null,
                  status: (w.retry_status ??
                    (w.retry_operation_status === 'FAILED' ? 'FAILED' : 'PENDING')) as
                    'PENDING' | 'SUCCESS' | 'FAILED',
                },
        })),
      );
    },
  );

  app.post(
    '/withdrawals/:id/retry',
    {
      config: { roles, validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary:
          "Pays a failed withdrawal out again, once: a new withdrawal of the member's for the same amount (its money came back to the wallet when the payout failed)",
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        body: Type.Object({}),
        response: replies(
          Type.Object({ replayed: Type.Boolean(), retryOf: Type.String(), operation: OperationViewSchema }),
        ),
      },
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const { id } = request.params;
      const failed = await ctx.db
        .selectFrom('withdrawals')
        .select(['id', 'member_id', 'amount', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!failed) throw new AppError('NO_DATA', 404);
      const memberId = failed.member_id;
      const key = retryKey(id);
      const keyed = {
        memberId,
        key,
        requestHash: createHash('sha256').update(`${key}:${failed.amount}`).digest('hex'),
      };
      let op: Operation | undefined = await operations.store.byKey(memberId, key);
      let replayed = op !== undefined;
      if (!op) {
        if (failed.status !== 'FAILED')
          throw new AppError('KEY_INVALID', 400, 'only a failed withdrawal is paid out again');
        try {
          op = await withdrawals.operations.withdraw(keyed, Number(failed.amount));
        } catch (e) {
          // Another request (a second operator) started it a moment before: that one is the answer, and its audit
          // entry the only one.
          if (!(e instanceof OperationExists)) throw e;
          op = await operations.store.byKey(memberId, key);
          if (!op) throw e;
          replayed = true;
        }
        if (!replayed) {
          await app.audit.write(actorOf(request), {
            action: 'withdrawal.retry',
            target: id,
            before: { status: failed.status },
            after: { operationId: op.id, amount: Number(failed.amount), status: op.status },
          });
        }
      }
      if (op.status === 'FAILED') {
        throw new AppError(op.error ?? 'TRANSFER_FAIL', 400, undefined, { operationId: op.id });
      }
      return success({ replayed, retryOf: id, operation: operationView(op) });
    },
  );
};
