import type { Transaction } from 'kysely';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import {
  SEED_BONUSES,
  SEED_PROMOTIONS,
  type BonusDefinition,
  type PromotionDefinition,
} from './seed-bonuses';
import { bonusDb, type BonusDefinitionsTable, type PromotionsTable } from './tables';
import type { Selectable } from 'kysely';

export type { BonusDefinition, PromotionDefinition };

type DefinitionRow = Selectable<BonusDefinitionsTable>;
type PromotionRow = Selectable<PromotionsTable>;

export const fromRow = (r: DefinitionRow): BonusDefinition => ({
  code: r.code,
  type: r.type,
  maxReceived: r.max_received,
  rewardKind: r.reward_kind,
  percent: r.percent,
  amounts: r.amounts,
  turnoverMultiple: r.turnover_multiple,
  turnoverBase: r.turnover_base,
  contributions: r.contributions,
  percentFail: r.percent_fail,
  cancellable: r.cancellable,
  listed: r.listed,
  active: r.active,
  sortOrder: r.sort_order,
  names: r.names,
  banners: r.banners,
});

const promotionFromRow = (r: PromotionRow): PromotionDefinition => ({
  code: r.code,
  bonusCode: r.bonus_code,
  descriptions: r.descriptions,
  maxTotal: r.max_total,
  active: r.active,
  startsAt: r.starts_at ? new Date(r.starts_at).toISOString() : null,
  endsAt: r.ends_at ? new Date(r.ends_at).toISOString() : null,
});

const isInt = (n: unknown, min: number, max = Number.MAX_SAFE_INTEGER): boolean =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max;
const isText = (s: unknown, max: number): boolean => typeof s === 'string' && s.length > 0 && s.length <= max;
const localized = (v: unknown, max: number): boolean =>
  typeof v === 'object' &&
  v !== null &&
  ['th', 'la', 'en'].every((l) => isText((v as Record<string, unknown>)[l], max));

/** Every problem of an operator's bonus definition (empty: valid). */
export function definitionProblems(d: BonusDefinition): string[] {
  const p: string[] = [];
  if (!/^[A-Z0-9_]{2,40}$/.test(d.code)) p.push('code: 2 to 40 of A-Z, 0-9, _');
  if (!['limit', 'day', 'week'].includes(d.type)) p.push('type: limit, day or week');
  if (!isInt(d.maxReceived, 1, 1000)) p.push('maxReceived: 1 to 1000');
  if (!['percent', 'fixed'].includes(d.rewardKind)) p.push('rewardKind: percent or fixed');
  if (!isInt(d.percent, 0, 1000) || (d.rewardKind === 'percent' && d.percent < 1))
    p.push('percent: 1 to 1000 for a percent bonus');
  const currencies = Object.entries(d.amounts ?? {});
  if (currencies.length === 0) p.push('amounts: at least one currency');
  for (const [currency, a] of currencies) {
    if (!['THB', 'LAK'].includes(currency)) p.push(`amounts.${currency}: THB or LAK`);
    if (!isInt(a?.fixed, 0) || !isInt(a?.cap, 0) || !isInt(a?.minDeposit, 0))
      p.push(`amounts.${currency}: fixed, cap and minDeposit are integers ≥ 0 (minor units)`);
    else if (d.rewardKind === 'fixed' && a.fixed < 1)
      p.push(`amounts.${currency}.fixed: > 0 for a fixed bonus`);
    else if (d.rewardKind === 'percent' && a.minDeposit < 1)
      p.push(`amounts.${currency}.minDeposit: > 0 for a percent bonus`);
  }
  if (!isInt(d.turnoverMultiple, 0, 100)) p.push('turnoverMultiple: 0 to 100');
  if (!['bonus', 'bonus_deposit'].includes(d.turnoverBase)) p.push('turnoverBase: bonus or bonus_deposit');
  for (const c of ['slot', 'sport', 'lotto'] as const)
    if (!isInt(d.contributions?.[c], 0, 100)) p.push(`contributions.${c}: 0 to 100`);
  if (!isInt(d.percentFail, 0, 100)) p.push('percentFail: 0 to 100');
  for (const k of ['cancellable', 'listed', 'active'] as const)
    if (typeof d[k] !== 'boolean') p.push(`${k}: true or false`);
  if (!isInt(d.sortOrder, 0, 10_000)) p.push('sortOrder: 0 to 10000');
  if (!localized(d.names, 80)) p.push('names: th, la and en, 1 to 80 characters');
  if (!Array.isArray(d.banners) || d.banners.length < 1 || d.banners.length > 10) p.push('banners: 1 to 10');
  else
    d.banners.forEach((b, i) => {
      if (!isText(b?.image, 300) || !/^(\/|https:\/\/)/.test(b.image))
        p.push(`banners[${i}].image: a /path or https:// URL`);
      if (!localized(b?.html, 4000)) p.push(`banners[${i}].html: th, la and en`);
    });
  return p;
}

