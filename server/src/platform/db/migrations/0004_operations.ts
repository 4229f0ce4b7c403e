import { sql, type Kysely } from 'kysely';

/**
 * Money operations with definite outcomes (docs/ledger.md "Operations"): one row per member request that moves
 * money (transfer, transferAll, withdraw, withdrawAll), keyed by the member's Idempotency-Key and written in the
 * same transaction as its first leg; one row per leg. Game transfers and withdrawals name their operation. The
 * sandbox provider remembers refused transfer ids too, so a late request with an answered id is never applied.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('idempotency_key', 'text')
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('transfer', 'transfer_all', 'withdraw', 'withdraw_all')`),
    )
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('plan', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('PENDING', 'SUCCESS', 'PARTIAL', 'FAILED')`),
    )
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('operations_member_key_unique')
    .on('operations')
    .columns(['member_id', 'idempotency_key'])
    .unique()
    .where(sql.ref('idempotency_key'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('operations_pending_idx')
    .on('operations')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();

  await db.schema
    .createTable('operation_legs')
    .addColumn('operation_id', 'text', (c) => c.notNull().references('operations.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('step', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PENDING', 'SUCCESS', 'FAILED')`))
    .addColumn('reference', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .addPrimaryKeyConstraint('operation_legs_pk', ['operation_id', 'seq'])
    .execute();

  await db.schema.alterTable('game_transfers').addColumn('operation_id', 'text').execute();
  await db.schema.alterTable('withdrawals').addColumn('operation_id', 'text').execute();
  await db.schema
    .alterTable('sandbox_game_transfers')
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('applied'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_game_transfers').dropColumn('outcome').execute();
  await db.schema.alterTable('withdrawals').dropColumn('operation_id').execute();
  await db.schema.alterTable('game_transfers').dropColumn('operation_id').execute();
  await db.schema.dropTable('operation_legs').execute();
  await db.schema.dropTable('operations').execute();
}
