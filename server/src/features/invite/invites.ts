import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Db } from '../../platform/db';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { MemberDirectory } from '../accounts/member-directory';
import { newId } from '../../platform/ids';
import type { MoneyInLedger } from '../../core/money-in-ledger';
import type { InviteEntry, InviteSummary } from './schemas';
import { inviteDb } from './tables';

/**
 * The invite rule (docs/money-in.md): an invitee's FIRST deposit of at least 100 baht gives the inviter 10 % of
 * it, at most 500 baht, as an unclaimed invite bonus. A first deposit below 100 baht qualifies nothing, and
 * later deposits never count. success = invitees whose first deposit qualified; fail = the other invitees
 * (no deposit yet, or a first deposit below the minimum).
 */
export const INVITE_RULE = { minFirstDeposit: 10_000, percent: 10, maxBonus: 50_000 } as const;

export type { InviteEntry, InviteSummary };

/**
 * The summary from the member's invitee count and, over its money_in_invite_rewards rows, the qualified count and
 * the unclaimed qualified amount (the wallet read model reads these in its own statement).
 */
export function inviteSummaryOf(
  invitees: number | string,
  qualified: number | string,
  unclaimed: number | string,
): InviteSummary {
  const success = Number(qualified);
  return { amount: Number(unclaimed), success, fail: Number(invitees) - success };
}

export class Invites {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: MoneyInLedger,
    private readonly members: MemberDirectory,
  ) {}

  /** Called inside every deposit's transaction. Only a member's first deposit is looked at. */
  async onDeposit(trx: Transaction<Database>, memberId: string, amount: number): Promise<void> {
    const t = inviteDb(trx);
    const inviter = await this.members.inviterOf(trx, memberId);
    if (!inviter) return;
    const qualified = amount >= INVITE_RULE.minFirstDeposit;
    const bonus = qualified
      ? Math.min(Math.floor((amount * INVITE_RULE.percent) / 100), INVITE_RULE.maxBonus)
      : 0;
    await t
      .insertInto('money_in_invite_rewards')
      .values({
        invitee_id: memberId,
        inviter_id: inviter,
        first_deposit: amount,
        amount: bonus,
        qualified: qualified && bonus > 0,
        claim_id: null,
        created_at: this.clock.now(),
      })
      .onConflict((oc) => oc.column('invitee_id').doNothing())
      .execute();
  }

  /** For GET /api/wallet's `invite` (the wallet read model calls this; it reads, never writes). */
  async summary(memberId: string): Promise<InviteSummary> {
    const invitees = await this.members.inviteeCount(memberId);
    const rewards = await inviteDb(this.db)
      .selectFrom('money_in_invite_rewards')
      .select([
        sql<number>`count(*) filter (where qualified)`.as('success'),
        sql<number>`coalesce(sum(amount) filter (where qualified and claim_id is null), 0)`.as('unclaimed'),
      ])
      .where('inviter_id', '=', memberId)
      .executeTakeFirstOrThrow();
    return inviteSummaryOf(invitees, rewards.success, rewards.unclaimed);
  }

  /** The member's invitees, newest first, each with the bonus their first deposit earned (0 if none yet). */
  async list(
    memberId: string,
    page: number,
    limit: number,
  ): Promise<{ invites: InviteEntry[]; total: number }> {
    const total = await this.members.inviteeCount(memberId);
    const invitees = await this.members.invitees(memberId, page, limit);
    const rewards =
      invitees.length === 0
        ? []
        : await inviteDb(this.db)
            .selectFrom('money_in_invite_rewards')
            .select(['invitee_id', 'amount'])
            .where(
              'invitee_id',
              'in',
              invitees.map((i) => i.id),
            )
            .execute();
    const earned = new Map(rewards.map((r) => [r.invitee_id, r.amount]));
    return {
      total,
      invites: invitees.map((i) => ({
        from: { name: i.name },
        amount: earned.get(i.id) ?? 0,
        createdAt: i.createdAt.toISOString(),
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
