import { sql, type Kysely } from 'kysely';
import { ledgerPost0009 } from './0009_game_leg_functions';

/**
 * One posting path (issue 36, docs/ledger.md "Two statements per posting"): `ledger_write` is the only code that
 * writes ledger transactions and postings. `Ledger.post` calls it (one statement per posting once the accounts are
 * known), and so do the game legs' functions, through `ledger_post`, whose body becomes a call of it. Before, the
 * ledger's rules were written twice: in TypeScript (`Ledger.post`'s own statements) and in `ledger_post` (0009).
 *
 * `ledger_write(kind, member, reference, key, meta, reversal_of, accounts, amounts, channel, payloads)`, in the
 * caller's transaction:
 * 1. at least two postings, each a non-zero amount (else an error, SQLSTATE WL500: a programming error);
 * 2. every account exists (else `missing`, with nothing locked: a kept id of an account created by a transaction
 *    that rolled back, or that another transaction is still creating; the caller reads its accounts again), and
 *    they are locked in ascending id order, in a statement of their own;
 * 3. in the next statement (its snapshot taken once the locks are held, so it reads the balances as the last
 *    holder left them): the postings balance per currency (else WL500), and whether a member account would go
 *    below zero (`short`, nothing written — unless the reference was posted already: `repeat`);
 * 4. the transaction row, `ON CONFLICT (kind, reference) DO NOTHING`: a repeat writes nothing and answers the
 *    first transaction (`repeat`) after checking it carries the same postings (same accounts, same amounts; else
 *    WL500 — two different movements never share a reference silently);
 * 5. the postings, the balances and one NOTIFY per payload on `channel` (the members' `wallet:changed`).
 *
 * `ledger_post` keeps its signature (the game legs' functions call it): MONEY_NOT_ENOUGH raised as a refusal
 * (WL400), null for a repeat.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function ledger_write(p_kind text, p_member text, p_reference text, p_key text, p_meta jsonb,
      p_reversal_of bigint, p_accounts bigint[], p_amounts bigint[], p_channel text, p_payloads text[])
    returns table (o_id bigint, o_state text)
    language plpgsql as $$
    declare
      v_accounts integer;
      v_locked integer;
      v_short boolean;
      v_unbalanced text;
      v_sum bigint;
      v_id bigint;
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
      select count(*), (select count(distinct x.id) from unnest(p_accounts) as x (id))
        into v_locked, v_accounts
        from (
          select a.id from ledger_accounts a
          where a.id = any (p_accounts)
            and (select count(*) from ledger_accounts c where c.id = any (p_accounts))
              = (select count(distinct x.id) from unnest(p_accounts) as x (id))
          order by a.id
          for update) l;
      if v_locked < v_accounts then
        return query select null::bigint, 'missing'::text;
        return;
      end if;
      select bool_or(s.short), min(s.currency) filter (where s.total <> 0), min(s.total) filter (where s.total <> 0)
        into v_short, v_unbalanced, v_sum
        from (
          select a.currency, sum(v.delta) as total, bool_or(a.owner_type = 'member' and a.balance + v.delta < 0) as short
          from (select x.id, sum(x.amount) as delta from unnest(p_accounts, p_amounts) as x (id, amount) group by x.id) v
          join ledger_accounts a on a.id = v.id
          group by a.currency
        ) s;
      if v_unbalanced is not null then
        raise exception 'postings of % do not balance in % (%)', p_kind, v_unbalanced, v_sum using errcode = 'WL500';
      end if;
      if v_short then
        select t.id into v_id from ledger_transactions t where t.kind = p_kind and t.reference = p_reference;
        if v_id is null then
          return query select null::bigint, 'short'::text;
          return;
        end if;
      else
        insert into ledger_transactions (kind, member_id, reference, idempotency_key, meta, reversal_of)
          values (p_kind, p_member, p_reference, p_key, coalesce(p_meta, '{}'::jsonb), p_reversal_of)
          on conflict (kind, reference) where reference is not null do nothing
          returning id into v_id;
        if v_id is not null then
          insert into ledger_postings (transaction_id, account_id, amount, currency)
            select v_id, x.id, x.amount, a.currency
            from unnest(p_accounts, p_amounts) with ordinality as x (id, amount, n)
            join ledger_accounts a on a.id = x.id
            order by x.n;
          update ledger_accounts a set balance = a.balance + v.delta
            from (select x.id, sum(x.amount) as delta from unnest(p_accounts, p_amounts) as x (id, amount)
                  group by x.id) v
            where a.id = v.id and v.delta <> 0;
          if p_channel is not null then
            perform pg_notify(p_channel, x.payload) from unnest(p_payloads) as x (payload)
              where x.payload is not null;
          end if;
          return query select v_id, 'posted'::text;
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
      return query select v_id, 'repeat'::text;
    end $$`.execute(db);

  await sql`
    create or replace function ledger_post(p_kind text, p_member text, p_reference text, p_key text, p_meta jsonb,
      p_reversal_of bigint, p_accounts bigint[], p_amounts bigint[], p_channel text, p_payloads text[])
    returns bigint
    language plpgsql as $$
    declare
      v_id bigint;
      v_state text;
    begin
      select w.o_id, w.o_state into v_id, v_state
        from ledger_write(p_kind, p_member, p_reference, p_key, p_meta, p_reversal_of, p_accounts, p_amounts,
          p_channel, p_payloads) w;
      if v_state = 'short' then
        raise exception 'MONEY_NOT_ENOUGH' using errcode = 'WL400';
      elsif v_state = 'missing' then
        raise exception 'accounts of % not found', p_kind using errcode = 'WL500';
      elsif v_state = 'repeat' then
        return null;
      end if;
      return v_id;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists ledger_post(text, text, text, text, jsonb, bigint, bigint[], bigint[], text,
    text[])`.execute(db);
  await ledgerPost0009.execute(db);
  await sql`drop function if exists ledger_write(text, text, text, text, jsonb, bigint, bigint[], bigint[], text,
    text[])`.execute(db);
}
