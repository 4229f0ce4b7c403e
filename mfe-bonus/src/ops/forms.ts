import type { Currency } from '@wallet/shared';
import type { Checked, Localized, Problems } from '@wallet/shared/ops';
import {
  CURRENCIES,
  checkAmount,
  checkLocalized,
  checkWholeNumber,
  emptyLocalized,
  minorToInput,
  wholeNumber,
} from '@wallet/shared/ops';
import type { BonusDefinition, PromotionDefinition } from './api';

/**
 * The editors' form states (text as typed) and their conversion to the PUT bodies, checked with the rules the
 * server applies (server/src/features/bonus/definitions.ts, definitionProblems / promotionProblems), so an
 * operator sees each problem at its field, in their language, before anything is sent. The server checks again.
 */

export const CATEGORIES = ['slot', 'sport', 'lotto'] as const;

// ---- Bonus definitions ----

export interface AmountForm {
  offered: boolean;
  fixed: string;
  cap: string;
  minDeposit: string;
}

export interface BannerForm {
  image: string;
  html: Localized;
}

export interface BonusForm {
  code: string;
  type: BonusDefinition['type'];
  maxReceived: string;
  rewardKind: BonusDefinition['rewardKind'];
  percent: string;
  amounts: Record<Currency, AmountForm>;
  turnoverMultiple: string;
  turnoverBase: BonusDefinition['turnoverBase'];
  contributions: Record<(typeof CATEGORIES)[number], string>;
  percentFail: string;
  cancellable: boolean;
  listed: boolean;
  active: boolean;
  sortOrder: string;
  names: Localized;
  banners: BannerForm[];
}

export const emptyBanner = (): BannerForm => ({ image: '', html: emptyLocalized() });

/** The form of a stored definition, or of a new one (inactive until the operator turns it on). */
export function bonusForm(d?: BonusDefinition): BonusForm {
  const amount = (currency: Currency): AmountForm => {
    const a = d?.amounts[currency];
    return a
      ? {
          offered: true,
          fixed: minorToInput(a.fixed, currency),
          cap: minorToInput(a.cap, currency),
          minDeposit: minorToInput(a.minDeposit, currency),
        }
      : { offered: !d, fixed: '', cap: '0', minDeposit: '' };
  };
  return {
    code: d?.code ?? '',
    type: d?.type ?? 'limit',
    maxReceived: String(d?.maxReceived ?? 1),
    rewardKind: d?.rewardKind ?? 'percent',
    percent: d && d.rewardKind === 'percent' ? String(d.percent) : '',
    amounts: { THB: amount('THB'), LAK: amount('LAK') },
    turnoverMultiple: String(d?.turnoverMultiple ?? 0),
    turnoverBase: d?.turnoverBase ?? 'bonus_deposit',
    contributions: {
      slot: String(d?.contributions.slot ?? 100),
      sport: String(d?.contributions.sport ?? 100),
      lotto: String(d?.contributions.lotto ?? 100),
    },
    percentFail: String(d?.percentFail ?? 0),
    cancellable: d?.cancellable ?? true,
    listed: d?.listed ?? true,
    active: d?.active ?? false,
    sortOrder: String(d?.sortOrder ?? 0),
    names: d ? { ...d.names } : emptyLocalized(),
    banners: d?.banners.length
      ? d.banners.map((b) => ({ image: b.image, html: { ...b.html } }))
      : [emptyBanner()],
  };
}

export const BONUS_CODE = /^[A-Z0-9_]{2,40}$/;
export const PROMOTION_CODE = /^[A-Z0-9_-]{3,40}$/;
const IMAGE = /^(\/|https:\/\/)/;

/**
 * The PUT body of a bonus form, or every problem. `taken`: codes already in use, refused for a new definition
 * (PUT would replace that one). A field the reward kind does not use is sent as 0 (the server's "else 0").
 */
