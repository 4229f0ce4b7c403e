import { sql, type Kysely, type Transaction } from 'kysely';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

/**
 * The double-entry ledger (docs/ledger.md). Every movement of money is one ledger transaction whose postings sum
 * to zero per currency; balances of the touched accounts change in the same database transaction, under row
 * locks taken in ascending account id order. Member accounts never go negative (CHECK in SQL, and checked here
 * first to answer MONEY_NOT_ENOUGH). A mistake is reversed by a new transaction (`reversalOf`), never updated.
 */

type DB = Database;

export type LedgerKind =
  | 'deposit'
  | 'withdraw'
  | 'withdraw_reversal'
  | 'transfer'
  | 'transfer_reversal'
  | 'game_win'
  | 'game_loss'
  | 'bonus'
  | 'finish_bonus'
  | 'invite'
  | 'refund'
  | 'adjustment';

export const LEDGER_KINDS: readonly LedgerKind[] = [
  'deposit',
  'withdraw',
  'withdraw_reversal',
  'transfer',
  'transfer_reversal',
  'game_win',
  'game_loss',
  'bonus',
  'finish_bonus',
  'invite',
  'refund',
  'adjustment',
];

export type SystemAccountCode =
  | 'bank_in'
  | 'payment_channels'
  | 'payouts'
  | 'bonus_expense'
  | 'invite_expense'
  | 'refund_expense'
  | `provider_float:${string}`;

export type MemberAccountCode = 'main' | `game:${string}`;

export type AccountRef =
  { member: string; code: MemberAccountCode } | { system: SystemAccountCode; currency: string };

/** Signed minor units; + credits the account's balance. */
export interface PostingInput {
  account: AccountRef;
  amount: number;
}

export interface PostInput {
  kind: LedgerKind;
  memberId: string | null;
  postings: PostingInput[];
  /** Unique per kind: a second post with the same (kind, reference) returns the first one's id. */
  reference?: string;
  meta?: Record<string, unknown>;
  /** The transaction this one reverses (at most one reversal per transaction). */
  reversalOf?: string;
  /** The member's Idempotency-Key of the request that caused this transaction (for audits and tests). */
  idempotencyKey?: string;
}

export interface PostResult {
  transactionId: string;
  duplicate: boolean;
}

export interface MemberMovement {
  memberId: string;
  /** Minor units, > 0. */
  amount: number;
  kind: LedgerKind;
  reference?: string;
  meta?: Record<string, unknown>;
  idempotencyKey?: string;
}

type Executor = Kysely<DB> | Transaction<DB>;

interface AccountRow {
  id: number;
  owner_type: 'member' | 'system';
  member_id: string | null;
  code: string;
  currency: string;
  balance: number;
}

const isMemberRef = (ref: AccountRef): ref is { member: string; code: MemberAccountCode } => 'member' in ref;

const refKey = (ref: AccountRef): string =>
  isMemberRef(ref) ? `m:${ref.member}:${ref.code}` : `s:${ref.system}:${ref.currency}`;

const rowKey = (row: Pick<AccountRow, 'member_id' | 'code' | 'currency'>): string =>
  row.member_id !== null ? `m:${row.member_id}:${row.code}` : `s:${row.code}:${row.currency}`;

/** Thrown for a programming error in the postings (unbalanced, zero, not an integer): never a member's fault. */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerError';
  }
}

export class Ledger {
  constructor(private readonly db: Db) {}

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

