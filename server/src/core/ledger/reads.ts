import { sql } from 'kysely';
import { findAccounts } from './accounts';
import { isMemberRef, type AccountRef, type Executor, type LedgerKind } from './types';

/** What the ledger answers without posting: balances, the books' checks, a member's game results. */

/** A member's latest transaction of a kind that moved their main wallet: the amount it moved (signed), when. */
export interface MainMovement {
  transactionId: number;
  amount: number;
  createdAt: Date;
}

export async function latestMainMovement(
  trxOrDb: Executor,
  memberId: string,
  kind: LedgerKind,
): Promise<MainMovement | null> {
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
export async function balanceOf(trxOrDb: Executor, ref: AccountRef): Promise<number> {
  if (isMemberRef(ref) || ref.shard !== undefined) {
    const row = await findAccounts(trxOrDb, [ref]).executeTakeFirst();
    return row ? Number(row.balance) : 0;
  }
  // A system account: the sum of its shards.
  const row = await trxOrDb
    .selectFrom('ledger_accounts')
    .select(sql<number>`coalesce(sum(balance), 0)::bigint`.as('total'))
    .where('member_id', 'is', null)
    .where('code', '=', ref.system)
    .where('currency', '=', ref.currency)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Balances of all of a member's accounts, by code ('main', 'game:PG', …). */
export async function memberBalances(trxOrDb: Executor, memberId: string): Promise<Record<string, number>> {
  const rows = await trxOrDb
    .selectFrom('ledger_accounts')
    .select(['code', 'balance'])
    .where('member_id', '=', memberId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.code, Number(r.balance)]));
}

/** Sum of every account's balance per currency; zero when the books balance. */
export async function trialBalance(trxOrDb: Executor): Promise<Record<string, number>> {
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
export async function verifyBooks(
  trxOrDb: Executor,
): Promise<{ accountsOff: number; transactionsOff: number }> {
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
export async function gameResults(
  db: Executor,
  memberId: string,
  from: Date,
  to: Date,
): Promise<{ wins: number; losses: number }> {
  const rows = await db
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
