import { randomInt } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { inSpan, tracingEnabled } from '../../platform/tracing';
import { memberEventPayload, type MemberEvents, type WalletChangeReason } from '../../platform/member-events';
import { lockAccounts, postingsOf, resolveAccounts } from './accounts';
import {
  balanceOf,
  gameResults,
  latestMainMovement,
  memberBalances,
  trialBalance,
  verifyBooks,
  type MainMovement,
} from './reads';
import {
  isMemberRef,
  LedgerError,
  refKey,
  SYSTEM_ACCOUNT_SHARDS,
  type AccountRef,
  type DB,
  type Executor,
  type LedgerKind,
  type MemberAccountCode,
  type MemberMovement,
  type PostInput,
  type PostResult,
  type SystemAccountCode,
} from './types';

export * from './types';
export type { MainMovement } from './reads';

/**
 * The double-entry ledger (docs/ledger.md). Every movement of money is one ledger transaction whose postings sum
 * to zero per currency; balances of the touched accounts change in the same database transaction, under row
 * locks taken in ascending account id order. Member accounts never go negative (CHECK in SQL, and checked here
 * first to answer MONEY_NOT_ENOUGH). A mistake is reversed by a new transaction (`reversalOf`), never updated.
 */

/** What a member's page is told about a posting of each kind (the `wallet:changed` reason). */
const REASON_OF: Record<LedgerKind, WalletChangeReason> = {
  deposit: 'deposit',
  withdraw: 'withdraw',
  withdraw_reversal: 'withdraw',
  transfer: 'transfer',
  transfer_reversal: 'transfer',
  game_win: 'game',
  game_loss: 'game',
  bonus: 'bonus',
  finish_bonus: 'bonus',
  invite: 'invite',
  refund: 'refund',
  spin_prize: 'spin',
  adjustment: 'refresh',
};

/** The NOTIFY payload of a `wallet:changed` event, written in the posting's own statement. */
const walletChanged = (memberId: string, reason: WalletChangeReason): string =>
  memberEventPayload(memberId, { type: 'wallet:changed', reason });

/** A posting of a member's transaction as a listener sees it: how much the member's main wallet moved. */
export interface PostedMovement {
  transactionId: string;
  kind: LedgerKind;
  memberId: string;
  /** Signed minor units the member's main wallet moved in this transaction. */
  mainDelta: number;
}

export type PostingListener = (trx: Transaction<DB>, posted: PostedMovement) => Promise<void>;

/** What `ledger_write` did (migration 0018). */
type PostState = 'posted' | 'repeat' | 'short' | 'missing';

/** SQLSTATE of `ledger_write`'s programming errors (postings that do not balance, a reference reused). */
const LEDGER_ERROR_SQLSTATE = 'WL500';

/** A LedgerError for `ledger_write`'s own errors; anything else unchanged. */
function asLedgerError(e: unknown): unknown {
  if (typeof e !== 'object' || e === null) return e;
  const { code, message } = e as { code?: unknown; message?: unknown };
  return code === LEDGER_ERROR_SQLSTATE && typeof message === 'string' ? new LedgerError(message) : e;
}

/**
 * The shard of a system account a transaction posts to: from its reference (a transaction posted again lands
 * where it did the first time), any one without a reference.
 */
export function shardOf(reference: string | undefined): number {
  if (reference === undefined) return randomInt(SYSTEM_ACCOUNT_SHARDS);
  let h = 0;
  for (let i = 0; i < reference.length; i++) h = (Math.imul(h, 31) + reference.charCodeAt(i)) | 0;
  return (h >>> 0) % SYSTEM_ACCOUNT_SHARDS;
}

/** What stays true of an account once it exists. */
interface KnownAccount {
  id: number;
  owner_type: 'member' | 'system';
  member_id: string | null;
  code: string;
  currency: string;
}

export class Ledger {
  private readonly listeners = new Map<LedgerKind, PostingListener[]>();
  /** Accounts as read: id, owner and currency never change (their balances are never kept). */
  private readonly accountCache = new LRUCache<string, KnownAccount>({ max: 200_000 });
  /** Members' currencies as read (a member's currency is set at registration and never changes). */
  private readonly currencies = new LRUCache<string, string>({ max: 100_000 });

  constructor(
    private readonly db: Db,
    private readonly events?: MemberEvents,
  ) {}

