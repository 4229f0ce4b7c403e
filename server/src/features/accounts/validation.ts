import { AppError, type ErrorCode } from '../../platform/errors';
import { ENGLISH_NAME_BANKS } from '../content/seed-content';
import { isCommonPassword } from './common-passwords';

/** The request fields of registration, profile and password changes that an error can point at. */
export type AccountField =
  | 'name'
  | 'username'
  | 'password'
  | 'sourceCode'
  | 'inviteCode'
  | 'bankCode'
  | 'bankAccountName'
  | 'bankAccountNo'
  | 'currency'
  | 'otpToken'
  | 'oldPassword'
  | 'newPassword';

/**
 * A refusal that names its field: the catalogue code stays (spec §8, INVALID_USER_INFO unless a field has its
 * own code) and the body carries `field`, so the page shows the message at that field.
 */
export const fieldError = (
  field: AccountField,
  code: ErrorCode = 'INVALID_USER_INFO',
  status = 400,
): AppError => new AppError(code, status, undefined, { field });

/**
 * Phone: exactly 10 digits outside Laos (spec §5); 8 to 13 digits in the Laos build. With `field` the refusal
 * names it (registration's `username`).
 */
export function checkPhone(raw: string, laos: boolean, field?: AccountField): string {
  const phone = raw.trim();
  const refuse = (code: ErrorCode) => (field ? fieldError(field, code) : new AppError(code, 400));
  if (laos) {
    if (!/^\d{8,13}$/.test(phone)) throw refuse('INVALID_USER_INFO');
  } else if (!/^\d{10}$/.test(phone)) {
    throw refuse('PHONE_NUMBER_REQUIRE_10_DIGIT');
  }
  return phone;
}

export function checkName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length < 1 || name.length > 100) throw fieldError('name');
  return name;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * Password rule (the spec's "not shown" bounds, docs/server.md): 8 to 128 characters, not one of the common
 * passwords (case-insensitive), not the member's phone number. Otherwise INVALID_USER_INFO naming `field`.
 */
export function checkPassword(raw: string, phone?: string, field: AccountField = 'password'): string {
  if (raw.length < PASSWORD_MIN || raw.length > PASSWORD_MAX) throw fieldError(field);
  if (isCommonPassword(raw)) throw fieldError(field);
  if (phone !== undefined && phone !== '' && raw.trim() === phone) throw fieldError(field);
  return raw;
}

/** Any bank: 10 to 18 digits (the widest rule, used while the bank is not known). */
export const ANY_BANK_ACCOUNT_NO = { min: 10, max: 18 } as const;

/**
 * Digits only (spaces and dashes removed), as many as the bank's account numbers have (`banks.account_no_min`
 * to `account_no_max`: Thai banks 10, GSB/BAAC/GHB 12, Lao banks 10 to 18; see SeedBank).
 */
export function checkBankAccountNo(
  raw: string,
  length: { min: number; max: number } = ANY_BANK_ACCOUNT_NO,
): string {
  const no = raw.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(no) || no.length < length.min || no.length > length.max)
    throw fieldError('bankAccountNo');
  return no;
}

export const isEnglishName = (name: string): boolean => /^[A-Z ]+$/.test(name);

/**
 * Account holder name: trimmed, inner spaces collapsed, upper-cased (spec §5). Letters (any script, with their
 * combining marks), spaces, dots, apostrophes and dashes; for KTB, TMB and BBL English letters and spaces only.
 */
export function checkBankAccountName(raw: string, bankCode: string): string {
  const name = raw.trim().replace(/\s+/g, ' ').toUpperCase();
  if (name.length < 2 || name.length > 100) throw fieldError('bankAccountName');
  if (ENGLISH_NAME_BANKS.includes(bankCode)) {
    if (!isEnglishName(name)) throw fieldError('bankAccountName', 'BANK_ACCOUNT_NAME_ENG');
  } else if (!/^[\p{L}\p{M} .'-]+$/u.test(name)) {
    throw fieldError('bankAccountName');
  }
  return name;
}

/** Wallet currency: THB outside Laos; LAK (default) or BAHT in the Laos build. BAHT is stored as THB. */
export function checkCurrency(raw: string | undefined, laos: boolean): 'THB' | 'LAK' {
  const v = (raw ?? '').trim().toUpperCase();
  if (laos) {
    if (v === '' || v === 'LAK') return 'LAK';
    if (v === 'BAHT' || v === 'THB') return 'THB';
    throw fieldError('currency');
  }
  if (v === '' || v === 'THB' || v === 'BAHT') return 'THB';
  throw fieldError('currency');
}

/**
 * Invite codes are the registration link's `code` query value: a fixed client-side prefix followed by the
 * inviter's profile _id (24 hex characters). The server takes the trailing _id, whatever the prefix.
 */
export function inviteCodeToMemberId(raw: string): string | undefined {
  const m = /([0-9a-f]{24})$/i.exec(raw.trim());
  return m?.[1]?.toLowerCase();
}
