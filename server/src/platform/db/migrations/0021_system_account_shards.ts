import { sql, type Kysely } from 'kysely';

/**
 * System accounts in shards: a system account (`payouts`, `bank_in`, …) is kept as up to SYSTEM_ACCOUNT_SHARDS rows
 * of `(code, currency, shard)`, whose balances together are its balance (core/ledger/types.ts). Every ledger
 * transaction locks the rows it moves until it commits; with one row per system account, every withdrawal waited
 * for the one before on `payouts` (the scale test's slowest requests, docs/benchmarks.md). Existing rows are shard 0.
 * `ledger_system_account` (the game legs' `provider_float:<CODE>`) keeps to shard 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_accounts add column shard smallint not null default 0`.execute(db);
  await sql`alter table ledger_accounts add constraint ledger_accounts_member_shard_zero
    check (member_id is null or shard = 0)`.execute(db);
  await systemAccountsUnique(db, ['code', 'currency', 'shard']);
  await systemAccountFunction(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Only while no shard but 0 holds an account (the ledger is append-only: postings are never moved); otherwise
  // the unique index below refuses, and nothing is changed.
  await systemAccountsUnique(db, ['code', 'currency']);
  await systemAccountFunction(db, false);
  await sql`alter table ledger_accounts drop constraint ledger_accounts_member_shard_zero`.execute(db);
  await sql`alter table ledger_accounts drop column shard`.execute(db);
}

/** The system accounts' unique index, on `columns`. */
async function systemAccountsUnique(db: Kysely<unknown>, columns: string[]): Promise<void> {
  await db.schema.dropIndex('ledger_accounts_system_code_unique').execute();
  await db.schema
    .createIndex('ledger_accounts_system_code_unique')
    .on('ledger_accounts')
    .columns(columns)
    .unique()
    .where(sql.ref('member_id'), 'is', null)
    .execute();
}

/** `ledger_system_account(code, currency)`: the account's id, created on first use (on shard 0 when `sharded`). */
async function systemAccountFunction(db: Kysely<unknown>, sharded: boolean): Promise<void> {
  const onShard = sharded ? sql` and a.shard = 0` : sql``;
  const conflict = sharded ? sql`(code, currency, shard)` : sql`(code, currency)`;
  await sql`
    create or replace function ledger_system_account(p_code text, p_currency text) returns bigint
    language plpgsql as $$
    declare
      v_id bigint;
    begin
      select a.id into v_id from ledger_accounts a
        where a.member_id is null and a.code = p_code and a.currency = p_currency${onShard};
      if v_id is null then
        insert into ledger_accounts (owner_type, member_id, code, currency)
          values ('system', null, p_code, p_currency)
          on conflict ${conflict} where member_id is null do nothing
          returning id into v_id;
        if v_id is null then
          select a.id into v_id from ledger_accounts a
            where a.member_id is null and a.code = p_code and a.currency = p_currency${onShard};
        end if;
      end if;
      return v_id;
    end $$`.execute(db);
}
