import { sql } from 'kysely';
import type { Ledger } from '../../core/ledger';
import type { Keyed } from '../../core/operations/http';
import type { Plan } from '../../core/operations/plan';
import type { OperationRunner } from '../../core/operations/runner';
import type { Operation } from '../../core/operations/store';
import type { Db } from '../../platform/db';
import { AppError, isAppError } from '../../platform/errors';
import type { BalanceRefresh } from './balance-refresh';
import { gameAccountCode, gameOf, type GameAccounts, type GameAccountView } from './game-accounts';
import type { SettledView } from './game-leg-settlements';
import { pendingOfGame, type GameLegs } from './game-legs';

/** A json column: parsed by pg, a string from PGlite in some paths. */
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export interface GamesOptions {
  /** Smallest transfer in minor units per currency (spec §9: 1 baht). */
  minimum: Record<string, number>;
}

export const DEFAULT_GAMES_OPTIONS: GamesOptions = { minimum: { THB: 100, LAK: 1 } };

/**
 * Transfers between the wallet and games as money operations (docs/ledger.md "Operations"): each request is
 * checked, planned as legs and handed to the operation runner, which records it with the member's
 * Idempotency-Key in the same transaction as the first leg. Nothing here moves money before the plan starts.
 */
export class TransferService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly accounts: GameAccounts,
    private readonly balances: BalanceRefresh,
    private readonly runner: OperationRunner,
    private readonly legs: Pick<GameLegs, 'takeView'>,
    private readonly opts: GamesOptions = DEFAULT_GAMES_OPTIONS,
  ) {}

  private checkAmount(amount: number, currency: string): void {
    if (!Number.isSafeInteger(amount) || amount < (this.opts.minimum[currency] ?? 1)) {
      throw new AppError('TRANSFER_MINIMUM', 400);
    }
  }

  /**
   * What can leave a game now: its mirror less the transfers out already on their way, synced with the provider
   * first when that is less than `amount` (unseen wins count).
   */
  async available(memberId: string, code: string, amount: number): Promise<number> {
    const ref = { member: memberId, code: gameAccountCode(code) } as const;
    const free = async () =>
      (await this.ledger.balance(this.db, ref)) - (await pendingOfGame(this.db, memberId, code));
    const now = await free();
    if (now >= amount) return now;
    await this.balances.refresh(memberId, code).catch(() => false);
    return free();
  }

  /**
   * POST /wallet/transfer: wallet → game, game → wallet, or game → game (out to the wallet, then in; if the
   * second game refuses, the money goes back to the first).
   */
  async transfer(keyed: Keyed, input: { from: string; to: string; amount: number }): Promise<Operation> {
    const { memberId } = keyed;
    const from = input.from === 'wallet' ? 'wallet' : gameOf(input.from).code;
    const to = input.to === 'wallet' ? 'wallet' : gameOf(input.to).code;
    if (from === to) throw new AppError('TRANSFER_SAME_ACCOUNT', 400);
    this.checkAmount(input.amount, await this.ledger.memberCurrency(this.db, memberId));
    const amount = input.amount;
    // The first leg checks, in the operation's transaction, that the game account is open (SLOT_NO_ACCOUNT) and,
    // out of a game, that the money is there (MONEY_NOT_ENOUGH): nothing is written when it is not.
    if (from === 'wallet') {
      return this.runner.begin({
        ...keyed,
        kind: 'transfer',
        plan: { mode: 'chain', steps: [{ type: 'game_in', code: to, amount }] },
      });
    }
    if (to !== 'wallet') await this.accounts.account(memberId, to);
    const plan: Plan =
      to === 'wallet'
        ? { mode: 'chain', steps: [{ type: 'game_out', code: from, amount }] }
        : {
            mode: 'chain',
            steps: [
              { type: 'game_out', code: from, amount },
              { type: 'game_in', code: to, amount },
            ],
            compensation: [{ type: 'game_in', code: from, amount }],
          };
    const begin = () => this.runner.begin({ ...keyed, kind: 'transfer', plan });
    try {
      return await begin();
    } catch (e) {
      if (!isAppError(e) || e.code !== 'MONEY_NOT_ENOUGH') throw e;
      // The mirror was short: the provider may hold wins we have not seen. Synced with it, then once more.
      if (!(await this.balances.refresh(memberId, from).catch(() => false))) throw e;
      return begin();
    }
  }

  /**
   * What a transfer's answer shows after it: the main wallet and the 16 games with their mirrors. When this process
   * has just settled the operation's last leg, its settling statement read them (`GameLegs.takeView`); otherwise
   * one statement reads them (the member's ledger balances by code and open game accounts, as
   * `Ledger.memberBalances` and `GameAccounts.activeCodes` read them). Shaped by `GameAccounts.slotsOf`.
   */
  async after(
    memberId: string,
    operationId?: string,
  ): Promise<{ wallet: { amount: number; currency: string }; slots: GameAccountView[] }> {
    const [read, currency] = await Promise.all([
      this.readAfter(memberId, operationId),
      this.ledger.memberCurrency(this.db, memberId),
    ]);
    return {
      wallet: { amount: read.balances.main ?? 0, currency },
      slots: this.accounts.slotsOf(read.games, read.balances),
    };
  }

  private async readAfter(memberId: string, operationId: string | undefined): Promise<SettledView> {
    const kept = operationId === undefined ? undefined : this.legs.takeView(operationId);
    if (kept) return kept;
    const { rows } = await sql<{
      balances: Record<string, number | string> | string | null;
      games: string[] | string;
    }>`/*prepared*/
      select
        (select json_object_agg(a.code, a.balance) from ledger_accounts a where a.member_id = ${memberId})
          as balances,
        (select coalesce(json_agg(g.code order by g.code), '[]'::json) from game_accounts g
          where g.member_id = ${memberId}) as games`.execute(this.db);
    const row = rows[0];
    const balances = Object.fromEntries(
      Object.entries(parsed(row?.balances ?? null) ?? {}).map(([code, v]) => [code, Number(v)]),
    );
    return { balances, games: parsed(row?.games ?? []) };
  }

  /** POST /wallet/transferAll: `to: 'wallet'` collects every game balance; a game code takes the whole wallet. */
  async transferAll(keyed: Keyed, rawTo: string): Promise<Operation> {
    const { memberId } = keyed;
    if (rawTo !== 'wallet') {
      const code = gameOf(rawTo).code;
      await this.accounts.account(memberId, code);
      const { amount, currency } = await this.accounts.wallet(memberId);
      this.checkAmount(amount, currency);
      return this.runner.begin({
        ...keyed,
        kind: 'transfer_all',
        plan: { mode: 'chain', steps: [{ type: 'game_in', code, amount }] },
      });
    }
    const steps = await this.collectSteps(memberId);
    if (steps.length === 0) throw new AppError('TRANSFER_MINIMUM', 400);
    return this.runner.begin({ ...keyed, kind: 'transfer_all', plan: { mode: 'collect', steps } });
  }

  /** One leg out of every game that holds money, as the providers report it now. */
  async collectSteps(memberId: string): Promise<CollectStep[]> {
    return (await this.collectable(memberId)).steps;
  }

  /**
   * What a collect takes (transferAll to the wallet, withdrawAll): one leg out of every game that holds free money
   * (its mirror less its pending transfers), with the wallet's balance, after the mirrors were synced with the
   * providers. The decision is ONE statement, so one snapshot: a transfer into a game commits its posting and its
   * pending transfer together, and is seen whole or not at all (read in two statements, a transfer committed
   * between them counted as pending but not in the mirror, and the collect left that much free money behind).
   */
  async collectable(memberId: string): Promise<{ wallet: number; steps: CollectStep[] }> {
    await this.balances.refreshAll(memberId);
    const { rows } = await sql<{
      wallet: number | string;
      code: string | null;
      free: number | string | null;
    }>`
      select w.balance as wallet, g.code,
        coalesce((select a.balance from ledger_accounts a
            where a.member_id = g.member_id and a.code = 'game:' || g.code), 0)
          - coalesce((select sum(t.amount) from game_transfers t
            where t.member_id = g.member_id and t.code = g.code and t.status = 'PENDING'), 0) as free
      from (select coalesce((select a.balance from ledger_accounts a
          where a.member_id = ${memberId} and a.code = 'main'), 0) as balance) w
      left join game_accounts g on g.member_id = ${memberId}
      order by g.code`.execute(this.db);
    const steps: CollectStep[] = [];
    for (const r of rows) {
      const amount = Number(r.free ?? 0);
      if (r.code !== null && amount > 0) steps.push({ type: 'game_out', code: r.code, amount });
    }
    return { wallet: Number(rows[0]?.wallet ?? 0), steps };
  }
}

/** A leg out of a game into the wallet, as a collect plans it. */
export type CollectStep = { type: 'game_out'; code: string; amount: number };
