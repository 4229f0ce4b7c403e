import { sql, type Kysely } from 'kysely';

/**
 * Slips in review (status PROCESSING: the verifier gave no answer, an operator decides) found without reading every
 * slip: the metrics' `wallet_slips_in_review`, read at every scrape (docs/operations.md), the slip retry job and
 * the operators' queue ask for them; money_in_slips keeps every slip ever uploaded. A partial index holds only the
 * few in review.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('money_in_slips_processing_idx')
    .on('money_in_slips')
    .column('created_at')
    .where(sql.ref('status'), '=', 'PROCESSING')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('money_in_slips_processing_idx').execute();
}
