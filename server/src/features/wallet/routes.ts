import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { auth, requireMember } from '../../platform/http/auth';
import { bearer, replies, success } from '../../platform/http/schemas';
import { WalletView } from './schemas';

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
