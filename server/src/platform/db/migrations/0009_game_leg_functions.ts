import { sql, type Kysely } from 'kysely';

/**
 * `ledger_post` as this migration created it (migration 0018 replaces its body with a call of `ledger_write`, the
 * one posting path; its `down` puts this one back).
 */
export const ledgerPost0009 = sql`
    create function ledger_post(p_kind text, p_member text, p_reference text, p_key text, p_meta jsonb,
      p_reversal_of bigint, p_accounts bigint[], p_amounts bigint[], p_channel text, p_payloads text[])
    returns bigint
    language plpgsql as $$
    declare
      v_id bigint;
    begin
      -- The accounts locked in ascending id order, and the check on their balances as locked, in one statement.
      if exists (
        select 1
        from (select a.id, a.balance, a.owner_type from ledger_accounts a where a.id = any (p_accounts)
              order by a.id for update) l
        join (select x.id, sum(x.amount) as delta from unnest(p_accounts, p_amounts) as x (id, amount) group by x.id) v
          on v.id = l.id
        where l.owner_type = 'member' and l.balance + v.delta < 0
      ) then
        raise exception 'MONEY_NOT_ENOUGH' using errcode = 'WL400';
      end if;
      insert into ledger_transactions (kind, member_id, reference, idempotency_key, meta, reversal_of)
        values (p_kind, p_member, p_reference, p_key, coalesce(p_meta, '{}'::jsonb), p_reversal_of)
        on conflict (kind, reference) where reference is not null do nothing
        returning id into v_id;
      if v_id is null then
        return null;
      end if;
      insert into ledger_postings (transaction_id, account_id, amount, currency)
        select v_id, x.id, x.amount, a.currency
        from unnest(p_accounts, p_amounts) with ordinality as x (id, amount, n)
        join ledger_accounts a on a.id = x.id
        order by x.n;
      update ledger_accounts a set balance = a.balance + v.delta
        from (select x.id, sum(x.amount) as delta from unnest(p_accounts, p_amounts) as x (id, amount) group by x.id) v
        where a.id = v.id and v.delta <> 0;
      if p_channel is not null then
        perform pg_notify(p_channel, x.payload) from unnest(p_payloads) as x (payload) where x.payload is not null;
      end if;
      return v_id;
    end $$`;

