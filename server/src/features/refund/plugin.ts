import fp from 'fastify-plugin';
import { moneyLedger } from '../../core/money-in-ledger';
import { Refunds } from './refunds';
import { refundRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Weekly cashback on game losses. */
    refunds: Refunds;
  }
}

/** Refund (cashback): POST /api/refund, GET /api/refund/check, /receive, /addWallet and /banners. */
export const refundPlugin = fp(
  async (app) => {
    const { ctx } = app;
    app.decorate(
      'refunds',
      new Refunds(ctx.db, ctx.clock, moneyLedger(ctx.ledger), app.members, ctx.holds, app.games.rounds),
    );
    await app.register(refundRoutes, { prefix: '/api' });
  },
  { name: 'refund', fastify: '5.x', dependencies: ['content', 'accounts', 'games'] },
);
