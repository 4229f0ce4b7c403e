import type { Transaction } from 'kysely';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import type { MemberHolds } from '../../platform/member-holds';
import type { Clock } from '../../platform/clock';
import type { Locale } from '../../platform/locale';
import { AppError } from '../../platform/errors';
import { bangkokDate, weekStart } from '../../platform/bangkok-time';
import type { MemberDirectory } from '../accounts/member-directory';
import { isUniqueViolation, newId } from '../../platform/ids';
import type { MoneyInLedger } from '../../core/money-in-ledger';
import type { RoundReports } from '../games/round-reports';
import type { RefundCheck } from './schemas';
import { refundDb } from './tables';

/**
 * The refund (cashback) rule (docs/money-in.md): periods are calendar weeks, Monday 00:00 to Monday 00:00
 * Bangkok time (UTC+7). For the last COMPLETED week the refund is 5 % of the member's net game loss in it
 * (losses − wins of the rounds the game providers reported as played in that week, rounded down to the minor
 * unit), when positive. `receive` accrues it (the received amount) once per week; `addWallet` moves the whole
 * received amount into the wallet. Both are refused while a bonus is held.
 */
export const REFUND_RULE = { percent: 5, periodDays: 7, utcOffsetHours: 7 } as const;

const DAY = 86_400_000;

/** Start (UTC instant) of the Bangkok week holding `t` (platform/bangkok-time.ts). */
export { weekStart };

const periodKey = (start: Date): string => bangkokDate(start);

export type { RefundCheck };

const INFO: Record<Locale, (from: string, to: string) => string> = {
  th: (f, t) =>
    `<p>รับคืนยอดเสีย ${REFUND_RULE.percent}% ของยอดเสียสุทธิ (เสีย − ได้) ของสัปดาห์ที่แล้ว (${f} ถึง ${t}) สัปดาห์ละครั้ง</p><p>ย้ายยอดคืนเข้ากระเป๋าได้เมื่อไม่มีโบนัสค้างอยู่</p>`,
  la: (f, t) =>
    `<p>ຮັບເງິນຄືນ ${REFUND_RULE.percent}% ຂອງຍອດເສຍສຸດທິ (ເສຍ − ໄດ້) ຂອງອາທິດແລ້ວ (${f} ຫາ ${t}) ອາທິດລະເທື່ອ</p><p>ຍ້າຍເງິນຄືນເຂົ້າກະເປົາໄດ້ເມື່ອບໍ່ມີໂບນັດຄ້າງຢູ່</p>`,
  en: (f, t) =>
    `<p>Get back ${REFUND_RULE.percent}% of last week's net game loss (losses − wins, ${f} to ${t}), once a week.</p><p>Received cashback moves to your wallet when no bonus is held.</p>`,
};

