import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Db } from '../../platform/db';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { MoneyInLedger } from '../../platform/money-ledger';
import { inviteDb } from './tables';

/**
 * The invite rule (docs/money-in.md): an invitee's FIRST deposit of at least 100 baht gives the inviter 10 % of
 * it, at most 500 baht, as an unclaimed invite bonus. A first deposit below 100 baht qualifies nothing, and
 * later deposits never count. success = invitees whose first deposit qualified; fail = the other invitees
 * (no deposit yet, or a first deposit below the minimum).
 */
export const INVITE_RULE = { minFirstDeposit: 10_000, percent: 10, maxBonus: 50_000 } as const;

export interface InviteSummary {
  /** Unclaimed invite bonus, minor units. */
  amount: number;
  success: number;
  fail: number;
}

export interface InviteEntry {
  from: { name: string };
  amount: number;
  createdAt: string;
}

/** For GET /api/wallet's `invite` (the wallet view calls this; it reads, never writes). */
export async function inviteSummary(db: Kysely<Database>, memberId: string): Promise<InviteSummary> {
  const t = inviteDb(db);
  const invitees = await t
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('invited_by', '=', memberId)
    .executeTakeFirstOrThrow();
  const rewards = await t
    .selectFrom('money_in_invite_rewards')
    .select([
      sql<number>`count(*) filter (where qualified)`.as('success'),
      sql<number>`coalesce(sum(amount) filter (where qualified and claim_id is null), 0)`.as('unclaimed'),
    ])
    .where('inviter_id', '=', memberId)
    .executeTakeFirstOrThrow();
  const success = Number(rewards.success);
  return { amount: Number(rewards.unclaimed), success, fail: Number(invitees.n) - success };
}

export class Invites {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: MoneyInLedger,
  ) {}

  /** Called inside every deposit's transaction. Only a member's first deposit is looked at. */
  async onDeposit(trx: Transaction<Database>, memberId: string, amount: number): Promise<void> {
    const t = inviteDb(trx);
    const member = await t
      .selectFrom('members')
      .select('invited_by')
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!member?.invited_by) return;
    const qualified = amount >= INVITE_RULE.minFirstDeposit;
    const bonus = qualified
      ? Math.min(Math.floor((amount * INVITE_RULE.percent) / 100), INVITE_RULE.maxBonus)
      : 0;
    await t
      .insertInto('money_in_invite_rewards')
      .values({
        invitee_id: memberId,
        inviter_id: member.invited_by,
        first_deposit: amount,
        amount: bonus,
        qualified: qualified && bonus > 0,
        claim_id: null,
        created_at: this.clock.now(),
      })
      .onConflict((oc) => oc.column('invitee_id').doNothing())
      .execute();
  }

  summary(memberId: string): Promise<InviteSummary> {
    return inviteSummary(this.db, memberId);
  }

  /** The member's invitees, newest first, each with the bonus their first deposit earned (0 if none yet). */
  async list(
    memberId: string,
    page: number,
    limit: number,
  ): Promise<{ invites: InviteEntry[]; total: number }> {
    const t = inviteDb(this.db);
    const total = await t
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('invited_by', '=', memberId)
      .executeTakeFirstOrThrow();
    const rows = await t
      .selectFrom('members as m')
      .leftJoin('money_in_invite_rewards as r', 'r.invitee_id', 'm.id')
      .select(['m.name', 'm.created_at', 'r.amount'])
      .where('m.invited_by', '=', memberId)
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return {
      total: Number(total.n),
      invites: rows.map((r) => ({
        from: { name: r.name },
        amount: r.amount ?? 0,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  }

  /** Moves every unclaimed invite bonus into the wallet (`invite` from `invite_expense`). */
  async receive(memberId: string): Promise<{ amount: number; message: 'INVITE_BONUS_SUCCESS' }> {
    return this.db.transaction().execute(async (trx) => {
      const t = inviteDb(trx);
      const rows = await t
        .selectFrom('money_in_invite_rewards')
        .select(['invitee_id', 'amount'])
        .where('inviter_id', '=', memberId)
        .where('qualified', '=', true)
        .where('claim_id', 'is', null)
        .orderBy('invitee_id')
        .forUpdate()
        .execute();
      const amount = rows.reduce((s, r) => s + r.amount, 0);
      if (amount <= 0) throw new AppError('NO_INVITE_BONUS', 400);
      const claimId = newId();
      await t
        .updateTable('money_in_invite_rewards')
        .set({ claim_id: claimId, claimed_at: this.clock.now() })
        .where(
          'invitee_id',
          'in',
          rows.map((r) => r.invitee_id),
        )
        .execute();
      await this.ledger.credit(trx, {
        memberId,
        amount,
        kind: 'invite',
        from: 'invite_expense',
        reference: `invite:${claimId}`,
        meta: {
          invitees: rows.length,
          from: 'invite',
          to: 'wallet',
          description: `invite bonus (${rows.length})`,
        },
      });
      return { amount, message: 'INVITE_BONUS_SUCCESS' as const };
    });
  }
}
