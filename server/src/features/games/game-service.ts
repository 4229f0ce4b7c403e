import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Ledger } from '../../core/ledger';
import type { Clock } from '../../platform/clock';
import { GAMES, gameInfo, type GameCategory, type GameInfo } from './catalogue';
import { type GameCredentials, type GameProvider, type TransferOutcome } from './provider';

/**
 * Game accounts and transfers between the main wallet and the providers (docs/ledger.md "Games").
 *
 * Our ledger keeps a mirror of each game balance in the member account `game:<CODE>`. A transfer in posts
 * main → game first, then calls the provider; a transfer out calls the provider first and posts game → main
 * only once the provider confirmed. A refused call is settled at once (in: reversed, TRANSFER_FAIL); an
 * unknown outcome leaves the transfer PENDING for reconciliation, which asks the provider by transfer id.
 * Wins and losses appear on refresh as the difference between the provider balance and the mirror (game_win /
 * game_loss against provider_float:<CODE>), only while no transfer of that game is pending and the game
 * account's version did not move during the provider call. Every database transaction that touches a game
 * locks its game_accounts row first, then the ledger accounts (in id order): no lock cycles.
 */

export interface GameAccountView {
  code: string;
  name: string;
  logo: string;
  background: string;
  category: GameCategory;
  isActive: boolean;
  amount: number;
  ftWalletSlot: number;
  web: string | null;
  android: string | null;
  ios: string | null;
}

export interface TransferResultView {
  status: 'SUCCESS' | 'PENDING';
  transferId: string;
  wallet: { amount: number; currency: string };
  slots: GameAccountView[];
}

export interface GamesOptions {
  /** Smallest transfer in minor units per currency (spec §9: 1 baht). */
  minimum: Record<string, number>;
  /** A pending transfer without a known-unknown outcome is reconciled only after this long (in-flight calls). */
  reconcileGraceMs: number;
}

export const DEFAULT_GAMES_OPTIONS: GamesOptions = {
  minimum: { THB: 100, LAK: 1 },
  reconcileGraceMs: 60_000,
};

type Trx = Transaction<Database>;

interface TransferRow {
  id: string;
  member_id: string;
  code: string;
  direction: 'in' | 'out';
  amount: number;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  transaction_id: number | null;
}

const gameCode = (code: string) => `game:${code}` as const;

