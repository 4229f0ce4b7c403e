import fp from 'fastify-plugin';
import { IntervalJob } from '../../platform/jobs';
import { GameService } from './game-service';
import { UnconfiguredGameProvider, type GameProvider } from './provider';
import { autoLoginRoutes, gameAccountRoutes, gameMediaRoutes } from './routes';
import { SandboxGames } from './sandbox-provider';
import { gamesSandboxRoutes } from './sandbox-routes';
import { transferRoutes } from './transfer-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Game accounts, transfers between the wallet and the games, reconciliation of pending transfers. */
    games: GameService;
    /** Set while SANDBOX is on: the sandbox game providers (faults, play page). */
    sandboxGames: SandboxGames | undefined;
    /** The background reconciliation of pending game transfers (JOB_INTERVAL_MS). */
    reconcileJob: IntervalJob;
  }
}

/**
 * Games: the member's game accounts and transfers under /api/wallet, auto-login links, game media, the sandbox
 * providers' pages while SANDBOX is on, and the reconciliation job (started when the app is ready, stopped on
 * close; it never runs inside a member's request).
 */
export const gamesPlugin = fp(
  async (app) => {
    const { ctx } = app;
    const sandboxGames = ctx.config.sandbox
      ? new SandboxGames(ctx.db, ctx.clock, {
          latencyMs: ctx.config.gameLatencyMs,
          secret: ctx.secrets.jwtSecret,
          sessionTtlMs: 2 * 3600_000,
        })
      : undefined;
    const providerCache = new Map<string, GameProvider>();
    const provider = (code: string): GameProvider => {
      let p = providerCache.get(code);
      if (!p) {
        p = sandboxGames ? sandboxGames.provider(code) : new UnconfiguredGameProvider(code);
        providerCache.set(code, p);
      }
      return p;
    };
    const games = new GameService(ctx.db, ctx.ledger, provider, ctx.clock, app.log);
    const reconcileJob = new IntervalJob(
      'reconcile',
      ctx.config.jobIntervalMs,
      () => games.reconcilePending(),
      app.log,
    );
    app.decorate('games', games);
    app.decorate('sandboxGames', sandboxGames);
    app.decorate('reconcileJob', reconcileJob);
    app.addHook('onReady', async () => reconcileJob.start());
    app.addHook('onClose', async () => reconcileJob.stop());

    await app.register(gameAccountRoutes, { prefix: '/api' });
    await app.register(transferRoutes, { prefix: '/api' });
    await app.register(autoLoginRoutes, { prefix: '/api' });
    await app.register(gameMediaRoutes);
    if (sandboxGames) await app.register(gamesSandboxRoutes, { prefix: '/sandbox', sandbox: sandboxGames });
  },
  { name: 'games', fastify: '5.x', dependencies: ['accounts'] },
);