export class Refunds {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: MoneyInLedger,
    private readonly members: MemberDirectory,
    private readonly holds: MemberHolds,
    /** The rounds the game providers reported: a week's losses and wins by time of play. */
    private readonly rounds: Pick<RoundReports, 'results'>,
  ) {}

  /** Whether an open bonus condition holds the member's money (docs/bonus.md). */
  private async bonusHeld(memberId: string, ex: Db | Transaction<Database> = this.db): Promise<boolean> {
    return (await this.holds.find(ex, memberId)) !== null;
  }

  private lastPeriod(): { start: Date; end: Date; key: string } {
    const end = weekStart(this.clock.now());
    const start = new Date(end.getTime() - REFUND_RULE.periodDays * DAY);
    return { start, end, key: periodKey(start) };
  }

  private async computed(memberId: string, start: Date, end: Date) {
    const { losses, wins } = await this.rounds.results(memberId, start, end);
    const net = losses - wins;
    return { losses, wins, amount: net > 0 ? Math.floor((net * REFUND_RULE.percent) / 100) : 0 };
  }

  /** Received and not yet moved to the wallet: what `addWallet` moves. */
  private async receivedAmount(memberId: string): Promise<number> {
    const row = await refundDb(this.db)
      .selectFrom('money_in_refunds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('s'))
      .where('member_id', '=', memberId)
      .where('paid_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.s);
  }

  async check(memberId: string, locale: Locale): Promise<RefundCheck> {
    const t = refundDb(this.db);
    const p = this.lastPeriod();
    const received = await t
      .selectFrom('money_in_refunds')
      .select('id')
      .where('member_id', '=', memberId)
      .where('period', '=', p.key)
      .executeTakeFirst();
    const { amount } = received ? { amount: 0 } : await this.computed(memberId, p.start, p.end);
    const bonus = await this.bonusHeld(memberId);
    const joinedAt = await this.members.joinedAt(memberId);
    const success = await t
      .selectFrom('money_in_refunds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    const firstWeek = weekStart(joinedAt);
    const completedWeeks = Math.max(0, Math.round((p.end.getTime() - firstWeek.getTime()) / (7 * DAY)));
    const to = periodKey(new Date(p.end.getTime() - DAY));
    return {
      result: amount > 0 && !bonus,
      bonus,
      info: INFO[locale](p.key, to),
      refundAmount: amount,
      refundSuccess: Number(success.n),
      refundFail: Math.max(0, completedWeeks - Number(success.n)),
      receivedAmount: await this.receivedAmount(memberId),
      period: { from: p.key, to },
    };
  }

  /** Receives last week's refund: it joins the received amount (once per week). */
  async receive(memberId: string): Promise<{ message: 'REFUND_SUCCESS'; refundAmount: number }> {
    if (await this.bonusHeld(memberId)) throw new AppError('REFUND_CONDITION', 409);
    const p = this.lastPeriod();
    const t = refundDb(this.db);
    const already = await t
      .selectFrom('money_in_refunds')
      .select('id')
      .where('member_id', '=', memberId)
      .where('period', '=', p.key)
      .executeTakeFirst();
    if (already) throw new AppError('NO_REFUND', 409);
    const c = await this.computed(memberId, p.start, p.end);
    if (c.amount <= 0) throw new AppError('REFUND_MINIMUM', 400);
    try {
      await t
        .insertInto('money_in_refunds')
        .values({
          id: newId(),
          member_id: memberId,
          period: p.key,
          losses: c.losses,
          wins: c.wins,
          amount: c.amount,
          created_at: this.clock.now(),
          paid_at: null,
          paid_ref: null,
        })
        .execute();
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('NO_REFUND', 409);
      throw e;
    }
    return { message: 'REFUND_SUCCESS', refundAmount: c.amount };
  }

  /** Moves the whole received amount into the wallet (`refund` from `refund_expense`). */
  async addWallet(memberId: string): Promise<{ message: 'REFUND_SUCCESS'; amount: number }> {
    if (await this.bonusHeld(memberId)) throw new AppError('REFUND_CONDITION', 409);
    return this.db.transaction().execute(async (trx) => {
      const t = refundDb(trx);
      const rows = await t
        .selectFrom('money_in_refunds')
        .select(['id', 'amount'])
        .where('member_id', '=', memberId)
        .where('paid_at', 'is', null)
        .orderBy('id')
        .forUpdate()
        .execute();
      const amount = rows.reduce((s, r) => s + r.amount, 0);
      if (amount <= 0) throw new AppError('NO_REFUND', 400);
      // Under the member's wallet lock: a bonus received meanwhile holds this too.
      await this.ledger.lockMain(trx, memberId);
      if (await this.bonusHeld(memberId, trx)) throw new AppError('REFUND_CONDITION', 409);
      const ref = newId();
      await t
        .updateTable('money_in_refunds')
        .set({ paid_at: this.clock.now(), paid_ref: ref })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      await this.ledger.credit(trx, {
        memberId,
        amount,
        kind: 'refund',
        from: 'refund_expense',
        reference: `refund:${ref}`,
        meta: {
          periods: rows.length,
          from: 'refund',
          to: 'wallet',
          description: `refund (${rows.length} weeks)`,
        },
      });
      return { message: 'REFUND_SUCCESS' as const, amount };
    });
  }

  async list(memberId: string, page: number, limit: number) {
    const t = refundDb(this.db);
    const total = await t
      .selectFrom('money_in_refunds')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    const rows = await t
      .selectFrom('money_in_refunds')
      .select(['amount', 'created_at'])
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return {
      total: Number(total.n),
      refunds: rows.map((r) => ({ refundAmount: r.amount, createdAt: new Date(r.created_at).toISOString() })),
    };
  }
}
