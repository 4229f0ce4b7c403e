import type { Ledger } from '../../core/ledger';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError, isAppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { Locale } from '../../platform/locale';
import type { MemberEvents } from '../../platform/member-events';
import type { MemberHolds } from '../../platform/member-holds';
import type { SettingsService } from '../../platform/settings';
import type { BonusEngine } from '../bonus/bonus-engine';
import type { Coins } from './coins';
import { drawSlice } from './fair-draw';
import type { ClaimResult, Coupon, Draw, Fairness, SpinResult, SpinSetup } from './schemas';
import { spinDb, type CouponPrize } from './tables';
import { Seeds } from './seeds';
import type { Wheels } from './wheels';

/** A coupon can be claimed for 7 days after its spin (docs/spin.md). */
export const COUPON_TTL_MS = 7 * 86_400_000;

/** A coupon id: 24 hex characters (platform/ids.ts). */
const COUPON_ID = /^[0-9a-f]{24}$/;

/**
 * The prize wheel (docs/spin.md): the setup, spins drawn provably fairly (fair-draw.ts) for one coin each, the
 * coupons of winning spins and their claims, the member's seeds.
 */
export class SpinService {
  private readonly seeds: Seeds;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly wheels: Wheels,
    private readonly coins: Coins,
    private readonly bonuses: BonusEngine,
    private readonly settings: SettingsService,
    private readonly holds: MemberHolds,
    private readonly events: MemberEvents,
    private readonly clock: Clock,
  ) {
    this.seeds = new Seeds(db, clock);
  }

  /**
   * GET /api/spinwheel/active: the operator's switch, the wheel's remote served (`remote.mfe-spin.enabled`: with
   * it off there is no page to spin on), and a wheel to spin.
   */
  async isActive(): Promise<boolean> {
    return (await this.activeWheel()) !== undefined;
  }

  private async activeWheel() {
    if (!(await this.settings.get('spin.active')) || !(await this.settings.get('remote.mfe-spin.enabled')))
      return undefined;
    return this.wheels.active();
  }

  /** GET /api/spinwheel/setup. */
  async setup(memberId: string, locale: Locale): Promise<SpinSetup> {
    const wheel = await this.activeWheel();
    const seed = await this.seeds.open(this.db, memberId);
    return {
      activeSpinwheel: wheel
        ? {
            name: wheel.names[locale],
            slice: wheel.slices.map((s) => ({
              code: s.code,
              label: s.label[locale],
              bgColor: s.bgColor,
              textColor: s.textColor,
              htmlDescription: s.htmlDescription[locale],
            })),
          }
        : null,
      userCoin: await this.coins.balance(memberId),
      fairness: {
        serverSeedHash: seed.server_seed_hash,
        clientSeed: seed.client_seed,
        nextNonce: seed.next_nonce,
      },
    };
  }

  /**
   * POST /api/spinwheel/spin: one coin spent and one draw, in one transaction that first locks the member's open
   * seed (so the member's spins run one after the other and each nonce is used once). No coin → SPIN_NO_COIN
   * (`field: "coin"`); the wheel off → NO_DATA. A winning slice gives a coupon.
   */
  async spin(memberId: string, locale: Locale): Promise<SpinResult> {
    const wheel = await this.activeWheel();
    if (!wheel) throw new AppError('NO_DATA', 404, 'the wheel is off');
    const currency = await this.ledger.memberCurrency(this.db, memberId);
    const bonusValues = new Map<string, number>();
    for (const s of wheel.slices)
      if (s.prize.kind === 'bonus')
        bonusValues.set(s.prize.bonusCode, await this.bonuses.fixedValue(s.prize.bonusCode, currency));
    await this.seeds.open(this.db, memberId);
    const now = this.clock.now();

    return this.db.transaction().execute(async (trx) => {
      const seed = await this.seeds.lock(trx, memberId);
      const drawId = newId();
      const remainingCoin = await this.coins.spend(trx, memberId, `spin:${drawId}`);
      const nonce = seed.next_nonce;
      await spinDb(trx)
        .updateTable('spin_seeds')
        .set({ next_nonce: nonce + 1 })
        .where('id', '=', seed.id)
        .execute();
      const weights = wheel.slices.map((s) => s.weight);
      const index = drawSlice(seed.server_seed, seed.client_seed, nonce, weights);
      const slice = wheel.slices[index];
      if (!slice) throw new Error(`draw ${index} outside the wheel`);
      await spinDb(trx)
        .insertInto('spin_draws')
        .values({
          id: drawId,
          member_id: memberId,
          wheel_id: wheel.id,
          seed_id: seed.id,
          nonce,
          weights: JSON.stringify(weights),
          codes: JSON.stringify(wheel.slices.map((s) => s.code)),
          slice_index: index,
          slice_code: slice.code,
          prize: JSON.stringify(slice.prize),
          created_at: now,
        })
        .execute();

      let couponId: string | null = null;
      const prize = slice.prize;
      if (prize.kind !== 'none') {
        const coupon: CouponPrize = {
          kind: prize.kind,
          sliceCode: slice.code,
          label: slice.label,
          amount:
            prize.kind === 'money'
              ? (prize.amounts[currency] ?? 0)
              : prize.kind === 'coins'
                ? prize.coins
                : (bonusValues.get(prize.bonusCode) ?? 0),
          currency,
          bonusCode: prize.kind === 'bonus' ? prize.bonusCode : null,
        };
        couponId = newId();
        await spinDb(trx)
          .insertInto('spin_coupons')
          .values({
            id: couponId,
            member_id: memberId,
            draw_id: drawId,
            prize: JSON.stringify(coupon),
            status: 'claimable',
            expires_at: new Date(now.getTime() + COUPON_TTL_MS),
            created_at: now,
          })
          .execute();
      }
      return {
        success: true as const,
        result: {
          code: slice.code,
          label: slice.label[locale],
          remainingCoin,
          sliceIndex: index,
          drawId,
          nonce,
          serverSeedHash: seed.server_seed_hash,
          clientSeed: seed.client_seed,
          couponId,
        },
        error: null,
      };
    });
  }

  /** GET /api/spinwheel/coupon: the member's claimable coupons, newest first (expired ones are not listed). */
  async coupons(memberId: string, locale: Locale): Promise<Coupon[]> {
    const rows = await spinDb(this.db)
      .selectFrom('spin_coupons')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'claimable')
      .where('expires_at', '>', this.clock.now())
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((r) => ({
      _id: r.id,
      prize: { name: this.prizeName(r.prize, locale), slice: r.prize.label[locale], kind: r.prize.kind },
      amount: r.prize.amount,
      createdAt: new Date(r.created_at).toISOString(),
      expiresAt: new Date(r.expires_at).toISOString(),
    }));
  }

  private prizeName(p: CouponPrize, locale: Locale): string {
    const names: Record<CouponPrize['kind'], Record<Locale, string>> = {
      money: { th: 'เงินรางวัล', la: 'ເງິນລາງວັນ', en: 'Cash prize' },
      coins: { th: 'เหรียญหมุนวงล้อ', la: 'ຫຼຽນໝຸນວົງລໍ້', en: 'Spin coins' },
      bonus: { th: 'โบนัส', la: 'ໂບນັດ', en: 'Bonus' },
    };
    return names[p.kind][locale];
  }

  /**
   * POST /api/spinwheel/coupon/claim: the prize, exactly once, in one transaction that locks the member's wallet
   * and the coupon. A money prize is credited through the ledger (`spin_prize`, `spin_expense` → `main`,
   * reference `coupon:<id>`) and waits while a bonus holds the member's money (BONUS_REMAINING); coins are added;
   * a bonus is received through the bonus engine.
   */
  async claim(
    memberId: string,
    couponId: string,
    locale: Locale,
    opts: { idempotencyKey?: string } = {},
  ): Promise<ClaimResult> {
    if (!COUPON_ID.test(couponId)) throw new AppError('INVALID_CODE', 400);
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      await this.ledger.lockMain(trx, memberId);
      const t = spinDb(trx);
      const c = await t
        .selectFrom('spin_coupons')
        .selectAll()
        .where('id', '=', couponId)
        .forUpdate()
        .executeTakeFirst();
      if (!c || c.member_id !== memberId || c.status !== 'claimable')
        throw new AppError('NO_CLAIMABLE_COUPON', 409);
      if (new Date(c.expires_at).getTime() <= now.getTime()) throw new AppError('COUPON_EXPIRED', 409);
      const p = c.prize;
      let amount = p.amount;
      switch (p.kind) {
        case 'money':
          if (await this.holds.find(trx, memberId)) throw new AppError('BONUS_REMAINING', 409);
          await this.ledger.creditMember(trx, {
            memberId,
            amount: p.amount,
            kind: 'spin_prize',
            from: 'spin_expense',
            reference: `coupon:${c.id}`,
            ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}),
            meta: {
              from: 'luckydraw',
              to: 'wallet',
              couponId: c.id,
              sliceCode: p.sliceCode,
              labels: p.label,
            },
          });
          break;
        case 'coins':
          await this.coins.credit(trx, memberId, p.amount, 'prize', `coupon:${c.id}`);
          await this.events.notify(trx, memberId, { type: 'wallet:changed', reason: 'spin' });
          break;
        case 'bonus':
          try {
            const received = await this.bonuses.activateIn(trx, memberId, p.bonusCode ?? '', {
              grant: `coupon:${c.id}`,
              ...(opts.idempotencyKey ? { idempotencyKey: opts.idempotencyKey } : {}),
            });
            amount = received.amount;
          } catch (e) {
            if (isAppError(e) && e.code === 'NO_DATA') throw new AppError('INVALID_PRIZE_CODE', 409);
            throw e;
          }
          break;
        default:
          throw new AppError('INVALID_COUPON_TYPE', 409);
      }
      await t
        .updateTable('spin_coupons')
        .set({ status: 'claimed', claimed_at: now })
        .where('id', '=', c.id)
        .execute();
      return {
        message: 'SUCCESS' as const,
        couponId: c.id,
        prize: { name: this.prizeName(p, locale), slice: p.label[locale], kind: p.kind },
        amount,
      };
    });
  }

  /** GET /api/spinwheel/fairness (seeds.ts). */
  fairness(memberId: string): Promise<Fairness> {
    return this.seeds.fairness(memberId);
  }

  /** POST /api/spinwheel/fairness/rotate (seeds.ts). */
  rotate(memberId: string, clientSeed?: string): Promise<Fairness> {
    return this.seeds.rotate(memberId, clientSeed);
  }

  /** GET /api/spinwheel/draws (seeds.ts). */
  draws(memberId: string, page: number, limit: number): Promise<{ total: number; draws: Draw[] }> {
    return this.seeds.draws(memberId, page, limit);
  }
}
