import type { Locale } from '../../platform/locale';

/** The related items' descriptions of the statement in the member's language (spec §3 "Statement entry"). */

type Names = Partial<Record<Locale, string>>;

const TEXT: Record<
  Locale,
  {
    invite: (n: number) => string;
    refund: (weeks: number) => string;
    bonus: string;
    prize: (label: string) => string;
    finished: (name: string) => string;
    cancelled: (name: string) => string;
  }
> = {
  th: {
    invite: (n) => `โบนัสชวนเพื่อน (${n} คน)`,
    refund: (w) => `คืนยอดเสีย (${w} สัปดาห์)`,
    bonus: 'โบนัส',
    prize: (label) => `รางวัลวงล้อนำโชค: ${label}`,
    finished: (name) => `${name}: ทำเทิร์นโอเวอร์ครบ`,
    cancelled: (name) => `${name}: ยกเลิกก่อนครบเงื่อนไข`,
  },
  la: {
    invite: (n) => `ໂບນັດຊວນໝູ່ (${n} ຄົນ)`,
    refund: (w) => `ຄືນຍອດເສຍ (${w} ອາທິດ)`,
    bonus: 'ໂບນັດ',
    prize: (label) => `ລາງວັນວົງລໍ້ນຳໂຊກ: ${label}`,
    finished: (name) => `${name}: ເຮັດເທີນໂອເວີຄົບແລ້ວ`,
    cancelled: (name) => `${name}: ຍົກເລີກກ່ອນຄົບເງື່ອນໄຂ`,
  },
  en: {
    invite: (n) => `Invite bonus (${n} ${n === 1 ? 'friend' : 'friends'})`,
    refund: (w) => `Loss refund (${w} ${w === 1 ? 'week' : 'weeks'})`,
    bonus: 'Bonus',
    prize: (label) => `Lucky wheel prize: ${label}`,
    finished: (name) => `${name}: turnover met`,
    cancelled: (name) => `${name}: cancelled before the turnover was met`,
  },
};

const count = (meta: Record<string, unknown>, key: string, description: unknown): number => {
  const n = meta[key];
  if (typeof n === 'number' && Number.isSafeInteger(n) && n > 0) return n;
  const m = typeof description === 'string' ? /\((\d+)/.exec(description) : null;
  return m ? Number(m[1]) : 1;
};

const nameOf = (names: unknown, locale: Locale): string => {
  const n = (names ?? {}) as Names;
  return n[locale] ?? n.en ?? TEXT[locale].bonus;
};

export const inviteDescription = (meta: Record<string, unknown>, locale: Locale): string =>
  TEXT[locale].invite(count(meta, 'invitees', meta.description));

export const refundDescription = (meta: Record<string, unknown>, locale: Locale): string =>
  TEXT[locale].refund(count(meta, 'periods', meta.description));

/** A received bonus: its name when received (with the promotion code that granted it). */
export const bonusDescription = (meta: Record<string, unknown>, locale: Locale): string => {
  const name = nameOf(meta.names, locale);
  return typeof meta.promotionCode === 'string' ? `${meta.promotionCode}: ${name}` : name;
};

/** The end of a bonus: finished (turnover met) or cancelled. */
export const finishDescription = (meta: Record<string, unknown>, locale: Locale): string => {
  const name = nameOf(meta.names, locale);
  return meta.status === 'finished' ? TEXT[locale].finished(name) : TEXT[locale].cancelled(name);
};

/** A prize of the wheel: the label of the slice it was won on. */
export const luckydrawDescription = (meta: Record<string, unknown>, locale: Locale): string => {
  const labels = (meta.labels ?? {}) as Names;
  const label = labels[locale] ?? labels.en ?? '';
  return TEXT[locale].prize(label);
};