  /**
   * Runs `listener` inside the transaction of every new posting of that kind with a member (never for a repeated
   * reference): what must happen exactly once per such posting (coins earned by a deposit) commits or rolls back
   * with it.
   */
  onPosted(kind: LedgerKind, listener: PostingListener): void {
    this.listeners.set(kind, [...(this.listeners.get(kind) ?? []), listener]);
  }

  /** Whether listeners run inside postings of `kind` (a posting written by a database function cannot run them). */
  hasListeners(kind: LedgerKind): boolean {
    return (this.listeners.get(kind)?.length ?? 0) > 0;
  }

  /**
   * The NOTIFY a posting of `kind` that moves the member's balance sends, for postings written by a database
   * function (the game legs' `game_leg_start` / `game_leg_settle`, calling `ledger_write`) instead of `post`: the
   * channel and the `wallet:changed` payload, both null when no one listens.
   */
  notification(memberId: string, kind: LedgerKind): { channel: string | null; payload: string | null } {
    if (!this.events) return { channel: null, payload: null };
    return { channel: this.events.channel, payload: walletChanged(memberId, REASON_OF[kind]) };
  }

  /**
   * In the caller's transaction: creates missing accounts, then posts through `ledger_write` (migration 0018), the
   * one posting path of the ledger, which locks the accounts in id order, checks that the postings balance and that
   * member balances stay >= 0 (MONEY_NOT_ENOUGH), and writes the transaction. Returns its id. A duplicate
   * (kind, reference) returns the existing id without posting again (the same postings, else a LedgerError).
   */
  post(trx: Transaction<DB>, input: PostInput): Promise<PostResult> {
    if (!tracingEnabled()) return this.postNow(trx, input);
    const operationId = input.meta?.operationId;
    return inSpan(
      `ledger.post ${input.kind}`,
      {
        'wallet.ledger_kind': input.kind,
        ...(input.memberId !== null ? { 'wallet.member_id': input.memberId } : {}),
        ...(typeof operationId === 'string' ? { 'wallet.operation_id': operationId } : {}),
      },
      async (span) => {
        const result = await this.postNow(trx, input);
        span.setAttributes({
          'wallet.ledger_transaction_id': result.transactionId,
          'wallet.ledger_duplicate': result.duplicate,
        });
        return result;
      },
    );
  }

  private async postNow(trx: Transaction<DB>, given: PostInput): Promise<PostResult> {
    // Amounts go to SQL as bigint: only exact integers can (the rules on them are ledger_write's).
    for (const p of given.postings) {
      if (!Number.isSafeInteger(p.amount)) {
        throw new LedgerError(`posting amount must be a non-zero integer, got ${p.amount}`);
      }
    }
    // One statement once the accounts are known (their ids, owners and currencies never change, so they are kept
    // once read).
    // A system account's posting goes to the shard of the transaction's reference (SYSTEM_ACCOUNT_SHARDS).
    const shard = shardOf(given.reference);
    const postings = given.postings.map((p) =>
      isMemberRef(p.account) || p.account.shard !== undefined
        ? p
        : { ...p, account: { ...p.account, shard } },
    );
    const input: PostInput = { ...given, postings };
    const refs = postings.map((p) => p.account);
    let accounts = await this.known(trx, refs, false);
    let written = await this.write(trx, input, accounts);
    if (written.state === 'missing') {
      // An account kept from a transaction that rolled back (it was created there), or that another transaction
      // is still creating (nothing was locked): read again, once — which waits for that creator.
      accounts = await this.known(trx, refs, true);
      written = await this.write(trx, input, accounts);
      if (written.state === 'missing') throw new LedgerError(`accounts of ${input.kind} not found`);
    }
    if (written.state === 'short') throw new AppError('MONEY_NOT_ENOUGH', 400);
    if (written.id === null) throw new LedgerError(`transaction ${input.kind} was neither written nor found`);
    const transactionId = String(written.id);
    // A repeat of a transaction already posted answers as the first did, even once the balance has moved.
    if (written.state === 'repeat') return { transactionId, duplicate: true };

    const listeners = this.listeners.get(input.kind);
    if (listeners && input.memberId !== null) {
      let mainDelta = 0;
      for (const p of input.postings) {
        if (isMemberRef(p.account) && p.account.member === input.memberId && p.account.code === 'main')
          mainDelta += p.amount;
      }
      const posted = { transactionId, kind: input.kind, memberId: input.memberId, mainDelta };
      for (const listener of listeners) await listener(trx, posted);
    }
    return { transactionId, duplicate: false };
  }

