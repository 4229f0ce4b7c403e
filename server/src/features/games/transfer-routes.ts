import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { operationView, OperationViewSchema, runOperation } from '../../core/operations/http';
import type { Operation } from '../../core/operations/store';
import { requireMember } from '../../platform/http/auth';
import { bearer, idempotencyHeader, replies, success, Wallet } from '../../platform/http/schemas';
import { GameAccount } from './schemas';

const TransferResult = Type.Object({
  status: Type.Union([Type.Literal('SUCCESS'), Type.Literal('PENDING'), Type.Literal('PARTIAL')], {
    description:
      'PENDING: a leg waits on a provider and reconciliation finishes it (ask again with the same key, or GET ' +
      '/api/operations/{transferId}); PARTIAL: some legs moved money, others failed — see operation.legs',
  }),
  transferId: Type.String({ description: 'the operation id' }),
  operation: OperationViewSchema,
  wallet: Wallet,
  slots: Type.Array(GameAccount),
});

const AccountCode = Type.String({ minLength: 1, maxLength: 20, description: '"wallet" or a game code' });
const Amount = Type.Integer({ description: 'minor units' });

/** POST /api/wallet/transfer and /api/wallet/transferAll: money between the wallet and the games. */
export const transferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { games, operations } = app;
  const tags = ['wallet'];
  const moneyConfig = { validationCode: 'KEY_INVALID' };

  // A request that ran the operation shows what its settlement read; a replayed one reads the wallet now.
  const answer = async (op: Operation, reply: FastifyReply) => {
    const replayed = reply.getHeader('idempotent-replayed') !== undefined;
    const { wallet, slots } = await games.transfers.after(op.memberId, replayed ? undefined : op.id);
    return success({
      status: op.status as 'SUCCESS' | 'PENDING' | 'PARTIAL',
      transferId: op.id,
      operation: operationView(op),
      wallet,
      slots,
    });
  };

  app.post(
    '/wallet/transfer',
    {
      preHandler: requireMember,
      config: moneyConfig,
      schema: {
        tags,
        security: bearer,
        summary:
          'Move money between the wallet and a game, or game to game (Idempotency-Key: a retry returns the ' +
          'same operation as it stands now)',
        headers: idempotencyHeader,
        body: Type.Object({ from: AccountCode, to: AccountCode, amount: Amount }),
        response: replies(TransferResult),
      },
    },
    async (request, reply) => {
      // The key is found by the operation's own insert (a retry costs nothing more; see runKeyed).
      const op = await runOperation(
        request,
        reply,
        operations,
        (keyed) => games.transfers.transfer(keyed, request.body),
        { kind: 'transfer', lookupFirst: false },
      );
      return answer(op, reply);
    },
  );

  app.post(
    '/wallet/transferAll',
    {
      preHandler: requireMember,
      config: moneyConfig,
      schema: {
        tags,
        security: bearer,
        summary:
          'to "wallet": collect every game balance; to a game: move the whole wallet (Idempotency-Key). One ' +
          'operation with one leg per game.',
        headers: idempotencyHeader,
        body: Type.Object({ to: AccountCode }),
        response: replies(TransferResult),
      },
    },
    async (request, reply) => {
      const op = await runOperation(
        request,
        reply,
        operations,
        (keyed) => games.transfers.transferAll(keyed, request.body.to),
        { kind: 'transfer_all' },
      );
      return answer(op, reply);
    },
  );
};
