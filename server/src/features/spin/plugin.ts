import fp from 'fastify-plugin';
import { Coins } from './coins';
import { spinOpsRoutes } from './ops-routes';
import { spinRoutes } from './routes';
import { SpinService } from './spin-service';
import { Wheels } from './wheels';

declare module 'fastify' {
  interface FastifyInstance {
    /** The prize wheel: setup, spins, coupons, claims, seeds (docs/spin.md). */
    spin: SpinService;
    /** The operator's wheels. */
    wheels: Wheels;
    /** Members' coins. */
    coins: Coins;
  }
}

/**
 * Spin: /api/spinwheel/…. It installs the coin rule on every deposit the ledger posts (coins credited in the
 * deposit's transaction) and the coin count of the profile (`app.accounts`).
 */
export const spinPlugin = fp(
  async (app) => {
    const { ctx } = app;
    const wheels = new Wheels(ctx.db, ctx.clock);
    const coins = new Coins(ctx.db);
    const spin = new SpinService(
      ctx.db,
      ctx.ledger,
      wheels,
      coins,
      app.bonuses,
      ctx.settings,
      ctx.holds,
      ctx.events,
      ctx.clock,
    );
    ctx.ledger.onPosted('deposit', async (trx, posted) =>
      coins.onDeposit(trx, posted, await ctx.ledger.memberCurrency(trx, posted.memberId)),
    );
    app.accounts.useCoinBalance((memberId) => coins.balance(memberId));
    app.decorate('spin', spin);
    app.decorate('wheels', wheels);
    app.decorate('coins', coins);
    app.addHook('onReady', async () => wheels.seed());
    await app.register(spinRoutes, { prefix: '/api' });
    await app.register(spinOpsRoutes, { prefix: '/api/ops' });
  },
  { name: 'spin', fastify: '5.x', dependencies: ['accounts', 'bonus'] },
);
