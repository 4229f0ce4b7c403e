import { sql, type Kysely } from 'kysely';
import * as m0009 from './0009_game_leg_functions';
import * as m0018 from './0018_one_posting_path';

/**
 * The game legs' posting no costlier than before the one posting path (issue 36, acceptance 7; docs/benchmarks.md
 * "One posting path"): `ledger_write` stays the only code that writes ledger transactions and postings, with the
 * same rules and answers as 0018 gave it (the stale-id guard, never below zero, postings balanced per currency, a
 * repeat only with the same postings), in fewer and lighter statements:
 * - it answers through OUT parameters (`o_id`, `o_state`) instead of a table: a PL/pgSQL caller assigns its call as
 *   a plain expression (no query, no tuplestore); `select o_id, o_state from ledger_write(…)` (`Ledger.post`) is
 *   unchanged;
 * - the accounts are locked and their balances checked in one statement, as 0009's `ledger_post` did: the balances
 *   are read from the locked rows themselves, which a `FOR UPDATE` gives as their last committed version after any
 *   wait (what 2026-11-28's CTE lock got wrong was a check reading the table again, in the statement's snapshot);
 * - one currency (every posting of the game legs, and of `Ledger.post` so far) is checked by the sum and written
 *   without reading the accounts again; the balances are updated without grouping when no account repeats;
 * - `game_leg_start` and `game_leg_settle` call it directly; `ledger_post`, the wrapper they called, is dropped. A
 *   state other than `posted` goes to `ledger_refuse`, which raises as `ledger_post` made them raise
 *   (MONEY_NOT_ENOUGH as a refusal, WL400; a missing account WL500; a repeat "was posted already").
 * The game legs' functions are 0009's otherwise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists ledger_post(text, text, text, text, jsonb, bigint, bigint[], bigint[], text,
    text[])`.execute(db);
  await sql`drop function ledger_write(text, text, text, text, jsonb, bigint, bigint[], bigint[], text, text[])`.execute(
    db,
  );
  await sql`
    create function ledger_write(p_kind text, p_member text, p_reference text, p_key text, p_meta jsonb,
      p_reversal_of bigint, p_accounts bigint[], p_amounts bigint[], p_channel text, p_payloads text[],
      out o_id bigint, out o_state text)
    language plpgsql as $$
    declare
      v_accounts integer;
      v_locked integer;
      v_short boolean;
      v_unbalanced text;
      v_sum bigint;
      v_id bigint;
      v_currency text;
      v_other text;
    begin
      if coalesce(cardinality(p_accounts), 0) < 2 or cardinality(p_accounts) <> coalesce(cardinality(p_amounts), 0)
      then
        raise exception 'a ledger transaction needs at least two postings (%)', p_kind using errcode = 'WL500';
      end if;
      if 0 = any (p_amounts) or array_position(p_amounts, null) is not null then
        raise exception 'posting amounts of % must be non-zero integers', p_kind using errcode = 'WL500';
      end if;
      -- Locked only when every account is there to lock: locking the others (a wallet) while the caller then waits
      -- for the creator of a missing one, which may need the wallet next, would deadlock.
      if cardinality(p_accounts) = 2 then
        v_accounts := case when p_accounts[1] = p_accounts[2] then 1 else 2 end;
      else
        select count(distinct x.id) into v_accounts from unnest(p_accounts) as x (id);
      end if;
      -- The locks in ascending id order, and the check on the balances as locked: a row FOR UPDATE comes out of the
      -- lock as its last committed version (read after any wait), so the balances below are the last holder's.
      select count(*), bool_or(l.owner_type = 'member' and l.balance + v.delta < 0), min(l.currency),
          max(l.currency), sum(v.delta)
        into v_locked, v_short, v_currency, v_other, v_sum
        from (
          select a.id, a.balance, a.owner_type, a.currency from ledger_accounts a
          where a.id = any (p_accounts)
            and (select count(*) from ledger_accounts c where c.id = any (p_accounts)) = v_accounts
          order by a.id
          for update) l
        join (select x.id, sum(x.amount) as delta from unnest(p_accounts, p_amounts) as x (id, amount) group by x.id) v
          on v.id = l.id;
      if v_locked < v_accounts then
        o_state := 'missing';
        return;
      end if;
      -- The postings balance per currency: one currency (the usual case) is the sum; else per currency.
      if v_currency <> v_other then
        select min(s.currency), min(s.total) into v_unbalanced, v_sum
          from (select a.currency, sum(x.amount) as total from unnest(p_accounts, p_amounts) as x (id, amount)
                join ledger_accounts a on a.id = x.id group by a.currency) s
          where s.total <> 0;
      elsif v_sum <> 0 then
        v_unbalanced := v_currency;
      end if;
      if v_unbalanced is not null then
        raise exception 'postings of % do not balance in % (%)', p_kind, v_unbalanced, v_sum using errcode = 'WL500';
      end if;
      if v_short then
        select t.id into v_id from ledger_transactions t where t.kind = p_kind and t.reference = p_reference;
        if v_id is null then
          o_state := 'short';
          return;
        end if;
      else
        insert into ledger_transactions (kind, member_id, reference, idempotency_key, meta, reversal_of)
          values (p_kind, p_member, p_reference, p_key, coalesce(p_meta, '{}'::jsonb), p_reversal_of)
          on conflict (kind, reference) where reference is not null do nothing
          returning id into v_id;
        if v_id is not null then
          -- The postings in the caller's order, each with its account's currency (the one read above when single).
          if v_currency = v_other then
            insert into ledger_postings (transaction_id, account_id, amount, currency)
              select v_id, x.id, x.amount, v_currency
              from unnest(p_accounts, p_amounts) with ordinality as x (id, amount, n)
              order by x.n;
          else
            insert into ledger_postings (transaction_id, account_id, amount, currency)
              select v_id, x.id, x.amount, a.currency
              from unnest(p_accounts, p_amounts) with ordinality as x (id, amount, n)
              join ledger_accounts a on a.id = x.id
              order by x.n;
          end if;
          -- The balances: each account once (summed when an account has more than one posting).
          if v_accounts = cardinality(p_accounts) then
            update ledger_accounts a set balance = a.balance + x.amount
              from unnest(p_accounts, p_amounts) as x (id, amount)
              where a.id = x.id;
          else
            update ledger_accounts a set balance = a.balance + v.delta
              from (select x.id, sum(x.amount) as delta from unnest(p_accounts, p_amounts) as x (id, amount)
                    group by x.id) v
              where a.id = v.id and v.delta <> 0;
          end if;
          if p_channel is not null then
            perform pg_notify(p_channel, x.payload) from unnest(p_payloads) as x (payload)
              where x.payload is not null;
          end if;
          o_id := v_id;
          o_state := 'posted';
          return;
        end if;
        select t.id into v_id from ledger_transactions t where t.kind = p_kind and t.reference = p_reference;
      end if;
      -- (kind, reference) was posted already: the same movement, or an error.
      if (select array_agg(s.x order by s.x) from (select p.account_id || '=' || p.amount as x from ledger_postings p
            where p.transaction_id = v_id) s)
         is distinct from
         (select array_agg(s.x order by s.x) from (select u.id || '=' || u.amount as x
            from unnest(p_accounts, p_amounts) as u (id, amount)) s)
      then
        raise exception 'transaction % was posted with other postings for the same reference', v_id
          using errcode = 'WL500';
      end if;
      o_id := v_id;
      o_state := 'repeat';
    end $$`.execute(db);

  // What the game legs raise when ledger_write did not post (as ledger_post did): called on that path only.
  await sql`
    create function ledger_refuse(p_state text, p_what text) returns void
    language plpgsql as $$
    begin
      if p_state = 'short' then
        raise exception 'MONEY_NOT_ENOUGH' using errcode = 'WL400';
      elsif p_state = 'missing' then
        raise exception 'accounts of % not found', p_what using errcode = 'WL500';
      end if;
      raise exception '% was posted already', p_what;
    end $$`.execute(db);

  await sql`
    create or replace function game_leg_start(p_id text, p_member text, p_code text, p_direction text,
      p_amount bigint, p_key text, p_operation text, p_now timestamptz, p_meta jsonb, p_channel text, p_payload text)
    returns table (o_username text, o_transaction_id bigint)
    language plpgsql as $$
    declare
      v_username text;
      v_tx bigint;
      v_free bigint;
      v_main bigint;
      v_game bigint;
      v_w record;
    begin
      update game_accounts g set version = g.version + 1
        where g.member_id = p_member and g.code = p_code
        returning g.username into v_username;
      if v_username is null then
        raise exception 'SLOT_NO_ACCOUNT' using errcode = 'WL400';
      end if;
      if p_direction = 'out' then
        select coalesce((select a.balance from ledger_accounts a
                          where a.member_id = p_member and a.code = 'game:' || p_code), 0)
             - (select coalesce(sum(t.amount), 0) from game_transfers t
                 where t.member_id = p_member and t.code = p_code and t.status = 'PENDING')
          into v_free;
        if v_free < p_amount then
          raise exception 'MONEY_NOT_ENOUGH' using errcode = 'WL400';
        end if;
      else
        select max(a.id) filter (where a.code = 'main'), max(a.id) filter (where a.code <> 'main')
          into v_main, v_game
          from ledger_accounts a where a.member_id = p_member and a.code in ('main', 'game:' || p_code);
        v_w := ledger_write('transfer', p_member, 'game-in:' || p_id, p_key, p_meta, null,
          array[coalesce(v_main, ledger_member_account(p_member, 'main')),
                coalesce(v_game, ledger_member_account(p_member, 'game:' || p_code))],
          array[-p_amount, p_amount], p_channel, array[p_payload]);
        if v_w.o_state <> 'posted' then
          perform ledger_refuse(v_w.o_state, 'game transfer ' || p_id);
        end if;
        v_tx := v_w.o_id;
      end if;
      insert into game_transfers (id, member_id, code, direction, amount, status, transaction_id, idempotency_key,
          operation_id, created_at)
        values (p_id, p_member, p_code, p_direction, p_amount, 'PENDING', v_tx, p_key, p_operation, p_now);
      return query select v_username, v_tx;
    end $$`.execute(db);

  await sql`
    create or replace function game_leg_settle(p_id text, p_applied boolean, p_failure text, p_now timestamptz,
      p_channel text, p_payload_transfer text, p_payload_game text, p_view boolean)
    returns table (o_status text, o_failure text, o_settled boolean, o_operation text, o_balances json,
      o_games json)
    language plpgsql as $$
    declare
      t game_transfers%rowtype;
      v_member text;
      v_code text;
      v_status text := case when p_applied then 'SUCCESS' else 'FAILED' end;
      v_main bigint;
      v_game bigint;
      v_mirror bigint;
      v_short bigint;
      v_tx bigint;
      v_w record;
    begin
      select g.member_id, g.code into v_member, v_code from game_transfers g where g.id = p_id;
      if v_member is null then
        raise exception 'game transfer % not found', p_id;
      end if;
      update game_accounts g set version = g.version + 1 where g.member_id = v_member and g.code = v_code;
      -- After the lock, in a statement of its own: the transfer as committed by whoever held the lock before.
      select * into t from game_transfers g where g.id = p_id;
      if t.status <> 'PENDING' then
        return query select t.status, t.failure, false, t.operation_id, null::json, null::json;
        return;
      end if;
      if (t.direction = 'out') = p_applied and (t.direction = 'out' or t.transaction_id is not null) then
        select max(a.id) filter (where a.code = 'main'), max(a.id) filter (where a.code <> 'main'),
            max(a.balance) filter (where a.code <> 'main')
          into v_main, v_game, v_mirror
          from ledger_accounts a where a.member_id = t.member_id and a.code in ('main', 'game:' || t.code);
        v_main := coalesce(v_main, ledger_member_account(t.member_id, 'main'));
        v_game := coalesce(v_game, ledger_member_account(t.member_id, 'game:' || t.code));
        v_mirror := coalesce(v_mirror, 0);
        v_short := t.amount - v_mirror;
        if v_short > 0 then
          v_w := ledger_write('game_win', t.member_id, 'shortfall:' || t.id, null,
            jsonb_build_object('code', t.code, 'transferId', t.id,
              'reason', 'settlement found an unseen provider-side win'),
            null,
            array[ledger_system_account('provider_float:' || t.code,
                    (select m.currency from members m where m.id = t.member_id)), v_game],
            array[-v_short, v_short], p_channel, array[p_payload_game]);
          if v_w.o_state <> 'posted' then
            perform ledger_refuse(v_w.o_state, 'shortfall of game transfer ' || p_id);
          end if;
        end if;
        if t.direction = 'out' then
          v_w := ledger_write('transfer', t.member_id, 'game-out:' || t.id, null,
            jsonb_build_object('transferId', t.id, 'from', t.code, 'to', 'wallet'), null,
            array[v_game, v_main], array[-t.amount, t.amount],
            p_channel, array[p_payload_transfer]);
          if v_w.o_state <> 'posted' then
            perform ledger_refuse(v_w.o_state, 'game transfer ' || p_id);
          end if;
          update game_transfers g set status = v_status, settled_at = p_now, transaction_id = v_w.o_id
            where g.id = p_id;
        else
          select r.id into v_tx from ledger_transactions r where r.reversal_of = t.transaction_id;
          if v_tx is null then
            v_w := ledger_write('transfer_reversal', t.member_id, 'reversal:' || t.transaction_id, null,
              jsonb_build_object('transferId', t.id, 'reason', coalesce(p_failure, 'refused by the provider'),
                'reversalOf', t.transaction_id::text),
              t.transaction_id,
              (select array_agg(p.account_id order by p.id) from ledger_postings p
                where p.transaction_id = t.transaction_id),
              (select array_agg(-p.amount order by p.id) from ledger_postings p
                where p.transaction_id = t.transaction_id),
              p_channel, array[p_payload_transfer]);
            if v_w.o_state <> 'posted' then
              perform ledger_refuse(v_w.o_state, 'reversal of game transfer ' || p_id);
            end if;
            v_tx := v_w.o_id;
          end if;
          update game_transfers g set status = v_status, settled_at = p_now,
              failure = coalesce(p_failure, g.failure), reversal_transaction_id = v_tx
            where g.id = p_id;
        end if;
      else
        update game_transfers g set status = v_status, settled_at = p_now, failure = coalesce(p_failure, g.failure)
          where g.id = p_id;
      end if;
      if p_view then
        return query select v_status, coalesce(p_failure, t.failure), true, t.operation_id,
          (select json_object_agg(a.code, a.balance) from ledger_accounts a where a.member_id = v_member),
          (select coalesce(json_agg(g.code order by g.code), '[]'::json) from game_accounts g
            where g.member_id = v_member);
      else
        return query select v_status, coalesce(p_failure, t.failure), true, t.operation_id, null::json, null::json;
      end if;
    end $$`.execute(db);
}

/** Back to 0018: the game legs' functions as 0009 made them, then 0018's `ledger_write` and `ledger_post`. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists ledger_refuse(text, text)`.execute(db);
  await sql`drop function if exists ledger_write(text, text, text, text, jsonb, bigint, bigint[], bigint[], text,
    text[])`.execute(db);
  await m0009.down(db);
  await m0009.up(db);
  await m0018.up(db);
}
