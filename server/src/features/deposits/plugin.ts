import fp from 'fastify-plugin';
import { depositRoutes } from './routes';
import { depositSandboxRoutes } from './sandbox-routes';
import { buildDeposits, type DepositServices } from './services';
import { slipRoutes } from './slip-routes';
import { webhookRoutes } from './webhook-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** QR payments, bank transfers, slips and gift links; every credit then meets the invite rule. */
    deposits: DepositServices;
  }
}

/**
 * Deposits: GET /api/lookup/deposit, QR payment channels, bank-transfer notices, slips, wallet gift links, the
 * signed payment and bank webhooks, and the sandbox payment systems while SANDBOX is on.
 */
export const depositsPlugin = fp(
  async (app) => {
    app.decorate('deposits', buildDeposits(app.ctx, app.content, app.invites, app.members, app.log));
    await app.register(depositRoutes, { prefix: '/api' });
    await app.register(slipRoutes, { prefix: '/api' });
    await app.register(webhookRoutes, { prefix: '/api' });
    if (app.ctx.config.sandbox) await app.register(depositSandboxRoutes, { prefix: '/sandbox' });
  },
  { name: 'deposits', fastify: '5.x', dependencies: ['content', 'accounts', 'invite'] },
);
