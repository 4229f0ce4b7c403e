import { sql, type Transaction } from 'kysely';
import type { Ledger } from '../../core/ledger';
import { dayKey, weekKey } from '../../platform/bangkok-time';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { Locale } from '../../platform/locale';
import type { MemberEvents } from '../../platform/member-events';
import type { MemberHold } from '../../platform/member-holds';
import type { PlayedRound } from '../games/round-reports';
import type { BonusCatalogue, PromotionDefinition } from './definitions';
import { bonusAmount, contribution, forfeitOf, progressPercent, turnoverNeeded } from './rules';
import type { ActiveCheck, Activation, Bonus, ClearResult, MinimumCheck, Turnover } from './schemas';
import { activeRow, checkCount, checkPromotion, qualifyingDeposit, type ActivationRow } from './bonus-checks';
import { bonusDb } from './tables';

type Trx = Transaction<Database>;

/** What clearing needs of the games feature: the member's game balances as the providers say now. */
export interface GameBalances {
  /** Sum of the member's game accounts after asking every provider (the mirror where one cannot answer). */
  total(memberId: string): Promise<number>;
}

const turnoverOf = (a: ActivationRow): Turnover => {
  const needed = Number(a.turnover_needed);
  const done = Number(a.turnover_done);
  return { needed, done, percent: progressPercent(done, needed) };
};
const isMet = (a: ActivationRow): boolean => Number(a.turnover_done) >= Number(a.turnover_needed);

/**
 * The bonus engine (docs/bonus.md): receiving a bonus credits it through the ledger and opens its turnover
 * condition; rounds the game providers report accrue turnover; clearing finishes a met condition or cancels an
 * unmet one (taking back what the member does not keep). Every change of a member's bonus happens in one
 * database transaction that first locks the member's main wallet, so it is serialised with that member's other
 * money movements (withdrawals check the hold under the same lock).
 */
