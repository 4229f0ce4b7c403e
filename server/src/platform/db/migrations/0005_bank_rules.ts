import { sql, type Kysely } from 'kysely';

/**
 * Banks: the digits of an account number (account_no_min..account_no_max, checked at registration) and the BCEL
 * names of the seed corrected (its English name was the French one alone, its Lao name lacked ມະຫາຊົນ). Only rows
 * still holding the old seeded text are renamed: an operator's own edit stays. Lengths: see SeedBank in
 * features/content/seed-content.ts (Thai commercial banks 10, GSB/BAAC/GHB 12, Lao banks 10 to 18).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('banks')
    .addColumn('account_no_min', 'integer', (c) => c.notNull().defaultTo(10))
    .execute();
  await db.schema
    .alterTable('banks')
    .addColumn('account_no_max', 'integer', (c) => c.notNull().defaultTo(18))
    .execute();
  await sql`update banks set account_no_min = 10, account_no_max = 10
    where code in ('KBANK', 'SCB', 'KTB', 'TMB', 'BBL', 'BAY', 'KKP')`.execute(db);
  await sql`update banks set account_no_min = 12, account_no_max = 12 where code in ('GSB', 'BAAC', 'GHB')`.execute(
    db,
  );
  await sql`update banks set name_en = 'BCEL (Banque pour le Commerce Extérieur Lao Public)'
    where code = 'BCEL' and name_en = 'Banque pour le Commerce Extérieur Lao'`.execute(db);
  await sql`update banks set name_la = 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ ມະຫາຊົນ'
    where code = 'BCEL' and name_la = 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ'`.execute(db);
  await sql`update banks set name_th = 'ธนาคารการค้าต่างประเทศลาว มหาชน'
    where code = 'BCEL' and name_th = 'ธนาคารการค้าต่างประเทศลาว'`.execute(db);
  await db.schema
    .alterTable('banks')
    .addCheckConstraint(
      'banks_account_no_range',
      sql`account_no_min >= 1 and account_no_min <= account_no_max`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('banks').dropConstraint('banks_account_no_range').execute();
  await db.schema.alterTable('banks').dropColumn('account_no_max').execute();
  await db.schema.alterTable('banks').dropColumn('account_no_min').execute();
}