/**
 * A game transfer's two database steps as functions (issue 11: fewer statements per transfer, docs/ledger.md
 * "Games"): `game_leg_start` locks the game account, checks what can leave the game or posts main → game, and
 * records the transfer; `game_leg_settle` settles it from the provider's answer (posting game → main, a reversal,
 * an unseen win). Each is ONE statement for the server (one round trip; atomic on its own, or inside the caller's
 * transaction), with the same locks in the same order and the same checks as the statements they replace.
 *
 * `ledger_post` is the ledger's posting for those functions: it locks the accounts in ascending id order, refuses
 * (MONEY_NOT_ENOUGH) when a member account would go below zero, and writes the transaction, its postings, the new
 * balances and the members' NOTIFY events — what `Ledger.post` writes in its own statement. The table constraints
 * hold either way: postings balance per currency (deferred trigger), member balances never go negative (CHECK).
 *
 * A refusal the member should see is raised with SQLSTATE WL400 and the catalogue code as its message
 * (platform/db/raised.ts turns it into the AppError); nothing of the statement is written then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_member_account(p_member text, p_code text) returns bigint
    language plpgsql as $$
    declare
      v_id bigint;
    begin
      select a.id into v_id from ledger_accounts a where a.member_id = p_member and a.code = p_code;
      if v_id is null then
        insert into ledger_accounts (owner_type, member_id, code, currency)
          select 'member', m.id, p_code, m.currency from members m where m.id = p_member
          on conflict (member_id, code) where member_id is not null do nothing
          returning id into v_id;
        if v_id is null then
          select a.id into v_id from ledger_accounts a where a.member_id = p_member and a.code = p_code;
        end if;
        if v_id is null then
          raise exception 'NO_USER' using errcode = 'WL400';
        end if;
      end if;
      return v_id;
    end $$`.execute(db);

  await sql`
    create function ledger_system_account(p_code text, p_currency text) returns bigint
    language plpgsql as $$
    declare
      v_id bigint;
    begin
      select a.id into v_id from ledger_accounts a
        where a.member_id is null and a.code = p_code and a.currency = p_currency;
      if v_id is null then
        insert into ledger_accounts (owner_type, member_id, code, currency)
          values ('system', null, p_code, p_currency)
          on conflict (code, currency) where member_id is null do nothing
          returning id into v_id;
        if v_id is null then
          select a.id into v_id from ledger_accounts a
            where a.member_id is null and a.code = p_code and a.currency = p_currency;
        end if;
      end if;
      return v_id;
    end $$`.execute(db);

  // Returns the new transaction's id; null when (kind, reference) was posted already (nothing written).
  await ledgerPost0009.execute(db);

  // Locks the game account (the first lock of every game transaction) and bumps its version, then: out, checks the
  // mirror less the pending transfers (read after the lock: it sees every transfer committed while this one
  // waited); in, posts main → game. Records the transfer PENDING. Returns the provider username and the posting.
  await sql`
    create function game_leg_start(p_id text, p_member text, p_code text, p_direction text, p_amount bigint,
      p_key text, p_operation text, p_now timestamptz, p_meta jsonb, p_channel text, p_payload text)
    returns table (o_username text, o_transaction_id bigint)
    language plpgsql as $$
    declare
      v_username text;
      v_tx bigint;
      v_free bigint;
      v_main bigint;
      v_game bigint;
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
        v_tx := ledger_post('transfer', p_member, 'game-in:' || p_id, p_key, p_meta, null,
          array[coalesce(v_main, ledger_member_account(p_member, 'main')),
                coalesce(v_game, ledger_member_account(p_member, 'game:' || p_code))],
          array[-p_amount, p_amount], p_channel, array[p_payload]);
        if v_tx is null then
          raise exception 'game transfer % was posted already', p_id;
        end if;
      end if;
      insert into game_transfers (id, member_id, code, direction, amount, status, transaction_id, idempotency_key,
          operation_id, created_at)
        values (p_id, p_member, p_code, p_direction, p_amount, 'PENDING', v_tx, p_key, p_operation, p_now);
      return query select v_username, v_tx;
    end $$`.execute(db);

  // Settles a pending transfer once, under the game account's lock (a second call finds it settled and changes
  // nothing). Applied: in → SUCCESS; out → game → main posted. Refused: in → its posting reversed; out → FAILED.
  // When the mirror holds less than the settlement takes out of it, the difference is a win the provider saw and
  // we did not yet: posted as game_win first (provider float → game). Returns the transfer's status and failure
  // after it, whether this call settled it, its operation and, with p_view, what the transfer's answer shows after
  // it: the member's balances by account code and open game accounts (as TransferService.after reads them).
  await sql`
    create function game_leg_settle(p_id text, p_applied boolean, p_failure text, p_now timestamptz,
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
          v_tx := ledger_post('game_win', t.member_id, 'shortfall:' || t.id, null,
            jsonb_build_object('code', t.code, 'transferId', t.id,
              'reason', 'settlement found an unseen provider-side win'),
            null,
            array[ledger_system_account('provider_float:' || t.code,
                    (select m.currency from members m where m.id = t.member_id)), v_game],
            array[-v_short, v_short], p_channel, array[p_payload_game]);
          if v_tx is null then
            raise exception 'shortfall of game transfer % was posted already', p_id;
          end if;
        end if;
        if t.direction = 'out' then
          v_tx := ledger_post('transfer', t.member_id, 'game-out:' || t.id, null,
            jsonb_build_object('transferId', t.id, 'from', t.code, 'to', 'wallet'), null,
            array[v_game, v_main], array[-t.amount, t.amount],
            p_channel, array[p_payload_transfer]);
          if v_tx is null then
            raise exception 'game transfer % was posted already', p_id;
          end if;
          update game_transfers g set status = v_status, settled_at = p_now, transaction_id = v_tx
            where g.id = p_id;
        else
          select r.id into v_tx from ledger_transactions r where r.reversal_of = t.transaction_id;
          if v_tx is null then
            v_tx := ledger_post('transfer_reversal', t.member_id, 'reversal:' || t.transaction_id, null,
              jsonb_build_object('transferId', t.id, 'reason', coalesce(p_failure, 'refused by the provider'),
                'reversalOf', t.transaction_id::text),
              t.transaction_id,
              (select array_agg(p.account_id order by p.id) from ledger_postings p
                where p.transaction_id = t.transaction_id),
              (select array_agg(-p.amount order by p.id) from ledger_postings p
                where p.transaction_id = t.transaction_id),
              p_channel, array[p_payload_transfer]);
            if v_tx is null then
              raise exception 'reversal of game transfer % was posted already', p_id;
            end if;
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

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists game_leg_settle(text, boolean, text, timestamptz, text, text, text, boolean)`.execute(
    db,
  );
  await sql`drop function if exists game_leg_start(text, text, text, text, bigint, text, text, timestamptz, jsonb,
    text, text)`.execute(db);
  await sql`drop function if exists ledger_post(text, text, text, text, jsonb, bigint, bigint[], bigint[], text,
    text[])`.execute(db);
  await sql`drop function if exists ledger_system_account(text, text)`.execute(db);
  await sql`drop function if exists ledger_member_account(text, text)`.execute(db);
}
