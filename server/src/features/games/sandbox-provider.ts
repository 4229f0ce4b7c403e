import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { Batcher, retryVictim, togetherOrAlone, type Settled } from '../../platform/db/batcher';
import type { Clock } from '../../platform/clock';
import { ProviderError, type GameProvider } from './provider';
import type { RoundReport } from './round-reports';
import { SandboxGameProvider } from './sandbox-game-provider';

/**
 * Sandbox transfer-wallet providers. They behave like another system: their own tables (sandbox_game_*), their
 * own balances, latency on every call, and faults per provider set through POST /sandbox/games/{code}/faults:
 * - `ok`: normal;
 * - `error`: transfers refused, nothing applied (→ TRANSFER_FAIL, money back);
 * - `timeout`: the transfer IS applied but the answer never comes (outcome unknown; reconciliation commits it);
 * - `unknown`: the call fails before the provider applies it (outcome unknown; reconciliation sends it again
 *   with the same id once the provider answers again);
 * - `late`: the answer never comes and the provider applies the request only after `lateApplyMs` — unless the
 *   id was answered in between (a status query finds nothing, reconciliation sends it again, and the late copy
 *   then finds the id answered and does nothing).
 * Faults affect transfers only; balance and status queries keep answering so reconciliation can settle. Each
 * transfer id is answered once and for all (applied or refused), as docs/ledger.md requires of providers.
 */

export type FaultMode = 'ok' | 'error' | 'timeout' | 'unknown' | 'late';
export const FAULT_MODES: readonly FaultMode[] = ['ok', 'error', 'timeout', 'unknown', 'late'];

export interface SandboxGamesOptions {
  /** Latency of every provider call, ms (a random 50-100 % of it). */
  latencyMs: number;
  /** Secret signing the play-page sessions. */
  secret: string;
  /** Lifetime of a play-page session. */
  sessionTtlMs: number;
  /** With the `late` fault: how long after the call the provider applies it (default 1 s). */
  lateApplyMs?: number;
  /** Concurrent transfers share one statement (the server's GROUP_COMMIT). */
  groupCommit?: boolean;
}

interface SandboxTransfer {
  code: string;
  username: string;
  direction: 'in' | 'out';
  amount: number;
  transferId: string;
}

export interface RoundResult {
  /** The provider's round id (reported to the wallet with the bet and the win). */
  id: string;
  bet: number;
  win: number;
  balance: number;
}

/** The sandbox game's odds: a return to player of 2 % × 5 + 43 % × 2 = 96 %. */
export const SANDBOX_ODDS = {
  big: { chance: 0.02, multiple: 5 },
  small: { chance: 0.43, multiple: 2 },
} as const;

/** The sandbox game's return to player (0.96). */
export const SANDBOX_RTP =
  SANDBOX_ODDS.big.chance * SANDBOX_ODDS.big.multiple +
  SANDBOX_ODDS.small.chance * SANDBOX_ODDS.small.multiple;