  /** The accounts of `refs` by refKey: kept ones, the others found or created (`fresh`: all read again). */
  private async known(
    trx: Transaction<DB>,
    refs: AccountRef[],
    fresh: boolean,
  ): Promise<Map<string, KnownAccount>> {
    const out = new Map<string, KnownAccount>();
    const missing: AccountRef[] = [];
    for (const ref of refs) {
      const key = refKey(ref);
      const kept = fresh ? undefined : this.accountCache.get(key);
      if (kept) out.set(key, kept);
      else missing.push(ref);
    }
    if (missing.length > 0) {
      const rows = await resolveAccounts(trx, missing, false);
      for (const [key, row] of rows) {
        const account: KnownAccount = {
          id: row.id,
          owner_type: row.owner_type,
          member_id: row.member_id === null ? null : String(row.member_id),
          code: row.code,
          currency: row.currency,
        };
        this.accountCache.set(key, account);
        out.set(key, account);
      }
    }
    return out;
  }

  /**
   * The posting's one statement: `ledger_write` (migration 0018). `missing`: a kept account id is stale, nothing
   * locked or written; `short`: a member account would go below zero, nothing written; `repeat`: (kind, reference)
   * was posted already with the same postings (`id` is that transaction); `posted`: `id` is the new transaction.
   * Its programming errors (unbalanced postings, another movement under a posted reference) are LedgerErrors.
   */
  private async write(
    trx: Transaction<DB>,
    input: PostInput,
    accounts: Map<string, KnownAccount>,
  ): Promise<{ state: PostState; id: number | null }> {
    const ids: number[] = [];
    const amounts: number[] = [];
    const deltas = new Map<number, { delta: number; account: KnownAccount }>();
    for (const p of input.postings) {
      const account = accounts.get(refKey(p.account));
      if (!account) throw new LedgerError(`account ${refKey(p.account)} not resolved`);
      ids.push(account.id);
      amounts.push(p.amount);
      const d = deltas.get(account.id) ?? { delta: 0, account };
      d.delta += p.amount;
      deltas.set(account.id, d);
    }
    // Every member one of whose accounts moved hears of it once this transaction commits (platform/member-events.ts).
    const members = new Set<string>();
    if (this.events) {
      for (const { delta, account } of deltas.values()) {
        if (delta !== 0 && account.owner_type === 'member' && account.member_id !== null)
          members.add(account.member_id);
      }
    }
    const payloads = [...members].map((m) => walletChanged(m, REASON_OF[input.kind]));
    try {
      const res = await sql<{ o_id: number | string | null; o_state: PostState }>`/*prepared*/
        select o_id, o_state from ledger_write(${input.kind}, ${input.memberId}, ${input.reference ?? null},
          ${input.idempotencyKey ?? null}, ${JSON.stringify(input.meta ?? {})}::jsonb,
          ${input.reversalOf !== undefined ? Number(input.reversalOf) : null}::bigint, ${ids}::bigint[],
          ${amounts}::bigint[], ${payloads.length > 0 ? (this.events?.channel ?? null) : null}::text,
          ${payloads}::text[])`.execute(trx);
      const row = res.rows[0];
      if (!row) throw new LedgerError(`ledger_write answered nothing for ${input.kind}`);
      return { state: row.o_state, id: row.o_id === null ? null : Number(row.o_id) };
    } catch (e) {
      throw asLedgerError(e);
    }
  }

  /** Member main wallet credited from a system account. */
  creditMember(
    trx: Transaction<DB>,
    input: MemberMovement & { from: SystemAccountCode },
  ): Promise<PostResult> {
    return this.memberMovement(trx, input, input.from, +1);
  }

  /** Member main wallet debited to a system account (MONEY_NOT_ENOUGH when the wallet is short). */
  debitMember(trx: Transaction<DB>, input: MemberMovement & { to: SystemAccountCode }): Promise<PostResult> {
    return this.memberMovement(trx, input, input.to, -1);
  }

