import fp from 'fastify-plugin';
import { statementRoutes } from './routes';

/** Statement: POST /api/statement (ledger entries) and the member's slip list. */
export const statementPlugin = fp(
  async (app) => {
    await app.register(statementRoutes, { prefix: '/api' });
  },
  { name: 'statement', fastify: '5.x', dependencies: ['deposits', 'bonus', 'spin'] },
);
