import { sql, type Transaction } from 'kysely';
import { AppError } from '../../platform/errors';
import {
  isMemberRef,
  refKey,
  rowKey,
  type AccountRef,
  type AccountRow,
  type DB,
  type Executor,
} from './types';

/** Ledger accounts: found by reference, created on first use, locked in ascending id order. */

export function findAccounts(trxOrDb: Executor, refs: AccountRef[]) {
  return trxOrDb
    .selectFrom('ledger_accounts')
    .select(['id', 'owner_type', 'member_id', 'code', 'currency', 'shard', 'balance'])
    .where((eb) =>
      eb.or(
        refs.map((ref) =>
          isMemberRef(ref)
            ? eb.and([eb('member_id', '=', ref.member), eb('code', '=', ref.code)])
            : eb.and([
                eb('member_id', 'is', null),
                eb('code', '=', ref.system),
                eb('currency', '=', ref.currency),
                eb('shard', '=', ref.shard ?? 0),
              ]),
        ),
      ),
    );
}

/** Finds (creating when missing) the accounts; with lock, every one is locked in ascending id order. */
export async function resolveAccounts(
  trx: Transaction<DB>,
  refs: AccountRef[],
  lock: boolean,
): Promise<Map<string, AccountRow>> {
  const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  const read = async (): Promise<Map<string, AccountRow>> => {
    let q = findAccounts(trx, unique).orderBy('id');
    if (lock) q = q.forUpdate();
    const rows = await q.execute();
    return new Map(
      rows.map((r) => [
        rowKey(r),
        { ...r, id: Number(r.id), shard: Number(r.shard), balance: Number(r.balance) } as AccountRow,
      ]),
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
        .values({
          owner_type: 'system',
          member_id: null,
          code: ref.system,
          currency: ref.currency,
          shard: ref.shard ?? 0,
        })
        .onConflict((oc) =>
          oc.columns(['code', 'currency', 'shard']).where(sql.ref('member_id'), 'is', null).doNothing(),
        )
        .execute();
    }
  }
  found = await read();
  return found;
}

export function lockAccounts(trx: Transaction<DB>, refs: AccountRef[]): Promise<Map<string, AccountRow>> {
  return resolveAccounts(trx, refs, true);
}

/** The postings of a transaction with the account each one moved (member, code, currency). */
export function postingsOf(trx: Transaction<DB>, transactionId: number) {
  return trx
    .selectFrom('ledger_postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'ledger_postings.account_id')
    .select([
      'ledger_postings.amount',
      'ledger_accounts.member_id',
      'ledger_accounts.code',
      'ledger_accounts.currency',
    ])
    .where('ledger_postings.transaction_id', '=', transactionId)
    .execute();
}
