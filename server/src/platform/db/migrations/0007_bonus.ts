import { sql, type Kysely } from 'kysely';

/**
 * The bonus engine (docs/bonus.md) and the game rounds it measures turnover from:
 * - game_rounds: each round a game provider reports (bet and win), once per (provider, round id);
 * - bonus_definitions: the bonuses the operator offers (amounts per wallet currency, turnover rule, banners);
 * - promotions: codes that grant a bonus, once per member, up to a total;
 * - bonus_activations: each receipt of a bonus by a member with a snapshot of its rules and its turnover
 *   progress. At most one `active` row per member; a deposit qualifies one bonus; a promotion once per member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_rounds')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('category', 'text', (c) => c.notNull().check(sql`category in ('slot', 'sport', 'lotto')`))
    .addColumn('bet', 'bigint', (c) => c.notNull().check(sql`bet >= 0`))
    .addColumn('win', 'bigint', (c) => c.notNull().check(sql`win >= 0`))
    .addColumn('played_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_rounds_once', ['provider', 'round_id'])
    .execute();
  await db.schema.createIndex('game_rounds_member').on('game_rounds').columns(['member_id', 'id']).execute();

  await db.schema
    .createTable('bonus_definitions')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z0-9_]{2,40}$'`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('limit', 'day', 'week')`))
    .addColumn('max_received', 'integer', (c) => c.notNull().check(sql`max_received >= 1`))
    .addColumn('reward_kind', 'text', (c) => c.notNull().check(sql`reward_kind in ('percent', 'fixed')`))
    .addColumn('percent', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`percent between 0 and 1000`),
    )
    // {"THB": {"fixed": 0, "cap": 50000, "minDeposit": 10000}, "LAK": {...}}: no entry, not offered
    .addColumn('amounts', 'jsonb', (c) => c.notNull())
    .addColumn('turnover_multiple', 'integer', (c) =>
      c.notNull().check(sql`turnover_multiple between 0 and 100`),
    )
    .addColumn('turnover_base', 'text', (c) =>
      c.notNull().check(sql`turnover_base in ('bonus', 'bonus_deposit')`),
    )
    // {"slot": 100, "sport": 50, "lotto": 0}: percent of each bet that counts
    .addColumn('contributions', 'jsonb', (c) => c.notNull())
    .addColumn('percent_fail', 'integer', (c) => c.notNull().check(sql`percent_fail between 0 and 100`))
    .addColumn('cancellable', 'boolean', (c) => c.notNull().defaultTo(true))
    // listed: shown on the bonus page; a promotion's bonus is usually not
    .addColumn('listed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('names', 'jsonb', (c) => c.notNull())
    // [{"image": "/media/bonus/x.svg", "html": {"th": "…", "la": "…", "en": "…"}}]
    .addColumn('banners', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('promotions')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z0-9_-]{3,40}$'`))
    .addColumn('bonus_code', 'text', (c) => c.notNull().references('bonus_definitions.code'))
    .addColumn('descriptions', 'jsonb', (c) => c.notNull())
    .addColumn('max_total', 'integer', (c) => c.check(sql`max_total >= 1`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('bonus_activations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('members.id'))
    .addColumn('bonus_code', 'text', (c) => c.notNull().references('bonus_definitions.code'))
    .addColumn('promotion_code', 'text', (c) => c.references('promotions.code'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active', 'finished', 'cancelled')`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('deposit', 'bigint', (c) => c.notNull().check(sql`deposit >= 0`))
    .addColumn('deposit_tx', 'bigint')
    .addColumn('turnover_needed', 'bigint', (c) => c.notNull().check(sql`turnover_needed >= 0`))
    .addColumn('turnover_done', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bets_slot', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bets_sport', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bets_lotto', 'bigint', (c) => c.notNull().defaultTo(0))
    // the rules as they were when received (an operator's later edit does not change an open condition)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('contributions', 'jsonb', (c) => c.notNull())
    .addColumn('percent_fail', 'integer', (c) => c.notNull())
    .addColumn('cancellable', 'boolean', (c) => c.notNull())
    .addColumn('names', 'jsonb', (c) => c.notNull())
    .addColumn('day_key', 'text', (c) => c.notNull())
    .addColumn('week_key', 'text', (c) => c.notNull())
    .addColumn('credit_tx', 'bigint', (c) => c.notNull())
    .addColumn('forfeited', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('activated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('idempotency_key', 'text')
    .execute();
  await sql`create unique index bonus_activations_one_active on bonus_activations (member_id)
    where status = 'active'`.execute(db);
  await sql`create unique index bonus_activations_deposit_once on bonus_activations (deposit_tx)
    where deposit_tx is not null`.execute(db);
  await sql`create unique index bonus_activations_promotion_once on bonus_activations (promotion_code, member_id)
    where promotion_code is not null`.execute(db);
  await db.schema
    .createIndex('bonus_activations_member')
    .on('bonus_activations')
    .columns(['member_id', 'bonus_code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['bonus_activations', 'promotions', 'bonus_definitions', 'game_rounds']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
