import fp from 'fastify-plugin';
import { BonusEngine } from './bonus-engine';
import { BonusCatalogue } from './definitions';
import { Promotions } from './promotions';
import { bonusOpsRoutes } from './ops-routes';
import { bonusRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bonus engine: receive, turnover, clear (docs/bonus.md). */
    bonuses: BonusEngine;
    /** Promotion codes that grant a bonus. */
    promotions: Promotions;
    /** Bonus definitions and promotions as operators keep them. */
    bonusCatalogue: BonusCatalogue;
  }
}

/**
 * Bonus: GET /api/bonus…, /api/promotion…. It installs what it knows into the features that need it: the hold an
 * open bonus puts on the member's money (`ctx.holds`, asked by withdrawals and the refund), and the turnover
 * accrual on every game round reported (`app.games.rounds`).
 */
export const bonusPlugin = fp(
  async (app) => {
    const { ctx, games } = app;
    const catalogue = new BonusCatalogue(ctx.db, ctx.clock);
    const engine = new BonusEngine(
      ctx.db,
      ctx.ledger,
      catalogue,
      {
        total: async (memberId) => {
          const slots = await games.balances.refreshAll(memberId);
          return slots.reduce((sum, s) => sum + s.amount, 0);
        },
      },
      ctx.events,
      ctx.clock,
    );
    const promotions = new Promotions(catalogue, engine, ctx.clock);
    ctx.holds.add((ex, memberId) => engine.hold(ex, memberId));
    games.rounds.onRound((trx, round) => engine.accrue(trx, round));
    app.decorate('bonuses', engine);
    app.decorate('promotions', promotions);
    app.decorate('bonusCatalogue', catalogue);
    app.addHook('onReady', async () => catalogue.seed());
    await app.register(bonusRoutes, { prefix: '/api' });
    await app.register(bonusOpsRoutes, { prefix: '/api/ops' });
  },
  { name: 'bonus', fastify: '5.x', dependencies: ['accounts', 'games'] },
);
