import { sql, type Kysely } from 'kysely';

/**
 * The Lao QR payment channel (LAOQR: a LAPNet merchant QR in kip, docs/money-in.md) joins the five Thai channels a
 * QR intent may name. The column's check constraint (named by PostgreSQL after the column) is replaced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table money_in_qr_codes drop constraint money_in_qr_codes_channel_check`.execute(db);
  await sql`alter table money_in_qr_codes add constraint money_in_qr_codes_channel_check
    check (channel in ('KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY', 'LAOQR'))`.execute(db);
}
