import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { Locale } from '../../platform/locale';
import {
  bonusDescription,
  finishDescription,
  inviteDescription,
  luckydrawDescription,
  refundDescription,
} from './descriptions';
import type { StatementEntry } from './schemas';

export type { StatementEntry };

interface Row {
  id: string;
  kind: string;
  status: string;
  amount: number | string;
  from_account: string | null;
  to_account: string | null;
  meta: Record<string, unknown> | string | null;
  operation_id: string | null;
  created_at: Date | string;
  total: number | string;
}

/** Ledger kinds listed as lines (a bonus's end is listed from the bonus activations, with what it took back). */
const STATEMENT_KINDS = ['deposit', 'bonus', 'invite', 'refund', 'spin_prize', 'withdraw', 'transfer'];

/**
 * The member's statement, newest first, from the ledger: deposits, bonuses (invite and refund rewards show as
 * bonus with their item), finished bonuses, withdrawals (status of the payout: PENDING until the bank answers,
 * FAILED once reversed) and transfers (PENDING while the provider outcome is unknown; FAILED when refused or
 * reversed). A transfer out of a game that has no ledger transaction yet (pending or refused) is listed from
 * game_transfers. The end of a bonus (finished, or cancelled with what was taken back: the ledger's
 * finish_bonus) is listed from bonus_activations. Reversals and game wins/losses are not lines of their own.
 * Related items carry a description in the member's language.
 */
export async function memberStatement(
  db: Db,
  memberId: string,
  page: number,
  limit: number,
  locale: Locale,
): Promise<{ total: number; statements: StatementEntry[] }> {
  const offset = (page - 1) * limit;
  const kinds = sql.join(STATEMENT_KINDS.map((k) => sql.lit(k)));
  const result = await sql<Row>`
    with entries as (
      select t.id::text as id, t.kind, t.created_at, t.id as sort_id,
        case
          when t.kind = 'withdraw' then coalesce(w.status, 'SUCCESS')
          when t.kind = 'transfer' then coalesce(g.status, 'SUCCESS')
          else 'SUCCESS'
        end as status,
        (select greatest(
           coalesce(sum(case when p.amount > 0 then p.amount else 0 end), 0),
           coalesce(sum(case when p.amount < 0 then -p.amount else 0 end), 0))
         from ledger_postings p join ledger_accounts a on a.id = p.account_id
         where p.transaction_id = t.id and a.member_id = t.member_id) as amount,
        t.meta->>'from' as from_account,
        t.meta->>'to' as to_account,
        t.meta as meta,
        coalesce(w.operation_id, g.operation_id) as operation_id
      from ledger_transactions t
      left join withdrawals w on w.transaction_id = t.id
      left join game_transfers g on g.transaction_id = t.id
      where t.member_id = ${memberId} and t.kind in (${kinds})
      union all
      select 'gt:' || g.id, 'transfer', g.created_at, 0, g.status, g.amount, g.code, 'wallet', null,
        g.operation_id
      from game_transfers g
      where g.member_id = ${memberId} and g.transaction_id is null
      union all
      select 'bf:' || b.id, 'finish_bonus', b.ended_at, 0, 'SUCCESS',
        case when b.status = 'finished' then b.amount else b.forfeited end,
        case when b.status = 'finished' then 'bonus' else 'wallet' end,
        case when b.status = 'finished' then 'wallet' else 'bonus' end,
        jsonb_build_object('names', b.names, 'status', b.status, 'promotionCode', b.promotion_code),
        null
      from bonus_activations b
      where b.member_id = ${memberId} and b.status in ('finished', 'cancelled')
    )
    select id, kind, status, amount, from_account, to_account, meta, operation_id, created_at,
      count(*) over () as total
    from entries
    order by created_at desc, sort_id desc, id desc
    limit ${limit} offset ${offset}`.execute(db);

  let total = result.rows.length > 0 ? Number(result.rows[0]?.total ?? 0) : 0;
  if (result.rows.length === 0 && offset > 0) {
    const count = await sql<{ n: number }>`
      select (select count(*) from ledger_transactions t where t.member_id = ${memberId} and t.kind in (${kinds}))
        + (select count(*) from game_transfers g where g.member_id = ${memberId} and g.transaction_id is null)
        + (select count(*) from bonus_activations b
           where b.member_id = ${memberId} and b.status in ('finished', 'cancelled')) as n
    `.execute(db);
    total = Number(count.rows[0]?.n ?? 0);
  }
  const statements = result.rows.map((r): StatementEntry => {
    const base = {
      _id: r.id,
      from: r.from_account ?? (r.kind === 'withdraw' || r.kind === 'transfer' ? 'wallet' : r.kind),
      to: r.to_account ?? (r.kind === 'withdraw' ? 'bank' : 'wallet'),
      status: (['SUCCESS', 'FAILED', 'PENDING'].includes(r.status)
        ? r.status
        : 'PENDING') as StatementEntry['status'],
      amount: Number(r.amount),
      createdAt: new Date(r.created_at).toISOString(),
      ...(r.operation_id ? { operationId: r.operation_id } : {}),
    };
    const meta: Record<string, unknown> =
      typeof r.meta === 'string' ? (JSON.parse(r.meta) as Record<string, unknown>) : (r.meta ?? {});
    const promoted = typeof meta.promotionCode === 'string';
    switch (r.kind) {
      case 'invite':
        return { ...base, statementType: 'bonus', invite: { description: inviteDescription(meta, locale) } };
      case 'refund':
        return { ...base, statementType: 'bonus', refund: { description: refundDescription(meta, locale) } };
      case 'bonus': {
        const item = { description: bonusDescription(meta, locale) };
        // A bonus won on the wheel is the wheel's (luckydraw); through a promotion, the promotion's.
        const related =
          typeof meta.grant === 'string'
            ? { luckydraw: item }
            : promoted
              ? { promotion: item }
              : { bonus: item };
        return { ...base, statementType: 'bonus', ...related };
      }
      case 'spin_prize':
        return {
          ...base,
          statementType: 'bonus',
          luckydraw: { description: luckydrawDescription(meta, locale) },
        };
      case 'finish_bonus': {
        const item = { description: finishDescription(meta, locale) };
        return {
          ...base,
          statementType: 'finish_bonus',
          ...(promoted ? { promotion: item } : { bonus: item }),
        };
      }
      case 'deposit':
      case 'withdraw':
      case 'transfer':
        return { ...base, statementType: r.kind };
      default:
        return { ...base, statementType: 'transfer' };
    }
  });
  return { total, statements };
}