export function checkBonus(form: BonusForm, taken?: ReadonlySet<string>): Checked<BonusDefinition> {
  const p: Problems = {};
  const code = form.code.trim();
  if (code === '') p.code = { key: 'required' };
  else if (!BONUS_CODE.test(code)) p.code = { key: 'bonusCode' };
  else if (taken?.has(code)) p.code = { key: 'codeTaken' };
  const percentKind = form.rewardKind === 'percent';
  const percent = percentKind ? checkWholeNumber(p, 'percent', form.percent, 1, 1000) : 0;
  const amounts: BonusDefinition['amounts'] = {};
  for (const currency of CURRENCIES) {
    const a = form.amounts[currency];
    if (!a.offered) continue;
    const at = `amounts.${currency}`;
    amounts[currency] = {
      fixed: percentKind ? 0 : checkAmount(p, `${at}.fixed`, a.fixed, currency, true),
      cap: percentKind ? checkAmount(p, `${at}.cap`, a.cap, currency, false) : 0,
      minDeposit: checkAmount(p, `${at}.minDeposit`, a.minDeposit, currency, percentKind),
    };
  }
  if (Object.keys(amounts).length === 0) p.amounts = { key: 'oneCurrency' };
  const banners = form.banners.map((b, i) => {
    const image = b.image.trim();
    if (image === '') p[`banners.${i}.image`] = { key: 'required' };
    else if (!IMAGE.test(image) || image.length > 300) p[`banners.${i}.image`] = { key: 'image' };
    return { image, html: checkLocalized(p, `banners.${i}.html`, b.html, 4000) };
  });
  if (banners.length < 1 || banners.length > 10) p.banners = { key: 'bannerCount' };
  const body: BonusDefinition = {
    code,
    type: form.type,
    maxReceived: checkWholeNumber(p, 'maxReceived', form.maxReceived, 1, 1000),
    rewardKind: form.rewardKind,
    percent,
    amounts,
    turnoverMultiple: checkWholeNumber(p, 'turnoverMultiple', form.turnoverMultiple, 0, 100),
    turnoverBase: form.turnoverBase,
    contributions: {
      slot: checkWholeNumber(p, 'contributions.slot', form.contributions.slot, 0, 100),
      sport: checkWholeNumber(p, 'contributions.sport', form.contributions.sport, 0, 100),
      lotto: checkWholeNumber(p, 'contributions.lotto', form.contributions.lotto, 0, 100),
    },
    percentFail: checkWholeNumber(p, 'percentFail', form.percentFail, 0, 100),
    cancellable: form.cancellable,
    listed: form.listed,
    active: form.active,
    sortOrder: checkWholeNumber(p, 'sortOrder', form.sortOrder, 0, 10_000),
    names: checkLocalized(p, 'names', form.names, 80),
    banners,
  };
  return Object.keys(p).length > 0 ? { ok: false, problems: p } : { ok: true, body };
}

// ---- Promotions ----

export interface PromotionForm {
  code: string;
  bonusCode: string;
  descriptions: Localized;
  /** Empty: no limit. */
  maxTotal: string;
  active: boolean;
  /** `YYYY-MM-DDTHH:mm` in Bangkok time (a datetime-local input); empty: none. */
  startsAt: string;
  endsAt: string;
}

/** Bangkok (and Vientiane) time: UTC+7 all year, the site's time for every date an operator reads or types. */
const BANGKOK_OFFSET_MS = 7 * 60 * 60 * 1000;

/** An ISO instant as a datetime-local value in Bangkok time. */
export function isoToBangkokInput(iso: string | null): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return new Date(time + BANGKOK_OFFSET_MS).toISOString().slice(0, 16);
}

/** A datetime-local value read as Bangkok time, as an ISO instant; `null` when it is not a date and time. */
export function bangkokInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const time = Date.parse(`${value}:00+07:00`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function promotionForm(d?: PromotionDefinition): PromotionForm {
  return {
    code: d?.code ?? '',
    bonusCode: d?.bonusCode ?? '',
    descriptions: d ? { ...d.descriptions } : emptyLocalized(),
    maxTotal: d?.maxTotal == null ? '' : String(d.maxTotal),
    active: d?.active ?? false,
    startsAt: isoToBangkokInput(d?.startsAt ?? null),
    endsAt: isoToBangkokInput(d?.endsAt ?? null),
  };
}

/** The PUT body of a promotion form, or every problem; `bonuses`: the codes of the existing bonuses. */
export function checkPromotion(
  form: PromotionForm,
  bonuses: ReadonlySet<string>,
  taken?: ReadonlySet<string>,
): Checked<PromotionDefinition> {
  const p: Problems = {};
  const code = form.code.trim();
  if (code === '') p.code = { key: 'required' };
  else if (!PROMOTION_CODE.test(code)) p.code = { key: 'promotionCode' };
  else if (taken?.has(code)) p.code = { key: 'codeTaken' };
  if (form.bonusCode === '') p.bonusCode = { key: 'required' };
  else if (!bonuses.has(form.bonusCode)) p.bonusCode = { key: 'noBonus' };
  let maxTotal: number | null = null;
  if (form.maxTotal.trim() !== '') {
    maxTotal = wholeNumber(form.maxTotal);
    if (maxTotal === null || maxTotal < 1) p.maxTotal = { key: 'atLeast', values: { min: 1 } };
  }
  const date = (field: 'startsAt' | 'endsAt'): string | null => {
    if (form[field] === '') return null;
    const iso = bangkokInputToIso(form[field]);
    if (iso === null) p[field] = { key: 'date' };
    return iso;
  };
  const body: PromotionDefinition = {
    code,
    bonusCode: form.bonusCode,
    descriptions: checkLocalized(p, 'descriptions', form.descriptions, 4000),
    maxTotal,
    active: form.active,
    startsAt: date('startsAt'),
    endsAt: date('endsAt'),
  };
  return Object.keys(p).length > 0 ? { ok: false, problems: p } : { ok: true, body };
}
