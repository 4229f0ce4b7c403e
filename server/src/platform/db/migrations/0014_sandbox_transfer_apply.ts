import { sql, type Kysely } from 'kysely';

/**
 * The sandbox providers' transfer as a function (issue 11, docs/ledger.md "Batched starts and settlements"): what
 * `SandboxGames.applyTransfer` did in one statement, so that concurrent transfers can share one statement and one
 * commit, as a provider with its own database would group its own writes. The player's row is locked first (a
 * concurrent transfer of the same player waits, then reads the balance it left); the transfer id is recorded with
 * its answer; an applied transfer moves the balance. A repeated id records nothing, moves nothing and answers its
 * first answer. Each call of a batch sees the calls before it (one player twice in a batch: the second reads the
 * balance the first left).
 * Answers 'applied' or 'refused' (a balance short for `out`, or no such player).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function sandbox_transfer_apply(p_provider text, p_transfer text, p_username text, p_direction text,
      p_amount bigint)
    returns text
    language plpgsql as $$
    declare
      v_delta bigint := case when p_direction = 'in' then p_amount else -p_amount end;
      v_balance bigint;
      v_outcome text;
    begin
      select balance into v_balance from sandbox_game_players
        where provider = p_provider and username = p_username
        for update;
      insert into sandbox_game_transfers (provider, transfer_id, username, direction, amount, outcome)
        values (p_provider, p_transfer, p_username, p_direction, p_amount,
          case when v_balance + v_delta >= 0 then 'applied' else 'refused' end)
        on conflict (provider, transfer_id) do nothing
        returning outcome into v_outcome;
      if v_outcome is null then
        select outcome into strict v_outcome from sandbox_game_transfers
          where provider = p_provider and transfer_id = p_transfer;
        return v_outcome;
      end if;
      if v_outcome = 'applied' then
        update sandbox_game_players set balance = balance + v_delta
          where provider = p_provider and username = p_username;
      end if;
      return v_outcome;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists sandbox_transfer_apply(text, text, text, text, bigint)`.execute(db);
}