export class BonusEngine {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly catalogue: BonusCatalogue,
    private readonly games: GameBalances,
    private readonly events: MemberEvents,
    private readonly clock: Clock,
  ) {}

  /** GET /api/bonus: the listed, active bonuses offered in the member's currency, with the member's receipts. */
  async list(memberId: string, locale: Locale): Promise<Bonus[]> {
    const currency = await this.ledger.memberCurrency(this.db, memberId);
    const defs = (await this.catalogue.definitions()).filter(
      (d) => d.active && d.listed && d.amounts[currency] !== undefined,
    );
    const rows = await bonusDb(this.db)
      .selectFrom('bonus_activations')
      .select(['id', 'bonus_code', 'status', 'activated_at'])
      .where('member_id', '=', memberId)
      .orderBy('activated_at')
      .orderBy('id')
      .execute();
    return defs.map((d) => {
      const mine = rows.filter((r) => r.bonus_code === d.code);
      const latest = mine[mine.length - 1];
      const amounts = d.amounts[currency] ?? { fixed: 0, cap: 0, minDeposit: 0 };
      return {
        code: d.code,
        name: d.names[locale],
        type: d.type,
        maxReceived: d.maxReceived,
        percentFail: d.percentFail,
        banners: d.banners.map((b) => ({ image: b.image, html: b.html[locale] })),
        reward: {
          kind: d.rewardKind,
          percent: d.rewardKind === 'percent' ? d.percent : 0,
          amount: d.rewardKind === 'fixed' ? amounts.fixed : 0,
          cap: d.rewardKind === 'percent' ? amounts.cap : 0,
        },
        minDeposit: amounts.minDeposit,
        turnover: { multiple: d.turnoverMultiple, base: d.turnoverBase, contributions: d.contributions },
        cancellable: d.cancellable,
        userBonus: latest
          ? {
              _id: latest.id,
              isActive: latest.status === 'active',
              received: mine.map((r) => ({ updatedAt: new Date(r.activated_at).toISOString() })),
            }
          : null,
      };
    });
  }

  /**
   * Receives a bonus (GET /api/bonus/activate/{code}, or through a promotion): in one transaction under the
   * member's wallet lock — one open bonus (BONUS_ALREADY_ACTIVE), the type's count (BONUS_MAX_CLAIMED), the
   * promotion's once-per-member and total (PROMOTION_RECEIVED, BONUS_FULL), the qualifying deposit
   * (BONUS_CONDITION with `minimum`), then the credit `bonus_expense → main` (kind bonus) and the condition.
   */
  async activate(
    memberId: string,
    code: string,
    opts: { idempotencyKey?: string; promotion?: PromotionDefinition } = {},
  ): Promise<Activation> {
    return this.db.transaction().execute((trx) => this.activateIn(trx, memberId, code, opts));
  }

  /**
   * Receives a bonus inside the caller's transaction. `grant` (a prize of the wheel) receives it like a
   * promotion does: unlisted bonuses allowed, not counted by the bonus's type. Errors as `activate`.
   */
  async activateIn(
    trx: Trx,
    memberId: string,
    code: string,
    opts: { idempotencyKey?: string; promotion?: PromotionDefinition; grant?: string } = {},
  ): Promise<Activation> {
    const def = await this.catalogue.definition(code.trim().toUpperCase(), trx);
    const granted = opts.promotion !== undefined || opts.grant !== undefined;
    // A bonus that is off, or (unless granted) not on the list, cannot be received.
    if (!def || !def.active || (!def.listed && !granted)) throw new AppError('NO_DATA', 404);
    const currency = await this.ledger.memberCurrency(trx, memberId);
    const amounts = def.amounts[currency];
    if (!amounts) throw new AppError('NO_DATA', 404);
    const now = this.clock.now();

    await this.ledger.lockMain(trx, memberId);
    const t = bonusDb(trx);
    // A promotion counts once per member on its own; a listed bonus by its type's count.
    if (opts.promotion) await checkPromotion(trx, memberId, opts.promotion);
    if (await activeRow(trx, memberId)) throw new AppError('BONUS_ALREADY_ACTIVE', 409);
    if (!granted) await checkCount(trx, memberId, def, now);

    const needsDeposit = def.rewardKind === 'percent' || amounts.minDeposit > 0;
    const deposit = needsDeposit ? await qualifyingDeposit(this.ledger, trx, memberId) : null;
    if (needsDeposit && (!deposit || deposit.amount < amounts.minDeposit))
      throw new AppError('BONUS_CONDITION', 400, 'no qualifying deposit', {
        field: 'deposit',
        minimum: String(amounts.minDeposit),
      });
    const depositAmount = deposit?.amount ?? 0;
    const amount = bonusAmount({ kind: def.rewardKind, percent: def.percent, amounts }, depositAmount);
    if (amount <= 0)
      throw new AppError('BONUS_CONDITION', 400, 'the bonus would be zero', {
        field: 'deposit',
        minimum: String(amounts.minDeposit),
      });

    const id = newId();
    const posted = await this.ledger.creditMember(trx, {
      memberId,
      amount,
      kind: 'bonus',
      from: 'bonus_expense',
      reference: `bonus:${id}`,
      ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}),
      meta: {
        from: 'bonus',
        to: 'wallet',
        activationId: id,
        bonusCode: def.code,
        promotionCode: opts.promotion?.code ?? null,
        grant: opts.grant ?? null,
        names: def.names,
        description: def.names.en,
      },
    });
    const needed = turnoverNeeded(def.turnoverMultiple, def.turnoverBase, amount, depositAmount);
    await t
      .insertInto('bonus_activations')
      .values({
        id,
        member_id: memberId,
        bonus_code: def.code,
        promotion_code: opts.promotion?.code ?? null,
        status: 'active',
        currency,
        amount,
        deposit: depositAmount,
        deposit_tx: deposit?.transactionId ?? null,
        turnover_needed: needed,
        type: def.type,
        contributions: JSON.stringify(def.contributions),
        percent_fail: def.percentFail,
        cancellable: def.cancellable,
        names: JSON.stringify(def.names),
        day_key: dayKey(now),
        week_key: weekKey(now),
        credit_tx: Number(posted.transactionId),
        activated_at: now,
        idempotency_key: opts.idempotencyKey ?? null,
      })
      .execute();

    const received = await t
      .selectFrom('bonus_activations')
      .select('activated_at')
      .where('member_id', '=', memberId)
      .where('bonus_code', '=', def.code)
      .orderBy('activated_at')
      .orderBy('id')
      .execute();
    return {
      _id: id,
      isActive: true,
      received: received.map((r) => ({ updatedAt: new Date(r.activated_at).toISOString() })),
      code: def.code,
      amount,
      turnover: { needed, done: 0, percent: progressPercent(0, needed) },
    };
  }

  /** The amount a bonus would pay now to the member without a deposit (a prize's value), 0 when it needs one. */
  async fixedValue(code: string, currency: string): Promise<number> {
    const def = await this.catalogue.definition(code);
    const amounts = def?.amounts[currency];
    return def && amounts && def.rewardKind === 'fixed' ? amounts.fixed : 0;
  }

  /** GET /api/bonus/check/active. */
  async checkActive(memberId: string, locale: Locale): Promise<ActiveCheck> {
    const a = await activeRow(this.db, memberId);
    if (!a) return { status: false, type: null, bonus: null };
    const met = isMet(a);
    return {
      status: true,
      type: a.type,
      bonus: {
        _id: a.id,
        code: a.bonus_code,
        name: a.names[locale],
        amount: Number(a.amount),
        deposit: Number(a.deposit),
        percentFail: a.percent_fail,
        promotion: a.promotion_code,
        activatedAt: new Date(a.activated_at).toISOString(),
        turnover: turnoverOf(a),
        met,
        cancellable: met || a.cancellable,
        forfeit: met ? 0 : forfeitOf(Number(a.amount), a.percent_fail),
      },
    };
  }

  /** GET /api/bonus/check/minimum. */
  async checkMinimum(memberId: string): Promise<MinimumCheck> {
    const currency = await this.ledger.memberCurrency(this.db, memberId);
    const deposit = await qualifyingDeposit(this.ledger, this.db, memberId);
    const defs = (await this.catalogue.definitions()).filter(
      (d) => d.active && d.listed && d.amounts[currency] !== undefined,
    );
    return {
      deposit: deposit?.amount ?? 0,
      depositAt: deposit ? deposit.at.toISOString() : null,
      bonuses: defs.map((d) => {
        const minimum = d.amounts[currency]?.minDeposit ?? 0;
        const needsDeposit = d.rewardKind === 'percent' || minimum > 0;
        return { code: d.code, minimum, qualifies: !needsDeposit || (deposit?.amount ?? 0) >= minimum };
      }),
    };
  }

  /**
   * GET /api/bonus/clear: a met condition is finished (nothing moves); an unmet one is cancelled when its bonus
   * allows it: the member keeps percentFail % of the bonus and the rest is taken back (`finish_bonus`, main →
   * bonus_expense), never more than the wallet holds. Refused (BONUS_CONDITION) when the bonus cannot be
   * cancelled, or when the wallet holds less than what is taken back while game accounts still hold money (it
   * must come back to the wallet first). NO_DATA when no bonus is open.
   */
  async clear(memberId: string): Promise<ClearResult> {
    const games = await this.games.total(memberId);
    return this.db.transaction().execute(async (trx) => {
      await this.ledger.lockMain(trx, memberId);
      const a = await activeRow(trx, memberId, true);
      if (!a) throw new AppError('NO_DATA', 404);
      // The end is a money event of the statement: stamped by the database's clock, like the ledger's postings
      // (docs/ledger.md, "Times"), so that the statement's order never depends on a process's clock.
      const t = bonusDb(trx);
      if (isMet(a)) {
        await t
          .updateTable('bonus_activations')
          .set({ status: 'finished', ended_at: sql<Date>`now()` })
          .where('id', '=', a.id)
          .execute();
        // No money moved, but the statement and the bonus page changed.
        await this.events.notify(trx, memberId, { type: 'wallet:changed', reason: 'bonus' });
        return { message: 'BONUS_CLEAR' as const, finished: true, forfeited: 0 };
      }
      if (!a.cancellable) throw new AppError('BONUS_CONDITION', 409, 'this bonus cannot be cancelled');
      const forfeit = forfeitOf(Number(a.amount), a.percent_fail);
      const wallet = await this.ledger.balance(trx, { member: memberId, code: 'main' });
      if (wallet < forfeit && games > 0)
        throw new AppError('BONUS_CONDITION', 409, 'move the game balances back to the wallet first', {
          field: 'games',
        });
      const taken = Math.min(forfeit, wallet);
      if (taken > 0)
        await this.ledger.debitMember(trx, {
          memberId,
          amount: taken,
          kind: 'finish_bonus',
          to: 'bonus_expense',
          reference: `bonus-forfeit:${a.id}`,
          meta: { from: 'wallet', to: 'bonus', activationId: a.id, bonusCode: a.bonus_code },
        });
      else await this.events.notify(trx, memberId, { type: 'wallet:changed', reason: 'bonus' });
      await t
        .updateTable('bonus_activations')
        .set({ status: 'cancelled', ended_at: sql<Date>`now()`, forfeited: taken })
        .where('id', '=', a.id)
        .execute();
      return { message: 'BONUS_CLEAR' as const, finished: false, forfeited: taken };
    });
  }

  /**
   * A round the member played (in the transaction recording it): its bet counts toward the open condition with
   * its category's contribution. Rounds played before the bonus was received do not count.
   */
  async accrue(trx: Trx, round: PlayedRound): Promise<void> {
    const a = await activeRow(trx, round.memberId, true);
    if (!a || round.playedAt.getTime() < new Date(a.activated_at).getTime()) return;
    const add = contribution(round.bet, round.category, a.contributions);
    const column = `bets_${round.category}` as const;
    await bonusDb(trx)
      .updateTable('bonus_activations')
      .set((eb) => ({
        turnover_done: eb('turnover_done', '+', add),
        [column]: eb(column, '+', round.bet),
      }))
      .where('id', '=', a.id)
      .execute();
  }

  /** The hold an open bonus puts on the member's money (platform/member-holds.ts). */
  async hold(ex: Db | Trx, memberId: string): Promise<MemberHold | null> {
    const a = await bonusDb(ex)
      .selectFrom('bonus_activations')
      .select('id')
      .where('member_id', '=', memberId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return a ? { kind: 'bonus', id: a.id } : null;
  }

  /** The member's open activation, if any. */
  open(memberId: string): Promise<ActivationRow | undefined> {
    return activeRow(this.db, memberId);
  }
}