export class GameService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly providers: (code: string) => GameProvider,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly opts: GamesOptions = DEFAULT_GAMES_OPTIONS,
  ) {}

  // ---------------------------------------------------------------- views

  view(g: GameInfo, active: boolean, amount: number): GameAccountView {
    return {
      code: g.code,
      name: g.name,
      logo: `/media/games/${g.code}-logo.svg`,
      background: `/media/games/${g.code}-bg.svg`,
      category: g.category,
      isActive: active,
      amount,
      ftWalletSlot: g.ftWalletSlot,
      web: g.web,
      android: g.android,
      ios: g.ios,
    };
  }

  /** All 16 games with the member's mirror balances (no provider call). */
  async slots(memberId: string): Promise<GameAccountView[]> {
    const [accounts, balances] = await Promise.all([
      this.db.selectFrom('game_accounts').select('code').where('member_id', '=', memberId).execute(),
      this.ledger.memberBalances(this.db, memberId),
    ]);
    const active = new Set(accounts.map((a) => a.code));
    return GAMES.map((g) => this.view(g, active.has(g.code), balances[gameCode(g.code)] ?? 0));
  }

  async wallet(memberId: string): Promise<{ amount: number; currency: string }> {
    const [amount, currency] = await Promise.all([
      this.ledger.balance(this.db, { member: memberId, code: 'main' }),
      this.ledger.memberCurrency(this.db, memberId),
    ]);
    return { amount, currency };
  }

  private game(code: string): GameInfo {
    const g = gameInfo(code);
    if (!g) throw new AppError('NO_GAME', 404);
    return g;
  }

  private async account(memberId: string, code: string): Promise<{ username: string; version: number }> {
    const row = await this.db
      .selectFrom('game_accounts')
      .select(['username', 'version'])
      .where('member_id', '=', memberId)
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) throw new AppError('SLOT_NO_ACCOUNT', 400);
    return { username: row.username, version: Number(row.version) };
  }

  /** Locks the member's game account row (always the first lock of a game transaction). */
  private async lockAccount(trx: Trx, memberId: string, code: string): Promise<number> {
    const row = await trx
      .selectFrom('game_accounts')
      .select('version')
      .where('member_id', '=', memberId)
      .where('code', '=', code)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('SLOT_NO_ACCOUNT', 400);
    return Number(row.version);
  }

  private async bump(trx: Trx, memberId: string, code: string, checked = false): Promise<void> {
    await trx
      .updateTable('game_accounts')
      .set({
        version: sql<number>`version + 1`,
        ...(checked ? { balance_checked_at: this.clock.now() } : {}),
      })
      .where('member_id', '=', memberId)
      .where('code', '=', code)
      .execute();
  }

  // ---------------------------------------------------------------- accounts

  async activate(memberId: string, rawCode: string): Promise<GameAccountView> {
    const g = this.game(rawCode);
    const existing = await this.db
      .selectFrom('game_accounts')
      .select('code')
      .where('member_id', '=', memberId)
      .where('code', '=', g.code)
      .executeTakeFirst();
    if (existing) throw new AppError('SLOT_ALREADY_ACTIVE', 409);
    const username = `w${memberId.slice(-12)}`;
    try {
      await this.providers(g.code).activate(username);
    } catch (e) {
      this.log.warn({ err: e, code: g.code }, 'game activation failed');
      throw new AppError('SLOT_ACTIVATE_FAIL', 502);
    }
    const created = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('game_accounts')
        .values({ member_id: memberId, code: g.code, username, created_at: this.clock.now() })
        .onConflict((oc) => oc.columns(['member_id', 'code']).doNothing())
        .returning('code')
        .executeTakeFirst();
      if (row) await this.ledger.openAccount(trx, { member: memberId, code: gameCode(g.code) });
      return row !== undefined;
    });
    if (!created) throw new AppError('SLOT_ALREADY_ACTIVE', 409);
    return this.view(g, true, 0);
  }

  async credentials(memberId: string, rawCode: string): Promise<GameCredentials> {
    const g = this.game(rawCode);
    const { username } = await this.account(memberId, g.code);
    try {
      return await this.providers(g.code).credentials(username);
    } catch (e) {
      this.log.warn({ err: e, code: g.code }, 'game credentials failed');
      throw new AppError('SLOT_NO_ACCOUNT', 502);
    }
  }

  async resetPassword(memberId: string, rawCode: string): Promise<GameCredentials> {
    const g = this.game(rawCode);
    const { username } = await this.account(memberId, g.code);
    try {
      return await this.providers(g.code).resetPassword(username);
    } catch (e) {
      this.log.warn({ err: e, code: g.code }, 'game password reset failed');
      throw new AppError('SLOT_RESET_PASSWORD_FAIL', 502);
    }
  }

  /** The auto-login link for `username`, which must be the member's own account at that provider. */
  async autoLogin(memberId: string, g: GameInfo, username: string): Promise<string> {
    const row = await this.db
      .selectFrom('game_accounts')
      .select('username')
      .where('member_id', '=', memberId)
      .where('code', '=', g.code)
      .executeTakeFirst();
    if (!row || row.username !== username) throw new AppError('SLOT_NO_ACCOUNT', 400);
    try {
      return await this.providers(g.code).autoLoginLink(username);
    } catch (e) {
      this.log.warn({ err: e, code: g.code }, 'auto-login failed');
      throw new AppError('SLOT_NO_ACCOUNT', 502);
    }
  }

  // ---------------------------------------------------------------- transfers

  private checkAmount(amount: number, currency: string): void {
    if (!Number.isSafeInteger(amount) || amount < (this.opts.minimum[currency] ?? 1)) {
      throw new AppError('TRANSFER_MINIMUM', 400);
    }
  }

  /** POST /wallet/transfer: wallet ↔ game, or game → game (out to the wallet, then in). */
  async transfer(
    memberId: string,
    input: { from: string; to: string; amount: number },
    idempotencyKey?: string,
  ): Promise<TransferResultView> {
    const from = input.from === 'wallet' ? 'wallet' : this.game(input.from).code;
    const to = input.to === 'wallet' ? 'wallet' : this.game(input.to).code;
    if (from === to) throw new AppError('KEY_INVALID', 400, 'TRANSFER_SAME_ACCOUNT');
    const currency = await this.ledger.memberCurrency(this.db, memberId);
    this.checkAmount(input.amount, currency);
    let status: 'SUCCESS' | 'PENDING';
    let transferId: string;
    if (from === 'wallet') {
      ({ status, transferId } = await this.transferIn(memberId, to, input.amount, idempotencyKey));
    } else {
      ({ status, transferId } = await this.transferOut(memberId, from, input.amount, idempotencyKey));
      if (to !== 'wallet' && status === 'SUCCESS') {
        ({ status, transferId } = await this.transferIn(memberId, to, input.amount, idempotencyKey));
      }
    }
    return this.result(memberId, status, transferId);
  }

  /** POST /wallet/transferAll: `to: 'wallet'` collects every game balance; a game code takes the whole wallet. */
  async transferAll(memberId: string, rawTo: string, idempotencyKey?: string): Promise<TransferResultView> {
    if (rawTo !== 'wallet') {
      const g = this.game(rawTo);
      await this.account(memberId, g.code);
      const { amount, currency } = await this.wallet(memberId);
      this.checkAmount(amount, currency);
      const r = await this.transferIn(memberId, g.code, amount, idempotencyKey);
      return this.result(memberId, r.status, r.transferId);
    }
    const results = await this.collectAll(memberId, idempotencyKey);
    if (results.length === 0) throw new AppError('TRANSFER_MINIMUM', 400);
    const ok = results.filter(
      (r): r is { status: 'SUCCESS' | 'PENDING'; transferId: string } => 'transferId' in r,
    );
    if (ok.length === 0) {
      const first = results[0];
      throw first && 'error' in first ? first.error : new AppError('TRANSFER_FAIL', 400);
    }
    const status = ok.some((r) => r.status === 'PENDING') ? 'PENDING' : 'SUCCESS';
    return this.result(memberId, status, ok.map((r) => r.transferId).join(','));
  }

  /** Moves every game balance (as the provider reports it) back to the wallet; used by transferAll and withdrawAll. */
  async collectAll(
    memberId: string,
    idempotencyKey?: string,
  ): Promise<({ status: 'SUCCESS' | 'PENDING'; transferId: string } | { error: unknown })[]> {
    await this.refreshAll(memberId);
    const balances = await this.ledger.memberBalances(this.db, memberId);
    const accounts = await this.db
      .selectFrom('game_accounts')
      .select('code')
      .where('member_id', '=', memberId)
      .orderBy('code')
      .execute();
    const out: ({ status: 'SUCCESS' | 'PENDING'; transferId: string } | { error: unknown })[] = [];
    for (const { code } of accounts) {
      const amount = balances[gameCode(code)] ?? 0;
      if (amount <= 0) continue;
      try {
        out.push(await this.transferOut(memberId, code, amount, idempotencyKey, false));
      } catch (error) {
        out.push({ error });
      }
    }
    return out;
  }

  private async result(
    memberId: string,
    status: 'SUCCESS' | 'PENDING',
    transferId: string,
  ): Promise<TransferResultView> {
    const [wallet, slots] = await Promise.all([this.wallet(memberId), this.slots(memberId)]);
    return { status, transferId, wallet, slots };
  }

  private async call(fn: () => Promise<TransferOutcome>): Promise<TransferOutcome> {
    try {
      return await fn();
    } catch (e) {
      // A thrown error is not an answer: we do not know whether the provider applied the transfer.
      return { status: 'unknown', reason: e instanceof Error ? e.message : 'error' };
    }
  }

  /** Wallet → game: post main → game first, then ask the provider. */
  async transferIn(
    memberId: string,
    code: string,
    amount: number,
    idempotencyKey?: string,
  ): Promise<{ status: 'SUCCESS' | 'PENDING'; transferId: string }> {
    const { username } = await this.account(memberId, code);
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await this.lockAccount(trx, memberId, code);
      await this.recordPending(trx, { id, memberId, code, direction: 'in', amount, idempotencyKey });
      const posted = await this.ledger.post(trx, {
        kind: 'transfer',
        memberId,
        reference: `game-in:${id}`,
        idempotencyKey,
        meta: { transferId: id, from: 'wallet', to: code },
        postings: [
          { account: { member: memberId, code: 'main' }, amount: -amount },
          { account: { member: memberId, code: gameCode(code) }, amount },
        ],
      });
      await trx
        .updateTable('game_transfers')
        .set({ transaction_id: Number(posted.transactionId) })
        .where('id', '=', id)
        .execute();
      await this.bump(trx, memberId, code);
    });
    const outcome = await this.call(() => this.providers(code).transferIn(username, amount, id));
    return this.afterCall(id, outcome);
  }

  /** Game → wallet: ask the provider first; post game → main only once it confirmed. */
  async transferOut(
    memberId: string,
    code: string,
    amount: number,
    idempotencyKey?: string,
    refreshFirst = true,
  ): Promise<{ status: 'SUCCESS' | 'PENDING'; transferId: string }> {
    const { username } = await this.account(memberId, code);
    const ref = { member: memberId, code: gameCode(code) } as const;
    let mirror = await this.ledger.balance(this.db, ref);
    // Wins not seen yet count too: when the mirror is short, sync it with the provider before refusing.
    if (mirror < amount && refreshFirst) {
      await this.refresh(memberId, code).catch(() => undefined);
      mirror = await this.ledger.balance(this.db, ref);
    }
    if (mirror < amount) throw new AppError('MONEY_NOT_ENOUGH', 400);
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await this.lockAccount(trx, memberId, code);
      await this.recordPending(trx, { id, memberId, code, direction: 'out', amount, idempotencyKey });
      await this.bump(trx, memberId, code);
    });
    const outcome = await this.call(() => this.providers(code).transferOut(username, amount, id));
    return this.afterCall(id, outcome);
  }

  /** The transfer's own row, PENDING until the provider's answer (or reconciliation) settles it. */
  private async recordPending(
    trx: Trx,
    t: {
      id: string;
      memberId: string;
      code: string;
      direction: 'in' | 'out';
      amount: number;
      idempotencyKey?: string;
    },
  ): Promise<void> {
    await trx
      .insertInto('game_transfers')
      .values({
        id: t.id,
        member_id: t.memberId,
        code: t.code,
        direction: t.direction,
        amount: t.amount,
        status: 'PENDING',
        idempotency_key: t.idempotencyKey ?? null,
        created_at: this.clock.now(),
      })
      .execute();
  }

  private async afterCall(
    id: string,
    outcome: TransferOutcome,
  ): Promise<{ status: 'SUCCESS' | 'PENDING'; transferId: string }> {
    if (outcome.status === 'ok') {
      await this.settle(id, 'applied');
      return { status: 'SUCCESS', transferId: id };
    }
    if (outcome.status === 'refused') {
      const row = await this.settle(id, 'not_found', `refused: ${outcome.reason}`);
      if (row?.direction === 'out' && outcome.reason === 'insufficient')
        throw new AppError('MONEY_NOT_ENOUGH', 400);
      throw new AppError('TRANSFER_FAIL', 400);
    }
    this.log.warn({ transferId: id, reason: outcome.reason }, 'game transfer outcome unknown; left pending');
    await this.db
      .updateTable('game_transfers')
      .set({ outcome_unknown_at: this.clock.now(), failure: outcome.reason })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .execute();
    return { status: 'PENDING', transferId: id };
  }

  /**
   * Settles a pending transfer once (a second call finds it settled and does nothing). `applied`: in → SUCCESS;
   * out → post game → main. `not_found`: in → reversal (money back to the wallet); out → FAILED, nothing posted.
   * When the mirror holds less than the settlement needs, the difference is a win the provider saw and we did
   * not yet: it is posted as game_win first (the provider balance only grows by transfers in and wins).
   */
  async settle(
    id: string,
    outcome: 'applied' | 'not_found',
    failure?: string,
  ): Promise<TransferRow | undefined> {
    const pre = await this.db
      .selectFrom('game_transfers')
      .select(['member_id', 'code'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!pre) return undefined;
    return this.db.transaction().execute(async (trx) => {
      await this.lockAccount(trx, pre.member_id, pre.code);
      const row = await trx
        .updateTable('game_transfers')
        .set({
          status: outcome === 'applied' ? 'SUCCESS' : 'FAILED',
          settled_at: this.clock.now(),
          ...(failure ? { failure } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .returning(['id', 'member_id', 'code', 'direction', 'amount', 'status', 'transaction_id'])
        .executeTakeFirst();
      if (!row) return undefined;
      const t: TransferRow = { ...row, amount: Number(row.amount), transaction_id: row.transaction_id };
      const game = { member: t.member_id, code: gameCode(t.code) } as const;
      const needs = async (amount: number) => {
        const mirror = await this.ledger.balance(trx, game);
        if (mirror >= amount) return;
        const currency = await this.ledger.memberCurrency(trx, t.member_id);
        await this.ledger.post(trx, {
          kind: 'game_win',
          memberId: t.member_id,
          reference: `shortfall:${t.id}`,
          meta: { code: t.code, transferId: t.id, reason: 'settlement found an unseen provider-side win' },
          postings: [
            { account: { system: `provider_float:${t.code}`, currency }, amount: -(amount - mirror) },
            { account: game, amount: amount - mirror },
          ],
        });
      };
      if (t.direction === 'out' && outcome === 'applied') {
        await needs(t.amount);
        const posted = await this.ledger.post(trx, {
          kind: 'transfer',
          memberId: t.member_id,
          reference: `game-out:${t.id}`,
          meta: { transferId: t.id, from: t.code, to: 'wallet' },
          postings: [
            { account: game, amount: -t.amount },
            { account: { member: t.member_id, code: 'main' }, amount: t.amount },
          ],
        });
        await trx
          .updateTable('game_transfers')
          .set({ transaction_id: Number(posted.transactionId) })
          .where('id', '=', t.id)
          .execute();
      } else if (t.direction === 'in' && outcome === 'not_found' && t.transaction_id !== null) {
        await needs(t.amount);
        const reversal = await this.ledger.reverse(trx, String(t.transaction_id), {
          kind: 'transfer_reversal',
          meta: { transferId: t.id, reason: failure ?? 'not applied by the provider' },
        });
        await trx
          .updateTable('game_transfers')
          .set({ reversal_transaction_id: Number(reversal.transactionId) })
          .where('id', '=', t.id)
          .execute();
      }
      await this.bump(trx, t.member_id, t.code);
      return t;
    });
  }

  // ---------------------------------------------------------------- reconciliation and refresh

  /** Asks the provider about one pending transfer and settles it; false when the provider cannot answer. */
  async reconcile(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('game_transfers')
      .select(['code', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.status !== 'PENDING') return true;
    let answer: 'applied' | 'not_found';
    try {
      answer = await this.providers(row.code).transferStatus(id);
    } catch (e) {
      this.log.warn({ err: e, transferId: id }, 'reconciliation: provider did not answer');
      return false;
    }
    await this.settle(
      id,
      answer,
      answer === 'not_found' ? 'not applied by the provider (reconciled)' : undefined,
    );
    return true;
  }

  /** Reconciles pending transfers whose outcome is unknown (or that are older than the grace period). */
  async reconcilePending(
    filter: { memberId?: string; code?: string } = {},
  ): Promise<{ settled: number; left: number }> {
    const cutoff = new Date(this.clock.now().getTime() - this.opts.reconcileGraceMs);
    let q = this.db
      .selectFrom('game_transfers')
      .select('id')
      .where('status', '=', 'PENDING')
      .where((eb) => eb.or([eb('outcome_unknown_at', 'is not', null), eb('created_at', '<', cutoff)]));
    if (filter.memberId) q = q.where('member_id', '=', filter.memberId);
    if (filter.code) q = q.where('code', '=', filter.code);
    const rows = await q.orderBy('created_at').limit(500).execute();
    let settled = 0;
    for (const r of rows) if (await this.reconcile(r.id)) settled += 1;
    return { settled, left: rows.length - settled };
  }

  /**
   * Re-reads one game balance from the provider and posts the difference with the mirror as game_win /
   * game_loss. Skipped (returns false) while a transfer of that game is pending or when the account changed
   * during the provider call.
   */
  async refresh(memberId: string, code: string): Promise<boolean> {
    await this.reconcilePending({ memberId, code });
    const acct = await this.account(memberId, code);
    if (await this.hasPending(this.db, memberId, code)) return false;
    let providerBalance: number;
    try {
      providerBalance = await this.providers(code).balance(acct.username);
    } catch (e) {
      // The provider cannot tell: keep the last known balance.
      this.log.warn({ err: e, code }, 'game balance refresh failed');
      return false;
    }
    return this.db.transaction().execute(async (trx) => {
      const version = await this.lockAccount(trx, memberId, code);
      if (version !== acct.version || (await this.hasPending(trx, memberId, code))) return false;
      const game = { member: memberId, code: gameCode(code) } as const;
      const mirror = await this.ledger.balance(trx, game);
      const diff = providerBalance - mirror;
      if (diff !== 0) {
        const currency = await this.ledger.memberCurrency(trx, memberId);
        await this.ledger.post(trx, {
          kind: diff > 0 ? 'game_win' : 'game_loss',
          memberId,
          meta: { code, providerBalance, mirror },
          postings: [
            { account: { system: `provider_float:${code}`, currency }, amount: -diff },
            { account: game, amount: diff },
          ],
        });
      }
      await this.bump(trx, memberId, code, true);
      return true;
    });
  }

  /** Refreshes every active game of the member (providers asked in parallel); returns the slots. */
  async refreshAll(memberId: string): Promise<GameAccountView[]> {
    const accounts = await this.db
      .selectFrom('game_accounts')
      .select('code')
      .where('member_id', '=', memberId)
      .execute();
    await Promise.all(accounts.map((a) => this.refresh(memberId, a.code).catch(() => false)));
    return this.slots(memberId);
  }

  private async hasPending(trxOrDb: Db | Trx, memberId: string, code: string): Promise<boolean> {
    const row = await trxOrDb
      .selectFrom('game_transfers')
      .select('id')
      .where('member_id', '=', memberId)
      .where('code', '=', code)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return row !== undefined;
  }
}
