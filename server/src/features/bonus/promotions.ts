import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { Locale } from '../../platform/locale';
import type { BonusEngine } from './bonus-engine';
import type { BonusCatalogue, PromotionDefinition } from './definitions';
import type { Activation, Promotion } from './schemas';

/** Codes are stored and compared in upper case (spec §5); whatever the member typed is trimmed and raised. */
export const promotionCode = (typed: string): string => typed.trim().toUpperCase();

/**
 * Promotions (docs/bonus.md "Promotions"): a code that grants a bonus through the engine, once per member, up
 * to a total, between its start and end.
 */
export class Promotions {
  constructor(
    private readonly catalogue: BonusCatalogue,
    private readonly engine: BonusEngine,
    private readonly clock: Clock,
  ) {}

  /** The promotion running under that code now, or undefined. */
  private async running(typed: string): Promise<PromotionDefinition | undefined> {
    const p = await this.catalogue.promotion(promotionCode(typed));
    if (!p || !p.active) return undefined;
    const now = this.clock.now().getTime();
    if (p.startsAt && Date.parse(p.startsAt) > now) return undefined;
    if (p.endsAt && Date.parse(p.endsAt) <= now) return undefined;
    const bonus = await this.catalogue.definition(p.bonusCode);
    return bonus?.active ? p : undefined;
  }

  private async view(p: PromotionDefinition, locale: Locale): Promise<Promotion> {
    const bonus = await this.catalogue.definition(p.bonusCode);
    return { code: p.code, percentFail: bonus?.percentFail ?? 0, description: p.descriptions[locale] };
  }

  /** GET /api/promotion/find/{code}. */
  async find(typed: string, locale: Locale): Promise<Promotion | undefined> {
    const p = await this.running(typed);
    return p ? this.view(p, locale) : undefined;
  }

  /** GET /api/promotion/activate/{code}: NO_PROMOTION, PROMOTION_RECEIVED, BONUS_FULL, or the engine's answer. */
  async activate(memberId: string, typed: string, opts: { idempotencyKey?: string }): Promise<Activation> {
    const p = await this.running(typed);
    if (!p) throw new AppError('NO_PROMOTION', 404);
    return this.engine.activate(memberId, p.bonusCode, { ...opts, promotion: p });
  }

  /** GET /api/promotion/current: the promotion that granted the member's open bonus. */
  async current(memberId: string, locale: Locale): Promise<{ promotion: Promotion | null }> {
    const a = await this.engine.open(memberId);
    if (!a?.promotion_code) return { promotion: null };
    const p = await this.catalogue.promotion(a.promotion_code);
    return { promotion: p ? await this.view(p, locale) : null };
  }
}
