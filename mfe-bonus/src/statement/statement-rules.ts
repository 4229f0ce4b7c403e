import { formatSignedMoney, statementSign } from '@wallet/shared';
import type { StatementEntry } from './api';
import type { MoneyFormat } from '../common/money-format';

/** Spec §9: the statement shows 10 entries a page, the slip table 10 slips. */
export const STATEMENT_PAGE_SIZE = 10;
export const SLIP_PAGE_SIZE = 10;

/** Spec §4: SUCCESS, FAILED; anything else is still in progress (pending, warning style). */
export type StatusTone = 'success' | 'failed' | 'pending';

export function statusTone(status: string): StatusTone {
  if (status === 'SUCCESS') return 'success';
  if (status === 'FAILED') return 'failed';
  return 'pending';
}

/** Statement entry types the page knows (spec §3); anything else shows a question icon. */
export const STATEMENT_TYPES = ['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const;
export type KnownStatementType = (typeof STATEMENT_TYPES)[number];

export function knownType(statementType: string): KnownStatementType | null {
  return (STATEMENT_TYPES as readonly string[]).includes(statementType)
    ? (statementType as KnownStatementType)
    : null;
}

/** The optional related item of an entry (spec §3). The plain bonus comes last: it also tags finished bonuses. */
export const RELATED_ITEMS = ['promotion', 'invite', 'refund', 'luckydraw', 'bonus'] as const;
export type RelatedItemKind = (typeof RELATED_ITEMS)[number];

export function relatedItem(entry: StatementEntry): { kind: RelatedItemKind; description: string } | null {
  for (const kind of RELATED_ITEMS) {
    const item = entry[kind];
    if (item) return { kind, description: item.description };
  }
  return null;
}

/** Places a statement names in `from`/`to` that read as words; bank and game codes are shown as they are. */
export const NAMED_PLACES = ['wallet', 'bank', 'slip'] as const;
export type NamedPlace = (typeof NAMED_PLACES)[number];

export function namedPlace(place: string): NamedPlace | null {
  return (NAMED_PLACES as readonly string[]).includes(place) ? (place as NamedPlace) : null;
}

/**
 * The amount of an entry with the sign of its type (spec §4): deposit and bonus `+`, withdraw `−`, transfer and
 * finish_bonus none; an unknown type shows the bare amount (the page puts a question icon next to it).
 */
export function signedAmount(
  entry: Pick<StatementEntry, 'statementType' | 'amount'>,
  format: MoneyFormat,
): string {
  const sign = statementSign(entry.statementType) ?? '';
  return formatSignedMoney(Math.abs(entry.amount), format.scale, sign);
}

/** The look of an amount: credit, debit, no sign, or an unknown type. */
export function statementSignClass(statementType: string): 'plus' | 'minus' | 'none' | 'unknown' {
  const sign = statementSign(statementType);
  if (sign === null) return 'unknown';
  return sign === '+' ? 'plus' : sign === '-' ? 'minus' : 'none';
}
