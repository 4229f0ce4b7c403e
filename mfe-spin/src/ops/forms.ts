import type { Currency } from '@wallet/shared';
import type { Checked, Localized, Problems } from '@wallet/shared/ops';
import {
  checkAmount,
  checkLocalized,
  checkWholeNumber,
  emptyLocalized,
  minorToInput,
  wholeNumberIn,
} from '@wallet/shared/ops';
import type { Prize, PrizeKind, WheelDefinition, WheelSlice } from './api';

/**
 * The wheel editor's form state (text as typed) and its conversion to the PUT body, checked with the rules the
 * server applies (server/src/features/spin/wheels.ts, wheelProblems), so the operator sees each problem at its
 * field, in their language, before anything is sent. The server checks again (and that a bonus prize's bonus
 * exists).
 */

export const PRIZE_KINDS: readonly PrizeKind[] = ['money', 'coins', 'bonus', 'none'];
export const MIN_SLICES = 2;
export const MAX_SLICES = 16;
export const MAX_WEIGHT = 1_000_000;

export interface SliceForm {
  /** Stable React key of the slice while it is moved around (not sent). */
  key: number;
  code: string;
  label: Localized;
  bgColor: string;
  textColor: string;
  htmlDescription: Localized;
  weight: string;
  prizeKind: PrizeKind;
  /** Major units per currency, as typed. */
  amounts: Record<Currency, string>;
  coins: string;
  bonusCode: string;
}

export interface WheelForm {
  id: string;
  names: Localized;
  active: boolean;
  slices: SliceForm[];
}

let nextKey = 1;

/** Alternating colours for new slices, so a new wheel is readable at once. */
const PALETTE = [
  ['#b8860b', '#ffffff'],
  ['#1f2937', '#ffd700'],
] as const;

export function sliceForm(s?: WheelSlice, index = 0): SliceForm {
  const prize = s?.prize;
  const [bg, text] = PALETTE[index % PALETTE.length] ?? PALETTE[0];
  return {
    key: nextKey++,
    code: s?.code ?? '',
    label: s ? { ...s.label } : emptyLocalized(),
    bgColor: s?.bgColor ?? bg,
    textColor: s?.textColor ?? text,
    htmlDescription: s ? { ...s.htmlDescription } : emptyLocalized(),
    weight: String(s?.weight ?? 1),
    prizeKind: prize?.kind ?? 'none',
    amounts: {
      THB: prize?.kind === 'money' ? minorToInput(prize.amounts.THB, 'THB') : '',
      LAK: prize?.kind === 'money' ? minorToInput(prize.amounts.LAK, 'LAK') : '',
    },
    coins: prize?.kind === 'coins' ? String(prize.coins) : '',
    bonusCode: prize?.kind === 'bonus' ? prize.bonusCode : '',
  };
}

/** The form of a stored wheel, or of a new one (two slices, inactive until the operator turns it on). */
export function wheelForm(w?: WheelDefinition): WheelForm {
  return {
    id: w?.id ?? '',
    names: w ? { ...w.names } : emptyLocalized(),
    active: w?.active ?? false,
    slices: w ? w.slices.map((s, i) => sliceForm(s, i)) : [sliceForm(undefined, 0), sliceForm(undefined, 1)],
  };
}

/** A slice's weight when it is a valid one (1 to 1,000,000), else null. */
export const validWeight = (text: string): number | null => wholeNumberIn(text, 1, MAX_WEIGHT);

/**
 * The chance of each slice as the server computes it (weight over the sum of weights, in percent with two
 * decimals), while every weight is valid; `null` for all while one is not (the sum is not known yet).
 */
export function chances(slices: readonly SliceForm[]): { total: number | null; chance: (number | null)[] } {
  const weights = slices.map((s) => validWeight(s.weight));
  if (weights.some((w) => w === null)) return { total: null, chance: weights.map(() => null) };
  const total = weights.reduce<number>((sum, w) => sum + (w ?? 0), 0);
  return {
    total,
    chance: weights.map((w) => (total > 0 ? Math.round(((w ?? 0) * 10_000) / total) / 100 : 0)),
  };
}

export const WHEEL_ID = /^[a-z0-9-]{2,40}$/;
const SLICE_CODE = /^[A-Z0-9_]{1,20}$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

function prizeOf(p: Problems, at: string, s: SliceForm, bonuses?: ReadonlySet<string>): Prize {
  switch (s.prizeKind) {
    case 'money': {
      const amount = (currency: Currency) =>
        checkAmount(p, `${at}.amounts.${currency}`, s.amounts[currency], currency, true);
      return { kind: 'money', amounts: { THB: amount('THB'), LAK: amount('LAK') } };
    }
    case 'coins': {
      return { kind: 'coins', coins: checkWholeNumber(p, `${at}.coins`, s.coins, 1, 100) };
    }
    case 'bonus': {
      const bonusCode = s.bonusCode.trim();
      if (bonusCode === '') p[`${at}.bonusCode`] = { key: 'required' };
      else if (bonusCode.length > 40 || (bonuses && !bonuses.has(bonusCode)))
        p[`${at}.bonusCode`] = { key: 'noBonus' };
      return { kind: 'bonus', bonusCode };
    }
    default:
      return { kind: 'none' };
  }
}

/**
 * The PUT body of a wheel form, or every problem. `taken`: ids already in use, refused for a new wheel (PUT
 * would replace that one); `bonuses`: the existing bonus codes, when they could be read.
 */
export function checkWheel(
  form: WheelForm,
  taken?: ReadonlySet<string>,
  bonuses?: ReadonlySet<string>,
): Checked<WheelDefinition> {
  const p: Problems = {};
  const id = form.id.trim();
  if (id === '') p.id = { key: 'required' };
  else if (!WHEEL_ID.test(id)) p.id = { key: 'wheelId' };
  else if (taken?.has(id)) p.id = { key: 'idTaken' };
  if (form.slices.length < MIN_SLICES || form.slices.length > MAX_SLICES)
    p.slices = { key: 'sliceCount', values: { min: MIN_SLICES, max: MAX_SLICES } };
  const seen = new Set<string>();
  const slices = form.slices.map((s, i): WheelSlice => {
    const at = `slices.${i}`;
    const code = s.code.trim();
    if (code === '') p[`${at}.code`] = { key: 'required' };
    else if (!SLICE_CODE.test(code)) p[`${at}.code`] = { key: 'sliceCode' };
    else if (seen.has(code)) p[`${at}.code`] = { key: 'sliceCodeTwice' };
    seen.add(code);
    if (!COLOR.test(s.bgColor)) p[`${at}.bgColor`] = { key: 'color' };
    if (!COLOR.test(s.textColor)) p[`${at}.textColor`] = { key: 'color' };
    const weight = validWeight(s.weight);
    if (s.weight.trim() === '') p[`${at}.weight`] = { key: 'required' };
    else if (weight === null) p[`${at}.weight`] = { key: 'range', values: { min: 1, max: MAX_WEIGHT } };
    return {
      code,
      label: checkLocalized(p, `${at}.label`, s.label, 20),
      bgColor: s.bgColor,
      textColor: s.textColor,
      htmlDescription: checkLocalized(p, `${at}.htmlDescription`, s.htmlDescription, 2000),
      weight: weight ?? 0,
      prize: prizeOf(p, `${at}.prize`, s, bonuses),
    };
  });
  const body: WheelDefinition = {
    id,
    names: checkLocalized(p, 'names', form.names, 60),
    active: form.active,
    slices,
  };
  return Object.keys(p).length > 0 ? { ok: false, problems: p } : { ok: true, body };
}
