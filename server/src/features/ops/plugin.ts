import fp from 'fastify-plugin';
import { jobsOpsRoutes } from './jobs-routes';
import { opsRoutes } from './routes';

/**
 * Operator endpoints under /api/ops (settings, content, reconciliation, ledger check, background jobs), behind the ops secret. The
 * operator CLI (src/cli/ops.ts, `npm run ops`) calls them.
 */
export const opsPlugin = fp(
  async (app) => {
    await app.register(opsRoutes, { prefix: '/api/ops' });
    await app.register(jobsOpsRoutes, { prefix: '/api/ops' });
  },
  { name: 'ops', fastify: '5.x', dependencies: ['content', 'games', 'withdrawals'] },
);
