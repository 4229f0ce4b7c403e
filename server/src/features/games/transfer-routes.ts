import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { idempotencyKeyOf, idempotent } from '../../core/idempotency';
import { auth, requireMember } from '../../platform/http/auth';
import { bearer, idempotencyHeader, replies, success, Wallet } from '../../platform/http/schemas';
import { GameAccount } from './schemas';

const TransferResult = Type.Object({
  status: Type.Union([Type.Literal('SUCCESS'), Type.Literal('PENDING')], {
    description: 'PENDING: provider outcome unknown, settled by reconciliation',
  }),
  transferId: Type.String(),
  wallet: Wallet,
  slots: Type.Array(GameAccount),
});

const AccountCode = Type.String({ minLength: 1, maxLength: 20, description: '"wallet" or a game code' });
const Amount = Type.Integer({ description: 'minor units' });

/** POST /api/wallet/transfer and /api/wallet/transferAll: money between the wallet and the games. */
export const transferRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { games } = app;
  const tags = ['wallet'];
  const money = idempotent(requireMember);
  const moneyConfig = { validationCode: 'KEY_INVALID' };

  app.post(
    '/wallet/transfer',
    {
      ...money,
      config: moneyConfig,
      schema: {
        tags,
        security: bearer,
        summary: 'Move money between the wallet and a game (Idempotency-Key)',
        headers: idempotencyHeader,
        body: Type.Object({ from: AccountCode, to: AccountCode, amount: Amount }),
        response: replies(TransferResult),
      },
    },
    async (request) =>
      success(await games.transfer(auth(request).memberId, request.body, idempotencyKeyOf(request))),
  );

  app.post(
    '/wallet/transferAll',
    {
      ...money,
      config: moneyConfig,
      schema: {
        tags,
        security: bearer,
        summary:
          'to "wallet": collect every game balance; to a game: move the whole wallet (Idempotency-Key)',
        headers: idempotencyHeader,
        body: Type.Object({ to: AccountCode }),
        response: replies(TransferResult),
      },
    },
    async (request) =>
      success(await games.transferAll(auth(request).memberId, request.body.to, idempotencyKeyOf(request))),
  );
};
