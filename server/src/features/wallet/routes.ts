import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { auth, requireMember } from '../../platform/http/auth';
import { BankRef, bearer, Profile, replies, success, Wallet } from '../../platform/http/schemas';
import { GameAccount } from '../games/schemas';

const WalletView = Type.Object({
  profile: Profile,
  bankAccount: Type.Object({ bankAccountName: Type.String(), bankAccountNo: Type.String(), bank: BankRef }),
  wallet: Wallet,
  invite: Type.Object({ amount: Type.Integer(), success: Type.Integer(), fail: Type.Integer() }),
  slots: Type.Array(GameAccount, { description: 'All 16 games, active or not' }),
  spin: Type.Object({ isActive: Type.Boolean() }),
  updatedAt: Type.String({ format: 'date-time' }),
});

/** GET /api/wallet (docs/wallet-api.md). */
export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { wallet } = app;
  const tags = ['wallet'];
  const member = { preHandler: requireMember };

  app.get(
    '/wallet',
    {
      ...member,
      schema: { tags, security: bearer, summary: 'Member wallet', response: replies(WalletView) },
    },
    async (request) => success(await wallet.view(auth(request).memberId)),
  );
};
