import fp from 'fastify-plugin';
import { walletOpsRoutes } from './ops-routes';
import { walletRoutes } from './routes';
import { WalletReadModel } from './wallet-view';

declare module 'fastify' {
  interface FastifyInstance {
    /** The read model behind GET /api/wallet. */
    wallet: WalletReadModel;
  }
}

/** Wallet: GET /api/wallet, one statement over the accounts, games, ledger and invite tables (no table of its own). */
export const walletPlugin = fp(
  async (app) => {
    const { ctx } = app;
    const wallet = new WalletReadModel(ctx.db, ctx.clock, ctx.settings, app.content, app.games.accounts);
    app.decorate('wallet', wallet);
    // The home's first screen, painted by the server for the member of the page cookie (platform/static.ts).
    app.decorate('memberPageFacts', (memberId: string) => wallet.pageFacts(memberId));
    await app.register(walletRoutes, { prefix: '/api' });
    await app.register(walletOpsRoutes, { prefix: '/api/ops' });
  },
  { name: 'wallet', fastify: '5.x', dependencies: ['content', 'accounts', 'games', 'invite', 'operators'] },
);
