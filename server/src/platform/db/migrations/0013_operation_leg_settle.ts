import { sql, type Kysely } from 'kysely';

/**
 * The operation's side of a leg's settlement as a function (issue 11, docs/ledger.md "Batched starts and
 * settlements"): sets the pending leg's outcome and, when the leg was what the operation waited for, finishes the
 * pending operation — what `OperationStore.settleLegCtes` writes in a lone settlement's statement. A batched
 * settlement calls it once per leg its game settlement settled; each call finds its rows by primary key (a join of
 * a batch with `operation_legs` could be planned as a scan, and a prepared statement keeps its plan as the table
 * grows).
 * Answers whether the leg was written (false: it was not pending any more; then nothing changes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function operation_leg_settle(p_operation text, p_seq integer, p_status text, p_error text,
      p_op_status text, p_op_error text, p_at timestamptz)
    returns boolean
    language plpgsql as $$
    begin
      update operation_legs set status = p_status, error = p_error, settled_at = p_at
        where operation_id = p_operation and seq = p_seq and status = 'PENDING';
      if not found then
        return false;
      end if;
      if p_op_status is not null then
        update operations set status = p_op_status, error = p_op_error, updated_at = p_at, settled_at = p_at
          where id = p_operation and status = 'PENDING';
      end if;
      return true;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists operation_leg_settle(text, integer, text, text, text, text, timestamptz)`.execute(
    db,
  );
}