    // The transaction row first: its (kind, reference) unique index makes a repeated post a no-op, and a
    // concurrent one wait for the first to commit.
    const inserted = await trx
      .insertInto('ledger_transactions')
      .values({
        kind: input.kind,
        member_id: input.memberId,
        reference: input.reference ?? null,
        idempotency_key: input.idempotencyKey ?? null,
        meta: JSON.stringify(input.meta ?? {}),
        reversal_of: input.reversalOf !== undefined ? Number(input.reversalOf) : null,
      })
      .onConflict((oc) =>
        oc.columns(['kind', 'reference']).where(sql.ref('reference'), 'is not', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const existing = await trx
        .selectFrom('ledger_transactions')
        .select('id')
        .where('kind', '=', input.kind)
        .where('reference', '=', input.reference ?? '')
        .executeTakeFirstOrThrow();
      return { transactionId: String(existing.id), duplicate: true };
    }

    const accounts = await this.lockAccounts(
      trx,
      input.postings.map((p) => p.account),
    );
    const deltas = new Map<number, number>();
    const perCurrency = new Map<string, number>();
    const postings = input.postings.map((p) => {
      const account = accounts.get(refKey(p.account));
      if (!account) throw new LedgerError(`account ${refKey(p.account)} not resolved`);
      deltas.set(account.id, (deltas.get(account.id) ?? 0) + p.amount);
      perCurrency.set(account.currency, (perCurrency.get(account.currency) ?? 0) + p.amount);
      return {
        transaction_id: inserted.id,
        account_id: account.id,
        amount: p.amount,
        currency: account.currency,
      };
    });
    for (const [currency, sum] of perCurrency) {
      if (sum !== 0)
        throw new LedgerError(`postings of ${input.kind} do not balance in ${currency} (${sum})`);
    }
    const byId = new Map([...accounts.values()].map((a) => [a.id, a]));
    for (const [id, delta] of deltas) {
      const account = byId.get(id);
      if (account && account.owner_type === 'member' && account.balance + delta < 0) {
        throw new AppError('MONEY_NOT_ENOUGH', 400);
      }
    }

    await trx.insertInto('ledger_postings').values(postings).execute();
    for (const [id, delta] of [...deltas].sort((a, b) => a[0] - b[0])) {
      if (delta === 0) continue;
      await trx
        .updateTable('ledger_accounts')
        .set({ balance: sql<number>`balance + ${delta}` })
        .where('id', '=', id)
        .execute();
    }
    return { transactionId: String(inserted.id), duplicate: false };
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
    const rows = await trx
      .selectFrom('ledger_postings')
      .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
      .select([
        'ledger_postings.amount',
        'ledger_accounts.member_id',
        'ledger_accounts.code',
        'ledger_accounts.currency',
      ])
      .where('ledger_postings.transaction_id', '=', original.id)
      .execute();
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
    const rows = await this.resolve(trx, [ref], false);
    const row = rows.get(refKey(ref));
    if (!row) throw new LedgerError(`account ${refKey(ref)} could not be opened`);
    return row.id;
  }

  /** The account's balance (0 when it does not exist yet). */
  async balance(trxOrDb: Executor, ref: AccountRef): Promise<number> {
    const row = await this.findAccounts(trxOrDb, [ref]).executeTakeFirst();
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

  /** The member's wallet currency (THB or LAK). */
  async memberCurrency(trxOrDb: Executor, memberId: string): Promise<string> {
    const row = await trxOrDb
      .selectFrom('members')
      .select('currency')
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!row) throw new AppError('NO_USER', 404);
    return row.currency;
  }

  private findAccounts(trxOrDb: Executor, refs: AccountRef[]) {
    return trxOrDb
      .selectFrom('ledger_accounts')
      .select(['id', 'owner_type', 'member_id', 'code', 'currency', 'balance'])
      .where((eb) =>
        eb.or(
          refs.map((ref) =>
            isMemberRef(ref)
              ? eb.and([eb('member_id', '=', ref.member), eb('code', '=', ref.code)])
              : eb.and([
                  eb('member_id', 'is', null),
                  eb('code', '=', ref.system),
                  eb('currency', '=', ref.currency),
                ]),
          ),
        ),
      );
  }

  /** Finds (creating when missing) the accounts; with lock, every one is locked in ascending id order. */
  private async resolve(
    trx: Transaction<DB>,
    refs: AccountRef[],
    lock: boolean,
  ): Promise<Map<string, AccountRow>> {
    const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
    const read = async (): Promise<Map<string, AccountRow>> => {
      let q = this.findAccounts(trx, unique).orderBy('id');
      if (lock) q = q.forUpdate();
      const rows = await q.execute();
      return new Map(
        rows.map((r) => [rowKey(r), { ...r, id: Number(r.id), balance: Number(r.balance) } as AccountRow]),
      );
    };
    let found = await read();
    const missing = unique.filter((r) => !found.has(refKey(r)));
    if (missing.length === 0) return found;

    const memberIds = [...new Set(missing.filter(isMemberRef).map((r) => r.member))];
    const currencies = new Map<string, string>();
    if (memberIds.length > 0) {
      const members = await trx
        .selectFrom('members')
        .select(['id', 'currency'])
        .where('id', 'in', memberIds)
        .execute();
      for (const m of members) currencies.set(m.id, m.currency);
    }
    for (const ref of missing) {
      if (isMemberRef(ref)) {
        const currency = currencies.get(ref.member);
        if (!currency) throw new AppError('NO_USER', 404);
        await trx
          .insertInto('ledger_accounts')
          .values({ owner_type: 'member', member_id: ref.member, code: ref.code, currency })
          .onConflict((oc) =>
            oc.columns(['member_id', 'code']).where(sql.ref('member_id'), 'is not', null).doNothing(),
          )
          .execute();
      } else {
        await trx
          .insertInto('ledger_accounts')
          .values({ owner_type: 'system', member_id: null, code: ref.system, currency: ref.currency })
          .onConflict((oc) =>
            oc.columns(['code', 'currency']).where(sql.ref('member_id'), 'is', null).doNothing(),
          )
          .execute();
      }
    }
    found = await read();
    return found;
  }

  private lockAccounts(trx: Transaction<DB>, refs: AccountRef[]): Promise<Map<string, AccountRow>> {
    return this.resolve(trx, refs, true);
  }
}
