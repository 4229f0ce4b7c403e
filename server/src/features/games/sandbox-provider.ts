import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { Clock } from '../../platform/clock';
import { ProviderError, type GameCredentials, type GameProvider, type TransferOutcome } from './provider';

/**
 * Sandbox transfer-wallet providers. They behave like another system: their own tables (sandbox_game_*), their
 * own balances, latency on every call, and faults per provider set through POST /sandbox/games/{code}/faults:
 * - `ok`: normal;
 * - `error`: transfers refused, nothing applied (→ TRANSFER_FAIL, money back);
 * - `timeout`: the transfer IS applied but the answer never comes (outcome unknown; reconciliation commits it);
 * - `unknown`: the call fails before the provider applies it (outcome unknown; reconciliation reverses it).
 * Faults affect transfers only; balance and status queries keep answering so reconciliation can settle.
 */

export type FaultMode = 'ok' | 'error' | 'timeout' | 'unknown';
export const FAULT_MODES: readonly FaultMode[] = ['ok', 'error', 'timeout', 'unknown'];

export interface SandboxGamesOptions {
  /** Latency of every provider call, ms (a random 50-100 % of it). */
  latencyMs: number;
  /** Secret signing the play-page sessions. */
  secret: string;
  /** Lifetime of a play-page session. */
  sessionTtlMs: number;
}

export interface RoundResult {
  bet: number;
  win: number;
  balance: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SandboxGames {
  private readonly faults = new Map<string, FaultMode>();

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

  /** Applies a transfer once per id; false when the balance is short (out) or the player is unknown. */
  async applyTransfer(
    code: string,
    username: string,
    direction: 'in' | 'out',
    amount: number,
    transferId: string,
  ): Promise<boolean> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        const seen = await trx
          .insertInto('sandbox_game_transfers')
          .values({ provider: code, transfer_id: transferId, username, direction, amount })
          .onConflict((oc) => oc.columns(['provider', 'transfer_id']).doNothing())
          .returning('transfer_id')
          .executeTakeFirst();
        if (!seen) return true; // already applied: same answer again
        const delta = direction === 'in' ? amount : -amount;
        const res = await trx
          .updateTable('sandbox_game_players')
          .set({ balance: sql<number>`balance + ${delta}` })
          .where('provider', '=', code)
          .where('username', '=', username)
          .where(sql<boolean>`balance + ${delta} >= 0`)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) throw new Refused();
        return true;
      })
      .catch((e: unknown) => {
        if (e instanceof Refused) return false;
        throw e;
      });
  }

  async transferApplied(code: string, transferId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sandbox_game_transfers')
      .select('transfer_id')
      .where('provider', '=', code)
      .where('transfer_id', '=', transferId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One round of the sandbox game: lose the bet, or win 2× (45 %) or 5× (5 %). */
  async playRound(code: string, username: string, bet: number): Promise<RoundResult> {
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
      const r = Math.random();
      const win = r < 0.05 ? bet * 5 : r < 0.5 ? bet * 2 : 0;
      const after = balance - bet + win;
      await trx
        .updateTable('sandbox_game_players')
        .set({ balance: after })
        .where('provider', '=', code)
        .where('username', '=', username)
        .execute();
      await trx
        .insertInto('sandbox_game_rounds')
        .values({ provider: code, username, bet, win, balance_after: after })
        .execute();
      return { bet, win, balance: after };
    });
  }

  async lastRounds(code: string, username: string, limit = 10): Promise<RoundResult[]> {
    const rows = await this.db
      .selectFrom('sandbox_game_rounds')
      .select(['bet', 'win', 'balance_after'])
      .where('provider', '=', code)
      .where('username', '=', username)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ bet: Number(r.bet), win: Number(r.win), balance: Number(r.balance_after) }));
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

class Refused extends Error {}

const newPassword = (): string => randomBytes(6).toString('base64url');

class SandboxGameProvider implements GameProvider {
  constructor(
    readonly code: string,
    private readonly games: SandboxGames,
  ) {}

  async activate(username: string): Promise<GameCredentials> {
    await this.games.latency();
    await this.games.createPlayer(this.code, username);
    return this.credentials(username);
  }

  async credentials(username: string): Promise<GameCredentials> {
    await this.games.latency();
    const p = await this.games.player(this.code, username);
    const creds: GameCredentials = { username: p.username, password: p.password };
    // UFABET's login form needs an agent prefix (the "event" fields of spec §3).
    if (this.code === 'UFABET') creds.event = { agent: 'SBX', prefix: 'ufa' };
    return creds;
  }

  async resetPassword(username: string): Promise<GameCredentials> {
    await this.games.latency();
    await this.games.resetPassword(this.code, username);
    return this.credentials(username);
  }

  async balance(username: string): Promise<number> {
    await this.games.latency();
    return (await this.games.player(this.code, username)).balance;
  }

  transferIn(username: string, amount: number, transferId: string): Promise<TransferOutcome> {
    return this.transfer(username, 'in', amount, transferId);
  }

  transferOut(username: string, amount: number, transferId: string): Promise<TransferOutcome> {
    return this.transfer(username, 'out', amount, transferId);
  }

  private async transfer(
    username: string,
    direction: 'in' | 'out',
    amount: number,
    transferId: string,
  ): Promise<TransferOutcome> {
    await this.games.latency();
    const mode = this.games.fault(this.code);
    if (mode === 'error') return { status: 'refused', reason: 'error' };
    if (mode === 'unknown')
      return { status: 'unknown', reason: 'connection reset before the provider answered' };
    const applied = await this.games.applyTransfer(this.code, username, direction, amount, transferId);
    if (mode === 'timeout') {
      await this.games.latency();
      return { status: 'unknown', reason: 'timeout' };
    }
    return applied ? { status: 'ok' } : { status: 'refused', reason: 'insufficient' };
  }

  async transferStatus(transferId: string): Promise<'applied' | 'not_found'> {
    await this.games.latency();
    return (await this.games.transferApplied(this.code, transferId)) ? 'applied' : 'not_found';
  }

  async autoLoginLink(username: string): Promise<string> {
    await this.games.player(this.code, username);
    return `/sandbox/games/${this.code}/play?session=${encodeURIComponent(this.games.session(this.code, username))}`;
  }
}
