import { sql, type Kysely } from 'kysely';

const KINDS_BEFORE = [
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

const kindCheck = (kinds: string[]) => sql`kind in (${sql.join(kinds.map((k) => sql.lit(k)))})`;

/**
 * The prize wheel (docs/spin.md): the operator's wheels, the members' coins (a balance that never goes negative
 * and an entry per change, each reference once), the provably fair seeds, the draws, and the coupons of winning
 * draws. The ledger learns the kind `spin_prize` (a money prize claimed). The members' old `coin` column (always
 * 0: nothing wrote it) goes: coins belong to the spin feature.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_transactions drop constraint ledger_transactions_kind_check`.execute(db);
  await sql`alter table ledger_transactions add constraint ledger_transactions_kind_check
    check (${kindCheck([...KINDS_BEFORE, 'spin_prize'])})`.execute(db);
  await db.schema.alterTable('members').dropColumn('coin').execute();

  await db.schema
    .createTable('spin_wheels')
    .addColumn('id', 'text', (c) => c.primaryKey().check(sql`id ~ '^[a-z0-9-]{2,40}$'`))
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('slices', 'jsonb', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index spin_wheels_one_active on spin_wheels ((true)) where active`.execute(db);

  await db.schema
    .createTable('spin_coins')
    .addColumn('member_id', 'text', (c) => c.primaryKey().references('members.id'))
    .addColumn('coins', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`coins >= 0`),
    )
    .execute();
  await db.schema
    .createTable('spin_coin_entries')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('delta', 'integer', (c) => c.notNull().check(sql`delta <> 0`))
    .addColumn('reason', 'text', (c) =>
      c.notNull().check(sql`reason in ('deposit', 'spin', 'prize', 'operator')`),
    )
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    // why an operator granted them (empty for the other reasons)
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('spin_coin_entries_member')
    .on('spin_coin_entries')
    .columns(['member_id', 'id'])
    .execute();

  await db.schema
    .createTable('spin_seeds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('server_seed', 'text', (c) => c.notNull())
    .addColumn('server_seed_hash', 'text', (c) => c.notNull())
    .addColumn('client_seed', 'text', (c) => c.notNull())
    .addColumn('next_nonce', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revealed_at', 'timestamptz')
    .execute();
  await sql`create unique index spin_seeds_one_open on spin_seeds (member_id) where revealed_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('spin_draws')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('wheel_id', 'text', (c) => c.notNull().references('spin_wheels.id'))
    .addColumn('seed_id', 'text', (c) => c.notNull().references('spin_seeds.id'))
    .addColumn('nonce', 'integer', (c) => c.notNull())
    // the wheel's weights and slice codes when drawn, so the draw can be recomputed after an edit
    .addColumn('weights', 'jsonb', (c) => c.notNull())
    .addColumn('codes', 'jsonb', (c) => c.notNull())
    .addColumn('slice_index', 'integer', (c) => c.notNull())
    .addColumn('slice_code', 'text', (c) => c.notNull())
    .addColumn('prize', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('spin_draws_seed_nonce', ['seed_id', 'nonce'])
    .execute();
  await db.schema
    .createIndex('spin_draws_member')
    .on('spin_draws')
    .columns(['member_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('spin_coupons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('draw_id', 'text', (c) => c.notNull().unique().references('spin_draws.id'))
    .addColumn('prize', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('claimable', 'claimed')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('spin_coupons_member')
    .on('spin_coupons')
    .columns(['member_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'spin_coupons',
    'spin_draws',
    'spin_seeds',
    'spin_coin_entries',
    'spin_coins',
    'spin_wheels',
  ])
    await db.schema.dropTable(t).ifExists().execute();
  await db.schema
    .alterTable('members')
    .addColumn('coin', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`coin >= 0`),
    )
    .execute();
  await sql`alter table ledger_transactions drop constraint ledger_transactions_kind_check`.execute(db);
  await sql`alter table ledger_transactions add constraint ledger_transactions_kind_check
    check (${kindCheck(KINDS_BEFORE)})`.execute(db);
}
