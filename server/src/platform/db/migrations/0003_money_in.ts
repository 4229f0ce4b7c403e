import { sql, type Kysely } from 'kysely';

/**
 * Money in: QR payment intents, webhook deliveries (payment channels and bank transfers), manual deposit
 * notices, slips, wallet gift links, invite rewards, refunds (cashback) and banners. Balances live in the ledger
 * only; these tables hold the state of each channel and the records operators look at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const positive = (col: string) => sql`${sql.ref(col)} > 0`;

  await db.schema
    .createTable('money_in_qr_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('channel', 'text', (c) =>
      c.notNull().check(sql`channel in ('KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY')`),
    )
    .addColumn('amount', 'bigint', (c) => c.notNull().check(positive('amount')))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('channel_ref', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('PENDING', 'PAID', 'CANCELLED', 'EXPIRED')`),
    )
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_txid', 'text')
    .execute();
  // One pending QR per member and channel.
  await db.schema
    .createIndex('money_in_qr_codes_one_pending')
    .on('money_in_qr_codes')
    .columns(['member_id', 'channel'])
    .unique()
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();

  await db.schema
    .createTable('money_in_incoming')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('txid', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.references('members.id'))
    .addColumn('qrcode_id', 'text', (c) => c.references('money_in_qr_codes.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('from_bank_code', 'text')
    .addColumn('from_account_no', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('money_in_incoming_source_txid', ['source', 'txid'])
    .execute();
  await db.schema
    .createIndex('money_in_incoming_outcome_idx')
    .on('money_in_incoming')
    .column('outcome')
    .execute();

  await db.schema
    .createTable('money_in_deposit_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(positive('amount')))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PENDING', 'MATCHED')`))
    .addColumn('incoming_id', 'bigint', (c) => c.references('money_in_incoming.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('money_in_deposit_notices_member_idx')
    .on('money_in_deposit_notices')
    .columns(['member_id', 'status'])
    .execute();

  await db.schema
    .createTable('money_in_slips')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('PROCESSING', 'SUCCESS', 'FAILED')`))
    .addColumn('note', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('slip_ref', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('money_in_slips_member_idx')
    .on('money_in_slips')
    .columns(['member_id', 'created_at'])
    .execute();
  // A slip (its bank reference) credits once.
  await db.schema
    .createIndex('money_in_slips_credited_ref')
    .on('money_in_slips')
    .column('slip_ref')
    .unique()
    .where(sql.ref('status'), '=', 'SUCCESS')
    .execute();

  await db.schema
    .createTable('money_in_gift_links')
    .addColumn('voucher', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull().check(positive('amount')))
    .addColumn('wallet_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('money_in_invite_rewards')
    .addColumn('invitee_id', 'text', (c) => c.primaryKey().references('members.id'))
    .addColumn('inviter_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('first_deposit', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn('qualified', 'boolean', (c) => c.notNull())
    .addColumn('claim_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('money_in_invite_rewards_inviter_idx')
    .on('money_in_invite_rewards')
    .columns(['inviter_id', 'claim_id'])
    .execute();

  await db.schema
    .createTable('money_in_refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('losses', 'bigint', (c) => c.notNull())
    .addColumn('wins', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(positive('amount')))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('paid_ref', 'text')
    .addUniqueConstraint('money_in_refunds_once_per_period', ['member_id', 'period'])
    .execute();

  await db.schema
    .createTable('money_in_banners')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('invite', 'refund')`))
    .addColumn('locale', 'text', (c) => c.notNull().check(sql`locale in ('th', 'la', 'en')`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'money_in_banners',
    'money_in_refunds',
    'money_in_invite_rewards',
    'money_in_gift_links',
    'money_in_slips',
    'money_in_deposit_notices',
    'money_in_incoming',
    'money_in_qr_codes',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
