import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { auth, requireMember } from '../http/auth';
import { BankRef, bearer, Profile, replies, success } from '../http/schemas';

const WalletView = Type.Object({
  profile: Profile,
  bankAccount: Type.Object({ bankAccountName: Type.String(), bankAccountNo: Type.String(), bank: BankRef }),
  wallet: Type.Object({
    amount: Type.Integer({ description: 'Main wallet balance in minor units (THB: satang, LAK: kip)' }),
    currency: Type.String(),
  }),
  invite: Type.Object({ amount: Type.Integer(), success: Type.Integer(), fail: Type.Integer() }),
  slots: Type.Array(Type.Unknown(), { description: 'Game accounts (wallet issue)' }),
});

export const walletRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  app.get(
    '/wallet',
    {
      preHandler: requireMember,
      schema: { tags: ['wallet'], security: bearer, summary: 'Member wallet', response: replies(WalletView) },
    },
    async (request) => success(await ctx.accounts.wallet(auth(request).memberId)),
  );
};
