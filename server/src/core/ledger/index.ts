import { sql, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { memberEventPayload, type MemberEvents, type WalletChangeReason } from '../../platform/member-events';
import { findAccounts, lockAccounts, postingsOf, resolveAccounts } from './accounts';
import {
  isMemberRef,
  LedgerError,
  refKey,
  rowKey,
  type AccountRef,
  type DB,
  type Executor,
  type LedgerKind,
  type MemberAccountCode,
  type MemberMovement,
  type PostInput,
  type PostingInput,
  type PostResult,
  type SystemAccountCode,
} from './types';

export * from './types';

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
   * function (`ledger_post`, migration 0009) instead of `post`: the channel and the `wallet:changed` payload, both
   * null when no one listens.
   */
  notification(memberId: string, kind: LedgerKind): { channel: string | null; payload: string | null } {
    if (!this.events) return { channel: null, payload: null };
    return { channel: this.events.channel, payload: walletChanged(memberId, REASON_OF[kind]) };
  }

  /**
   * In the caller's transaction: creates missing accounts, locks them in id order, checks sum zero and
   * non-negative member balances (MONEY_NOT_ENOUGH), writes the transaction. Returns its id. A duplicate
   * (kind, reference) returns the existing id without posting again.
   */
  async post(trx: Transaction<DB>, input: PostInput): Promise<PostResult> {
    if (input.postings.length < 2) throw new LedgerError('a ledger transaction needs at least two postings');
    for (const p of input.postings) {
      if (!Number.isSafeInteger(p.amount) || p.amount === 0) {
        throw new LedgerError(`posting amount must be a non-zero integer, got ${p.amount}`);
      }
    }

    // Two statements, once the accounts are known (their ids, owners and currencies never change, so they are
    // kept once read): the first locks the accounts in id order; the second checks that member accounts stay >= 0
    // and only then writes the transaction row, its postings, the new balances and the members' events. The
    // (kind, reference) unique index makes a repeat write nothing (a concurrent one waits for the first on the
    // account locks).
    const refs = input.postings.map((p) => p.account);
    let accounts = await this.known(trx, refs, false);
    let written = await this.write(trx, input, accounts);
    if (written.found < accounts.size) {
      // An account kept from a transaction that rolled back (it was created there), or that another transaction
      // is still creating (nothing was locked): read again, once — which waits for that creator.
      accounts = await this.known(trx, refs, true);
      written = await this.write(trx, input, accounts);
      if (written.found < accounts.size) throw new LedgerError(`accounts of ${input.kind} not found`);
    }
    if (!written.ok) {
      // A repeat of a transaction already posted answers as the first did, even once the balance has moved.
      const repeat = await this.repeated(trx, input);
      if (repeat) return repeat;
      throw new AppError('MONEY_NOT_ENOUGH', 400);
    }
    if (written.id === null) {
      const repeat = await this.repeated(trx, input);
      if (!repeat) throw new LedgerError(`transaction ${input.kind} was neither written nor found`);
      return repeat;
    }
    const transactionId = String(written.id);

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
   * The posting's statements. `found`: how many of the accounts exist (fewer: a kept id is stale, nothing locked
   * or written); `ok`: every member account stays >= 0 (else nothing written); `id`: the new transaction's id, null
   * when (kind, reference) was posted already.
   *
   * The locks come first, in a statement of their own; the check and the writes follow in a second statement,
   * whose snapshot is taken once the locks are held, so it reads the balances as the last holder left them. In one
   * statement, a lock that waited for another transaction's commit could check a balance older than the one the
   * same statement's UPDATE then wrote to (measured on PostgreSQL 15 with concurrent debits and credits of one
   * wallet: the CHECK constraint refused the statement, a 500 instead of MONEY_NOT_ENOUGH).
   */
  private async write(
    trx: Transaction<DB>,
    input: PostInput,
    accounts: Map<string, KnownAccount>,
  ): Promise<{ found: number; ok: boolean; id: number | null }> {
    const deltas = new Map<number, { delta: number; account: KnownAccount }>();
    const perCurrency = new Map<string, number>();
    const postings = input.postings.map((p) => {
      const account = accounts.get(refKey(p.account));
      if (!account) throw new LedgerError(`account ${refKey(p.account)} not resolved`);
      const d = deltas.get(account.id) ?? { delta: 0, account };
      d.delta += p.amount;
      deltas.set(account.id, d);
      perCurrency.set(account.currency, (perCurrency.get(account.currency) ?? 0) + p.amount);
      return { accountId: account.id, amount: p.amount, currency: account.currency };
    });
    for (const [currency, sum] of perCurrency) {
      if (sum !== 0)
        throw new LedgerError(`postings of ${input.kind} do not balance in ${currency} (${sum})`);
    }
    // Every member whose balance moved hears of it once this transaction commits (platform/member-events.ts).
    const members = new Set<string>();
    if (this.events) {
      for (const { delta, account } of deltas.values()) {
        if (delta !== 0 && account.owner_type === 'member' && account.member_id !== null)
          members.add(account.member_id);
      }
    }
    const channel = this.events?.channel ?? '';
    const ids = [...deltas.keys()];
    const idList = sql.join(ids.map((id) => sql`${id}::bigint`));
    // The locks are taken only when every account is there to lock: a kept id of an account that another
    // transaction is still creating is not visible yet, and locking the others (the wallet) while the retry waits
    // for that creator, who may need the wallet next, would deadlock.
    const locked = await sql<{ id: string }>`/*prepared*/
      select id from ledger_accounts
      where id = any(${ids}::bigint[])
        and (select count(*) from ledger_accounts where id = any(${ids}::bigint[])) = ${ids.length}::bigint
      order by id
      for update`.execute(trx);
    if (locked.rows.length < ids.length) return { found: locked.rows.length, ok: false, id: null };
    const res = await sql<{ ok: boolean; found: number; id: number | null }>`
      with l as materialized (
        select id, balance from ledger_accounts where id in (${idList})
      ),
      v (id, delta, checked) as (
        values ${sql.join(
          [...deltas].map(
            ([id, d]) =>
              sql`(${id}::bigint, ${d.delta}::bigint, ${d.account.owner_type === 'member'}::boolean)`,
          ),
        )}
      ),
      ok as materialized (
        select (select count(*) from l) = ${ids.length}::bigint
          and not exists (select 1 from l join v on v.id = l.id where v.checked and l.balance + v.delta < 0)
          as ok
      ),
      t as (
        insert into ledger_transactions (kind, member_id, reference, idempotency_key, meta, reversal_of)
        select ${input.kind}, ${input.memberId}, ${input.reference ?? null}, ${input.idempotencyKey ?? null},
          ${JSON.stringify(input.meta ?? {})}::jsonb,
          ${input.reversalOf !== undefined ? Number(input.reversalOf) : null}::bigint
        where (select ok from ok)
        on conflict (kind, reference) where reference is not null do nothing
        returning id
      ),
      p as (
        insert into ledger_postings (transaction_id, account_id, amount, currency)
        select t.id, x.account_id, x.amount, x.currency
        from t cross join (values ${sql.join(
          postings.map((p) => sql`(${p.accountId}::bigint, ${p.amount}::bigint, ${p.currency}::text)`),
        )}) as x (account_id, amount, currency)
      ),
      u as (
        update ledger_accounts a set balance = a.balance + v.delta
        from v
        where a.id = v.id and v.delta <> 0 and exists (select 1 from t)
      )${
        members.size > 0
          ? sql`,
      n as (
        select pg_notify(x.channel, x.payload)
        from t cross join (values ${sql.join(
          [...members].map((m) => sql`(${channel}::text, ${walletChanged(m, REASON_OF[input.kind])}::text)`),
        )}) as x (channel, payload)
      )`
          : sql``
      }
      select (select ok from ok) as ok, (select count(*) from l)::int as found, (select id from t) as id${
        members.size > 0 ? sql`, (select count(*) from n)::int as notified` : sql``
      }`.execute(trx);
    const row = res.rows[0];
    return {
      ok: row?.ok === true,
      found: Number(row?.found ?? 0),
      id: row?.id === null || row?.id === undefined ? null : Number(row.id),
    };
  }

  /** The transaction already posted under this (kind, reference), checked to carry the same postings. */
  private async repeated(trx: Transaction<DB>, input: PostInput): Promise<PostResult | undefined> {
    if (input.reference === undefined) return undefined;
    const existing = await trx
      .selectFrom('ledger_transactions')
      .select('id')
      .where('kind', '=', input.kind)
      .where('reference', '=', input.reference)
      .executeTakeFirst();
    if (!existing) return undefined;
    await this.checkSamePostings(trx, existing.id, input.postings);
    return { transactionId: String(existing.id), duplicate: true };
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

  /**
   * The member's latest transaction of that kind that moved their main wallet: its id, the amount the wallet
   * moved (signed), when. Null when there is none.
   */
  async latestMainMovement(
    trxOrDb: Executor,
    memberId: string,
    kind: LedgerKind,
  ): Promise<{ transactionId: number; amount: number; createdAt: Date } | null> {
    const row = await trxOrDb
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['t.id', 't.created_at', sql<number>`sum(p.amount)::bigint`.as('amount')])
      .where('t.member_id', '=', memberId)
      .where('t.kind', '=', kind)
      .where('a.member_id', '=', memberId)
      .where('a.code', '=', 'main')
      .groupBy(['t.id', 't.created_at'])
      .orderBy('t.id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row
      ? { transactionId: Number(row.id), amount: Number(row.amount), createdAt: new Date(row.created_at) }
      : null;
  }

  /** The account's balance (0 when it does not exist yet). */
  async balance(trxOrDb: Executor, ref: AccountRef): Promise<number> {
    const row = await findAccounts(trxOrDb, [ref]).executeTakeFirst();
    return row ? Number(row.balance) : 0;
  }

  /** Balances of all of a member's accounts, by code ('main', 'game:PG', …). */
  async memberBalances(trxOrDb: Executor, memberId: string): Promise<Record<string, number>> {
    const rows = await trxOrDb
      .selectFrom('ledger_accounts')
      .select(['code', 'balance'])
      .where('member_id', '=', memberId)
      .execute();
    return Object.fromEntries(rows.map((r) => [r.code, Number(r.balance)]));
  }

  /** Sum of every account's balance per currency; zero when the books balance. */
  async trialBalance(trxOrDb: Executor = this.db): Promise<Record<string, number>> {
    const rows = await trxOrDb
      .selectFrom('ledger_accounts')
      .select(['currency', sql<number>`coalesce(sum(balance), 0)::bigint`.as('total')])
      .groupBy('currency')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.currency, Number(r.total)]));
  }

  /**
   * Ops check: accounts whose stored balance differs from the sum of their postings (should be none), and
   * transactions whose postings do not sum to zero (the deferred trigger makes that impossible).
   */
  async verify(trxOrDb: Executor = this.db): Promise<{ accountsOff: number; transactionsOff: number }> {
    const accounts = await sql<{ n: number }>`
      select count(*)::int as n from ledger_accounts a
      where a.balance <> coalesce((select sum(p.amount) from ledger_postings p where p.account_id = a.id), 0)`.execute(
      trxOrDb,
    );
    const transactions = await sql<{ n: number }>`
      select count(*)::int as n from (
        select transaction_id from ledger_postings group by transaction_id, currency having sum(amount) <> 0
      ) x`.execute(trxOrDb);
    return {
      accountsOff: Number(accounts.rows[0]?.n ?? 0),
      transactionsOff: Number(transactions.rows[0]?.n ?? 0),
    };
  }

  /** Sums of a member's game wins and losses between two instants (minor units, both ≥ 0). */
  async gameResults(memberId: string, from: Date, to: Date): Promise<{ wins: number; losses: number }> {
    const rows = await this.db
      .selectFrom('ledger_postings')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_postings.transaction_id')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
      .select([
        'ledger_transactions.kind',
        sql<number>`coalesce(sum(ledger_postings.amount), 0)::bigint`.as('total'),
      ])
      .where('ledger_transactions.member_id', '=', memberId)
      .where('ledger_accounts.member_id', '=', memberId)
      .where('ledger_transactions.kind', 'in', ['game_win', 'game_loss'])
      .where('ledger_transactions.created_at', '>=', from)
      .where('ledger_transactions.created_at', '<', to)
      .groupBy('ledger_transactions.kind')
      .execute();
    const total = (kind: string): number => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
    return { wins: total('game_win'), losses: -total('game_loss') };
  }

  /**
   * A repeated (kind, reference) must repeat the same movement: the same accounts and amounts. Anything else is
   * a programming error (two different movements sharing a reference), never silently taken as "already done".
   */
  private async checkSamePostings(
    trx: Transaction<DB>,
    transactionId: number,
    postings: PostingInput[],
  ): Promise<void> {
    const rows = await postingsOf(trx, transactionId);
    const stored = rows.map((r) => `${rowKey(r)}=${Number(r.amount)}`).sort();
    const asked = postings.map((p) => `${refKey(p.account)}=${p.amount}`).sort();
    if (stored.join('|') !== asked.join('|')) {
      throw new LedgerError(
        `transaction ${transactionId} was posted with other postings for the same reference`,
      );
    }
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
