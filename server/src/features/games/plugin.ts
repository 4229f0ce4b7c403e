import fp from 'fastify-plugin';
import { BalanceRefresh } from './balance-refresh';
import { noGameLinks, sandboxGameLinks } from './catalogue';
import { GameAccounts } from './game-accounts';
import { GameLegs } from './game-legs';
import { RoundReports } from './round-reports';
import type { ProviderOutcome } from '../../platform/metrics';
import { UnconfiguredGameProvider, type GameProvider, type TransferOutcome } from './provider';
import { autoLoginRoutes, gameAccountRoutes, gameMediaRoutes } from './routes';
import { SandboxGames } from './sandbox-provider';
import { gamesSandboxRoutes } from './sandbox-routes';
import { transferRoutes } from './transfer-routes';
import { TransferService } from './transfer-service';

const GAME_CALLS = [
  'activate',
  'credentials',
  'resetPassword',
  'balance',
  'transferIn',
  'transferOut',
  'transferStatus',
  'autoLoginLink',
] as const satisfies readonly (keyof GameProvider)[];

/** A transfer's answer: refused, or unknown (a timeout when it says so, else an error); other answers are ok. */
function judgeGameCall(call: string, answer: unknown): ProviderOutcome {
  if (call !== 'transferIn' && call !== 'transferOut') return 'ok';
  const outcome = answer as TransferOutcome;
  if (outcome.status === 'ok') return 'ok';
  if (outcome.status === 'refused') return 'refused';
  return /time(d)? ?out/i.test(outcome.reason) ? 'timeout' : 'error';
}

/** The games feature's services. */
export interface Games {
  /** Game accounts: open, credentials, password, auto-login, the game list with mirror balances. */
  accounts: GameAccounts;
  /** Wins and losses: provider balances read back into the ledger. */
  balances: BalanceRefresh;
  /** Transfers between the wallet and the games, as money operations. */
  transfers: TransferService;
  /** Rounds the providers report (bets and wins): the turnover of bonuses is measured from them. */
  rounds: RoundReports;
  /** The transfer legs (game_in, game_out) the operations run: `settleStats` counts their batched settlements. */
  legs: Pick<GameLegs, 'settleStats'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    games: Games;
    /** Set while SANDBOX is on: the sandbox game providers (faults, play page). */
    sandboxGames: SandboxGames | undefined;
  }
}

/**
 * Games: the member's game accounts and transfers under /api/wallet, auto-login links, game media, the sandbox
 * providers' pages while SANDBOX is on. Its transfer legs (game_in, game_out) are step handlers of the money
 * operations, which reconciliation finishes (core/operations).
 */
export const gamesPlugin = fp(
  async (app) => {
    const { ctx, operations } = app;
    const sandboxGames = ctx.config.sandbox
      ? new SandboxGames(ctx.db, ctx.clock, {
          latencyMs: ctx.config.gameLatencyMs,
          secret: ctx.secrets.jwtSecret,
          sessionTtlMs: 2 * 3600_000,
          groupCommit: ctx.config.groupCommit,
        })
      : undefined;
    const providerCache = new Map<string, GameProvider>();
    const provider = (code: string): GameProvider => {
      let p = providerCache.get(code);
      if (!p) {
        // Every call counted and timed under the provider's code (wallet_provider_calls_total).
        p = ctx.metrics.instrument(
          sandboxGames ? sandboxGames.provider(code) : new UnconfiguredGameProvider(code),
          code,
          GAME_CALLS,
          judgeGameCall,
        );
        providerCache.set(code, p);
      }
      return p;
    };
    const links = sandboxGames ? sandboxGameLinks : noGameLinks;
    const accounts = new GameAccounts(ctx.db, ctx.ledger, provider, ctx.clock, app.log, links);
    const balances = new BalanceRefresh(ctx.db, ctx.ledger, accounts, provider, ctx.clock, app.log);
    const legs = new GameLegs(ctx.db, ctx.ledger, provider, ctx.clock, app.log, ctx.config.groupCommit);
    operations.register('game_in', legs);
    operations.register('game_out', legs);
    operations.addSweeper(() => legs.settleOrphans());
    const transfers = new TransferService(ctx.db, ctx.ledger, accounts, balances, operations, legs);
    const rounds = new RoundReports(ctx.db, ctx.events);
    if (sandboxGames) sandboxGames.reportRound = (r) => rounds.report(r);
    app.decorate('games', { accounts, balances, transfers, rounds, legs });
    app.decorate('sandboxGames', sandboxGames);
    app.addHook('onClose', async () => sandboxGames?.close());

    await app.register(gameAccountRoutes, { prefix: '/api' });
    await app.register(transferRoutes, { prefix: '/api' });
    await app.register(autoLoginRoutes, { prefix: '/api' });
    await app.register(gameMediaRoutes);
    if (sandboxGames) await app.register(gamesSandboxRoutes, { prefix: '/sandbox', sandbox: sandboxGames });
  },
  { name: 'games', fastify: '5.x', dependencies: ['accounts', 'operations'] },
);