const newPassword = (): string => randomBytes(6).toString('base64url');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SandboxGames {
  private readonly faults = new Map<string, FaultMode>();
  /** Where the provider reports each round it played (set by the games plugin: RoundReports). */
  reportRound: (report: RoundReport) => Promise<unknown> = async () => undefined;
  private readonly late = new Set<ReturnType<typeof setTimeout>>();
  private readonly transfers = new Batcher<SandboxTransfer, 'applied' | 'refused'>(
    (items) => this.applyMany(items),
    { maxBatch: 32, maxInFlight: 1 },
  );

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly opts: SandboxGamesOptions,
  ) {}

  setFault(code: string, mode: FaultMode): void {
    if (mode === 'ok') this.faults.delete(code);
    else this.faults.set(code, mode);
  }

  fault(code: string): FaultMode {
    return this.faults.get(code) ?? 'ok';
  }

  provider(code: string): GameProvider {
    return new SandboxGameProvider(code, this);
  }

  async latency(): Promise<void> {
    if (this.opts.latencyMs <= 0) return;
    await sleep(this.opts.latencyMs * (0.5 + Math.random() * 0.5));
  }

  async player(
    code: string,
    username: string,
  ): Promise<{ username: string; password: string; balance: number }> {
    const row = await this.db
      .selectFrom('sandbox_game_players')
      .select(['username', 'password', 'balance'])
      .where('provider', '=', code)
      .where('username', '=', username)
      .executeTakeFirst();
    if (!row) throw new ProviderError(`no player ${username} at ${code}`);
    return { ...row, balance: Number(row.balance) };
  }

  async createPlayer(code: string, username: string): Promise<void> {
    await this.db
      .insertInto('sandbox_game_players')
      .values({ provider: code, username, password: newPassword() })
      .onConflict((oc) => oc.columns(['provider', 'username']).doNothing())
      .execute();
  }

  async resetPassword(code: string, username: string): Promise<void> {
    const res = await this.db
      .updateTable('sandbox_game_players')
      .set({ password: newPassword() })
      .where('provider', '=', code)
      .where('username', '=', username)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw new ProviderError(`no player ${username} at ${code}`);
  }

  /**
   * Answers a transfer id once and for all: applied (balance moved) or refused (balance short for `out`, or no
   * such player). A repeated id gets its first answer again and changes nothing. With group commit, concurrent
   * transfers share one statement (`applyMany`), as a provider would group the writes of its own database.
   */
  applyTransfer(
    code: string,
    username: string,
    direction: 'in' | 'out',
    amount: number,
    transferId: string,
  ): Promise<'applied' | 'refused'> {
    const item = { code, username, direction, amount, transferId };
    return this.opts.groupCommit ? this.transfers.submit(item) : retryVictim(() => this.applyOne(item));
  }

  /** Transfers' batches so far: how many, their items and the largest. */
  transferStats(): { batches: number; items: number; largest: number } {
    const { batches, items, largest } = this.transfers.stats;
    return { batches, items, largest };
  }

  /** One transfer, one statement: `sandbox_transfer_apply` (migration 0014). */
  private async applyOne(t: SandboxTransfer): Promise<'applied' | 'refused'> {
    const { rows } = await sql<{ outcome: 'applied' | 'refused' }>`/*prepared*/
      select sandbox_transfer_apply(${t.code}, ${t.transferId}, ${t.username}, ${t.direction},
        ${t.amount}::bigint) as outcome`.execute(this.db);
    const outcome = rows[0]?.outcome;
    if (!outcome) throw new ProviderError(`transfer ${t.transferId} got no answer`);
    return outcome;
  }

  /**
   * Transfers that arrived together: one statement calls `sandbox_transfer_apply` for each, in player order (two
   * batches lock players' rows in the same order) and, for one player, in arrival order. Each when alone, or when
   * that statement rolled back (`togetherOrAlone`).
   */
  private applyMany(items: SandboxTransfer[]): Promise<Settled<'applied' | 'refused'>[]> {
    return togetherOrAlone(items, {
      together: async (all) => {
        const rows = all.map((t, n) => ({
          n,
          code: t.code,
          transfer_id: t.transferId,
          username: t.username,
          direction: t.direction,
          amount: t.amount,
        }));
        const { rows: answered } = await sql<{ n: number; outcome: 'applied' | 'refused' }>`/*prepared*/
          select q.n, r.outcome
          from (
            select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x (n int, code text,
              transfer_id text, username text, direction text, amount bigint)
            order by x.code, x.username, x.n offset 0
          ) q
          cross join lateral sandbox_transfer_apply(q.code, q.transfer_id, q.username, q.direction, q.amount)
            as r (outcome)`.execute(this.db);
        const byN = new Map(answered.map((r) => [Number(r.n), r.outcome]));
        return all.map((t, n): Settled<'applied' | 'refused'> => {
          const outcome = byN.get(n);
          return outcome
            ? { ok: true, value: outcome }
            : { ok: false, error: new ProviderError(`transfer ${t.transferId} got no answer`) };
        });
      },
      alone: (t) => this.applyOne(t),
    });
  }

  /** With the `late` fault: the request reaches the provider only after a while. */
  applyLater(code: string, username: string, direction: 'in' | 'out', amount: number, id: string): void {
    const timer = setTimeout(() => {
      this.late.delete(timer);
      this.applyTransfer(code, username, direction, amount, id).catch(() => undefined);
    }, this.opts.lateApplyMs ?? 1_000);
    this.late.add(timer);
  }

  /** With the `late` fault: how long after the call the provider applies it. */
  setLateApplyMs(ms: number): void {
    this.opts.lateApplyMs = ms;
  }

  /** Drops requests still on their way (the app is closing). */
  close(): void {
    for (const timer of this.late) clearTimeout(timer);
    this.late.clear();
  }

  async transferOutcome(code: string, transferId: string): Promise<'applied' | 'refused' | 'not_found'> {
    const row = await this.db
      .selectFrom('sandbox_game_transfers')
      .select('outcome')
      .where('provider', '=', code)
      .where('transfer_id', '=', transferId)
      .executeTakeFirst();
    return row?.outcome ?? 'not_found';
  }

  /**
   * One round of the sandbox game: win 5× (2 %), win 2× (43 %) or lose the bet (55 %): a return to player of
   * 0.02 × 5 + 0.43 × 2 = 96 %, as real slots pay, so members lose over time (and earn cashback). `fixed` plays a
   * round whose outcome is set (the win paid, minor units) and, optionally, when it was played: the sandbox's
   * deterministic rounds (POST /sandbox/games/{code}/rounds, the demo seed, tests). Once played, the round is
   * reported to the wallet (bet and win, with the round's id and time), as a real provider's bet feed would.
   */
  async playRound(
    code: string,
    username: string,
    bet: number,
    fixed?: { win: number; playedAt?: Date },
  ): Promise<RoundResult> {
    const result = await this.playOne(code, username, bet, fixed?.win);
    await this.reportRound({
      provider: code,
      roundId: `sandbox-${result.id}`,
      username,
      bet: result.bet,
      win: result.win,
      playedAt: fixed?.playedAt ?? this.clock.now(),
    });
    return result;
  }

  /** The odds of one round: what a bet pays (0 when lost). */
  static payout(bet: number, r: number = Math.random()): number {
    return r < SANDBOX_ODDS.big.chance
      ? bet * SANDBOX_ODDS.big.multiple
      : r < SANDBOX_ODDS.big.chance + SANDBOX_ODDS.small.chance
        ? bet * SANDBOX_ODDS.small.multiple
        : 0;
  }

  private async playOne(
    code: string,
    username: string,
    bet: number,
    fixedWin?: number,
  ): Promise<RoundResult> {
    return this.db.transaction().execute(async (trx) => {
      const player = await trx
        .selectFrom('sandbox_game_players')
        .select('balance')
        .where('provider', '=', code)
        .where('username', '=', username)
        .forUpdate()
        .executeTakeFirst();
      if (!player) throw new ProviderError('no player');
      const balance = Number(player.balance);
      if (!Number.isSafeInteger(bet) || bet <= 0 || bet > balance) throw new ProviderError('bet');
      if (fixedWin !== undefined && (!Number.isSafeInteger(fixedWin) || fixedWin < 0)) {
        throw new ProviderError('win');
      }
      const win = fixedWin ?? SandboxGames.payout(bet);
      const after = balance - bet + win;
      await trx
        .updateTable('sandbox_game_players')
        .set({ balance: after })
        .where('provider', '=', code)
        .where('username', '=', username)
        .execute();
      const row = await trx
        .insertInto('sandbox_game_rounds')
        .values({ provider: code, username, bet, win, balance_after: after })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: String(row.id), bet, win, balance: after };
    });
  }

  async lastRounds(code: string, username: string, limit = 10): Promise<RoundResult[]> {
    const rows = await this.db
      .selectFrom('sandbox_game_rounds')
      .select(['id', 'bet', 'win', 'balance_after'])
      .where('provider', '=', code)
      .where('username', '=', username)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      bet: Number(r.bet),
      win: Number(r.win),
      balance: Number(r.balance_after),
    }));
  }

  /** A signed play-page session: code.username.expiry.signature (base64url). */
  session(code: string, username: string): string {
    const exp = this.clock.now().getTime() + this.opts.sessionTtlMs;
    const payload = Buffer.from(JSON.stringify({ c: code, u: username, e: exp })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  verifySession(code: string, token: string): string | undefined {
    const [payload, sig] = token.split('.');
    if (!payload || !sig) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    try {
      const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
        c?: unknown;
        u?: unknown;
        e?: unknown;
      };
      if (data.c !== code || typeof data.u !== 'string' || typeof data.e !== 'number') return undefined;
      if (data.e < this.clock.now().getTime()) return undefined;
      return data.u;
    } catch {
      return undefined;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.opts.secret).update(`sandbox-game:${payload}`).digest('base64url');
  }
}