export function promotionProblems(d: PromotionDefinition): string[] {
  const p: string[] = [];
  if (!/^[A-Z0-9_-]{3,40}$/.test(d.code)) p.push('code: 3 to 40 of A-Z, 0-9, _ and -');
  if (!isText(d.bonusCode, 40)) p.push('bonusCode: the code of a bonus');
  if (!localized(d.descriptions, 4000)) p.push('descriptions: th, la and en');
  if (d.maxTotal !== null && !isInt(d.maxTotal, 1)) p.push('maxTotal: null or ≥ 1');
  if (typeof d.active !== 'boolean') p.push('active: true or false');
  for (const k of ['startsAt', 'endsAt'] as const)
    if (d[k] !== null && Number.isNaN(Date.parse(String(d[k])))) p.push(`${k}: null or an ISO date-time`);
  return p;
}

/** Bonus definitions and promotions as the operator keeps them (tables bonus_definitions and promotions). */
export class BonusCatalogue {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Seeds the definitions and promotions when there are none (a new database). */
  async seed(): Promise<void> {
    const t = bonusDb(this.db);
    const any = await t.selectFrom('bonus_definitions').select('code').limit(1).executeTakeFirst();
    if (any) return;
    for (const d of SEED_BONUSES) await this.saveDefinition(d);
    for (const p of SEED_PROMOTIONS) await this.savePromotion(p);
  }

  async definitions(): Promise<BonusDefinition[]> {
    const rows = await bonusDb(this.db)
      .selectFrom('bonus_definitions')
      .selectAll()
      .orderBy('sort_order')
      .orderBy('code')
      .execute();
    return rows.map(fromRow);
  }

  /** One definition (read through `ex`: inside a transaction on PGlite, the transaction itself must be used). */
  async definition(
    code: string,
    ex: Db | Transaction<Database> = this.db,
  ): Promise<BonusDefinition | undefined> {
    const row = await bonusDb(ex)
      .selectFrom('bonus_definitions')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    return row ? fromRow(row) : undefined;
  }

  /** Creates or replaces a definition (operators). Open conditions keep the rules they were received with. */
  async saveDefinition(d: BonusDefinition): Promise<BonusDefinition> {
    const problems = definitionProblems(d);
    if (problems.length > 0) throw new AppError('KEY_INVALID', 400, problems.join('; '));
    const values = {
      type: d.type,
      max_received: d.maxReceived,
      reward_kind: d.rewardKind,
      percent: d.percent,
      amounts: JSON.stringify(d.amounts),
      turnover_multiple: d.turnoverMultiple,
      turnover_base: d.turnoverBase,
      contributions: JSON.stringify(d.contributions),
      percent_fail: d.percentFail,
      cancellable: d.cancellable,
      listed: d.listed,
      active: d.active,
      sort_order: d.sortOrder,
      names: JSON.stringify(d.names),
      banners: JSON.stringify(d.banners),
      updated_at: this.clock.now(),
    };
    await bonusDb(this.db)
      .insertInto('bonus_definitions')
      .values({ code: d.code, ...values })
      .onConflict((oc) => oc.column('code').doUpdateSet(values))
      .execute();
    return d;
  }

  async promotions(): Promise<PromotionDefinition[]> {
    const rows = await bonusDb(this.db).selectFrom('promotions').selectAll().orderBy('code').execute();
    return rows.map(promotionFromRow);
  }

  async promotion(code: string): Promise<PromotionDefinition | undefined> {
    const row = await bonusDb(this.db)
      .selectFrom('promotions')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirst();
    return row ? promotionFromRow(row) : undefined;
  }

  async savePromotion(d: PromotionDefinition): Promise<PromotionDefinition> {
    const problems = promotionProblems(d);
    if (problems.length > 0) throw new AppError('KEY_INVALID', 400, problems.join('; '));
    if (!(await this.definition(d.bonusCode)))
      throw new AppError('KEY_INVALID', 400, `bonusCode: no bonus ${d.bonusCode}`);
    const values = {
      bonus_code: d.bonusCode,
      descriptions: JSON.stringify(d.descriptions),
      max_total: d.maxTotal,
      active: d.active,
      starts_at: d.startsAt,
      ends_at: d.endsAt,
      updated_at: this.clock.now(),
    };
    await bonusDb(this.db)
      .insertInto('promotions')
      .values({ code: d.code, ...values })
      .onConflict((oc) => oc.column('code').doUpdateSet(values))
      .execute();
    return d;
  }
}