  /**
   * Reverses a transaction by a new one with every posting negated (kind given by the caller, e.g.
   * transfer_reversal). Idempotent: reversing twice returns the first reversal.
   */
  async reverse(
    trx: Transaction<DB>,
    transactionId: string,
    input: { kind: LedgerKind; meta?: Record<string, unknown>; idempotencyKey?: string },
  ): Promise<PostResult> {
    const original = await trx
      .selectFrom('ledger_transactions')
      .select(['id', 'member_id'])
      .where('id', '=', Number(transactionId))
      .executeTakeFirst();
    if (!original) throw new LedgerError(`transaction ${transactionId} not found`);
    const already = await trx
      .selectFrom('ledger_transactions')
      .select('id')
      .where('reversal_of', '=', original.id)
      .executeTakeFirst();
    if (already) return { transactionId: String(already.id), duplicate: true };
    const rows = await postingsOf(trx, original.id);
    return this.post(trx, {
      kind: input.kind,
      memberId: original.member_id,
      reference: `reversal:${transactionId}`,
      reversalOf: transactionId,
      meta: { ...input.meta, reversalOf: transactionId },
      idempotencyKey: input.idempotencyKey,
      postings: rows.map((r) => ({
        amount: -Number(r.amount),
        account:
          r.member_id !== null
            ? { member: r.member_id, code: r.code as MemberAccountCode }
            : { system: r.code as SystemAccountCode, currency: r.currency },
      })),
    });
  }

  /** Creates the account when missing (e.g. a member's main wallet at registration). Returns its id. */
  async openAccount(trx: Transaction<DB>, ref: AccountRef): Promise<number> {
    const rows = await resolveAccounts(trx, [ref], false);
    const row = rows.get(refKey(ref));
    if (!row) throw new LedgerError(`account ${refKey(ref)} could not be opened`);
    return row.id;
  }

  /**
   * Locks the member's main wallet row until the transaction ends (creating it when missing), so checks made
   * after it (an open bonus, the last deposit) cannot race with a posting on that wallet (docs/bonus.md).
   */
  async lockMain(trx: Transaction<DB>, memberId: string): Promise<void> {
    await lockAccounts(trx, [{ member: memberId, code: 'main' }]);
  }

  /** The member's latest transaction of that kind that moved their main wallet (null when there is none). */
  latestMainMovement(trxOrDb: Executor, memberId: string, kind: LedgerKind): Promise<MainMovement | null> {
    return latestMainMovement(trxOrDb, memberId, kind);
  }

  /** The account's balance (0 when it does not exist yet). */
  balance(trxOrDb: Executor, ref: AccountRef): Promise<number> {
    return balanceOf(trxOrDb, ref);
  }

  /** Balances of all of a member's accounts, by code ('main', 'game:PG', …). */
  memberBalances(trxOrDb: Executor, memberId: string): Promise<Record<string, number>> {
    return memberBalances(trxOrDb, memberId);
  }

  /** Sum of every account's balance per currency; zero when the books balance. */
  trialBalance(trxOrDb: Executor = this.db): Promise<Record<string, number>> {
    return trialBalance(trxOrDb);
  }

  /** Ops check: accounts whose balance differs from their postings, transactions that do not sum to zero. */
  verify(trxOrDb: Executor = this.db): Promise<{ accountsOff: number; transactionsOff: number }> {
    return verifyBooks(trxOrDb);
  }

  /** Sums of a member's game wins and losses between two instants (minor units, both ≥ 0). */
  gameResults(memberId: string, from: Date, to: Date): Promise<{ wins: number; losses: number }> {
    return gameResults(this.db, memberId, from, to);
  }

  private memberMovement(
    trx: Transaction<DB>,
    input: MemberMovement,
    system: SystemAccountCode,
    sign: 1 | -1,
  ): Promise<PostResult> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      throw new LedgerError(`amount must be a positive integer, got ${input.amount}`);
    }
    return this.memberCurrency(trx, input.memberId).then((currency) =>
      this.post(trx, {
        kind: input.kind,
        memberId: input.memberId,
        reference: input.reference,
        meta: input.meta,
        idempotencyKey: input.idempotencyKey,
        postings: [
          { account: { member: input.memberId, code: 'main' }, amount: sign * input.amount },
          { account: { system, currency }, amount: -sign * input.amount },
        ],
      }),
    );
  }

  /** The member's wallet currency (THB or LAK); it never changes, so it is kept once read. */
  async memberCurrency(trxOrDb: Executor, memberId: string): Promise<string> {
    const known = this.currencies.get(memberId);
    if (known !== undefined) return known;
    const row = await trxOrDb
      .selectFrom('members')
      .select('currency')
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!row) throw new AppError('NO_USER', 404);
    this.currencies.set(memberId, row.currency);
    return row.currency;
  }
}
