import { sql, type Kysely } from 'kysely';

const KINDS = [
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

/**
 * The double-entry ledger (transactions and postings), the idempotency log, game accounts and transfers, and
 * withdrawals — plus the tables of the sandbox game providers and payout bank, which stand for other systems.
 * See docs/ledger.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // System accounts exist once per currency (bank_in THB, bank_in LAK…).
  await db.schema.dropIndex('ledger_accounts_system_code_unique').execute();
  await db.schema
    .createIndex('ledger_accounts_system_code_unique')
    .on('ledger_accounts')
    .columns(['code', 'currency'])
    .unique()
    .where(sql.ref('member_id'), 'is', null)
    .execute();

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in (${sql.join(KINDS.map((k) => sql.lit(k)))})`),
    )
    .addColumn('member_id', 'text', (c) => c.references('members.id'))
    .addColumn('reference', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('meta', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // A transaction is reversed at most once, by a new transaction that points at it.
    .addColumn('reversal_of', 'bigint', (c) => c.unique().references('ledger_transactions.id'))
    .execute();
  await db.schema
    .createIndex('ledger_transactions_kind_reference_unique')
    .on('ledger_transactions')
    .columns(['kind', 'reference'])
    .unique()
    .where(sql.ref('reference'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('ledger_transactions_member_idx')
    .on('ledger_transactions')
    .columns(['member_id', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('ledger_postings')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ledger_postings_transaction_idx')
    .on('ledger_postings')
    .column('transaction_id')
    .execute();
  await db.schema
    .createIndex('ledger_postings_account_idx')
    .on('ledger_postings')
    .column('account_id')
    .execute();

  // The books balance in SQL too: checked at commit (deferred), per transaction and currency. A posting's
  // currency is its account's. Ledger rows are append-only: a mistake is reversed by a new transaction.
  await sql`
    create function ledger_check_balanced() returns trigger language plpgsql as $$
    begin
      if exists (
        select 1 from ledger_postings p where p.transaction_id = new.transaction_id
        group by p.currency having sum(p.amount) <> 0
      ) then
        raise exception 'ledger transaction % does not balance', new.transaction_id using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_postings_balanced after insert on ledger_postings
    deferrable initially deferred for each row execute function ledger_check_balanced()`.execute(db);
  await sql`
    create function ledger_check_has_postings() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from ledger_postings p where p.transaction_id = new.id) then
        raise exception 'ledger transaction % has no postings', new.id using errcode = '23514';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger ledger_transactions_have_postings after insert on ledger_transactions
    deferrable initially deferred for each row execute function ledger_check_has_postings()`.execute(db);
  await sql`
    create function ledger_check_posting_currency() returns trigger language plpgsql as $$
    begin
      if not exists (select 1 from ledger_accounts a where a.id = new.account_id and a.currency = new.currency) then
        raise exception 'posting currency % differs from its account''s', new.currency using errcode = '23514';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger ledger_postings_currency before insert on ledger_postings
    for each row execute function ledger_check_posting_currency()`.execute(db);
  await sql`
    create function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only', tg_table_name using errcode = '55000';
    end $$`.execute(db);
  for (const table of ['ledger_transactions', 'ledger_postings']) {
    await sql`
      create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)}
      for each statement execute function ledger_append_only()`.execute(db);
  }

  // Idempotency log: one row per member and key, inserted (status running) before the work starts.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('member_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('running', 'done')`))
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['member_id', 'key'])
    .execute();

  // A member's account at a game provider (our side: username and a version bumped by every change).
  await db.schema
    .createTable('game_accounts')
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_checked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('game_accounts_pk', ['member_id', 'code'])
    .addUniqueConstraint('game_accounts_username_unique', ['code', 'username'])
    .execute();

  await db.schema
    .createTable('game_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('in', 'out')`))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PENDING', 'SUCCESS', 'FAILED')`))
    .addColumn('transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('reversal_transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('idempotency_key', 'text')
    .addColumn('outcome_unknown_at', 'timestamptz')
    .addColumn('failure', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('game_transfers_pending_idx')
    .on('game_transfers')
    .columns(['member_id', 'code'])
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
  await db.schema
    .createIndex('game_transfers_transaction_idx')
    .on('game_transfers')
    .column('transaction_id')
    .execute();
  await db.schema
    .createIndex('game_transfers_member_idx')
    .on('game_transfers')
    .columns(['member_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PENDING', 'SUCCESS', 'FAILED')`))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_account_no', 'text', (c) => c.notNull())
    .addColumn('bank_account_name', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'bigint', (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('reversal_transaction_id', 'bigint', (c) => c.references('ledger_transactions.id'))
    .addColumn('idempotency_key', 'text')
    .addColumn('failure', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('withdrawals_pending_idx')
    .on('withdrawals')
    .column('created_at')
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();
  await db.schema
    .createIndex('withdrawals_transaction_idx')
    .on('withdrawals')
    .column('transaction_id')
    .execute();

  // ---- Sandbox systems (stand-ins for the providers and the payout bank; never read by the money core). ----
  await db.schema
    .createTable('sandbox_game_players')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sandbox_game_players_pk', ['provider', 'username'])
    .execute();
  await db.schema
    .createTable('sandbox_game_transfers')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('transfer_id', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sandbox_game_transfers_pk', ['provider', 'transfer_id'])
    .execute();
  await db.schema
    .createTable('sandbox_game_rounds')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('bet', 'bigint', (c) => c.notNull())
    .addColumn('win', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('sandbox_payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_account_no', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('settle_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'sandbox_payouts',
    'sandbox_game_rounds',
    'sandbox_game_transfers',
    'sandbox_game_players',
    'withdrawals',
    'game_transfers',
    'game_accounts',
    'idempotency_keys',
    'ledger_postings',
    'ledger_transactions',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  for (const f of [
    'ledger_append_only',
    'ledger_check_posting_currency',
    'ledger_check_has_postings',
    'ledger_check_balanced',
  ]) {
    await sql`drop function if exists ${sql.id(f)}()`.execute(db);
  }
  await db.schema.dropIndex('ledger_accounts_system_code_unique').execute();
  await db.schema
    .createIndex('ledger_accounts_system_code_unique')
    .on('ledger_accounts')
    .column('code')
    .unique()
    .where(sql.ref('member_id'), 'is', null)
    .execute();
}
