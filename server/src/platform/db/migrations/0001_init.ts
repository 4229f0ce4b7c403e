import { sql, type Kysely } from 'kysely';

// Migrations take Kysely<unknown>: they must not depend on the current TypeScript schema.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('banks')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name_th', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_la', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().check(sql`country in ('TH', 'LA')`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .createTable('lookup_content')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('th', 'la', 'en', '*')`))
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('lookup_content_pk', ['key', 'locale'])
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'inactive')`),
    )
    .addColumn('bank_code', 'text', (c) => c.notNull().references('banks.code'))
    .addColumn('bank_account_name', 'text', (c) => c.notNull())
    .addColumn('bank_account_no', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency in ('THB', 'LAK')`))
    .addColumn('source_code', 'text')
    .addColumn('invited_by', 'text', (c) => c.references('members.id'))
    .addColumn('coin', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`coin >= 0`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('members_bank_account_unique', ['bank_code', 'bank_account_no'])
    .execute();
  await db.schema.createIndex('members_invited_by_idx').on('members').column('invited_by').execute();

  // Accounts of the (future) double-entry ledger. Member accounts can never go negative; system accounts
  // (cash, bonus expense, game-provider clearing…) may, which is what makes the postings balance.
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('owner_type', 'text', (c) => c.notNull().check(sql`owner_type in ('member', 'system')`))
    .addColumn('member_id', 'text', (c) => c.references('members.id'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('ledger_accounts_member_non_negative', sql`owner_type <> 'member' or balance >= 0`)
    .addCheckConstraint(
      'ledger_accounts_owner_consistent',
      sql`(owner_type = 'member') = (member_id is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('ledger_accounts_member_code_unique')
    .on('ledger_accounts')
    .columns(['member_id', 'code'])
    .unique()
    .where(sql.ref('member_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('ledger_accounts_system_code_unique')
    .on('ledger_accounts')
    .column('code')
    .unique()
    .where(sql.ref('member_id'), 'is', null)
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_member_idx').on('sessions').column('member_id').execute();

  await db.schema
    .createTable('otps')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('ref', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'timestamptz')
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('otps_phone_idx').on('otps').columns(['phone', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['otps', 'sessions', 'ledger_accounts', 'members', 'settings', 'lookup_content', 'banks']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
