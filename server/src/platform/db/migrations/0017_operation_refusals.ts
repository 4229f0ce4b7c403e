import { sql, type Kysely } from 'kysely';

/**
 * A keyed money request that was refused before anything moved is remembered as a FAILED operation without legs
 * (docs/ledger.md "A key's first final answer"): `refusal` keeps what the answer carried besides the catalogue code
 * of `error` — its HTTP status, message and extra fields — so that every later request with the key gets the same
 * answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table operations add column refusal jsonb`.execute(db);
}
