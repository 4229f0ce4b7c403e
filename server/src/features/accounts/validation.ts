import { AppError } from '../../platform/errors';
import { ENGLISH_NAME_BANKS } from '../content/seed-content';
import { isCommonPassword } from './common-passwords';

/** Phone: exactly 10 digits outside Laos (spec §5); 8 to 13 digits in the Laos build. */
export function checkPhone(raw: string, laos: boolean): string {
  const phone = raw.trim();
  if (laos) {
    if (!/^\d{8,13}$/.test(phone)) throw new AppError('INVALID_USER_INFO', 400);
  } else if (!/^\d{10}$/.test(phone)) {
    throw new AppError('PHONE_NUMBER_REQUIRE_10_DIGIT', 400);
  }
  return phone;
}

export function checkName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, ' ');
  if (name.length < 1 || name.length > 100) throw new AppError('INVALID_USER_INFO', 400);
  return name;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * Password rule (the spec's "not shown" bounds, docs/server.md): 8 to 128 characters, not one of the common
 * passwords (case-insensitive), not the member's phone number. Otherwise INVALID_USER_INFO.
 */
export function checkPassword(raw: string, phone?: string): string {
  if (raw.length < PASSWORD_MIN || raw.length > PASSWORD_MAX) throw new AppError('INVALID_USER_INFO', 400);
  if (isCommonPassword(raw)) throw new AppError('INVALID_USER_INFO', 400);
  if (phone !== undefined && phone !== '' && raw.trim() === phone)
    throw new AppError('INVALID_USER_INFO', 400);
  return raw;
}

/** Digits only (spaces and dashes removed), 10 to 18 digits (Thai accounts are 10-12, Lao up to 18). */
export function checkBankAccountNo(raw: string): string {
  const no = raw.replace(/[\s-]/g, '');
  if (!/^\d{10,18}$/.test(no)) throw new AppError('INVALID_USER_INFO', 400);
  return no;
}

export const isEnglishName = (name: string): boolean => /^[A-Z ]+$/.test(name);

/**
 * Account holder name: trimmed, inner spaces collapsed, upper-cased (spec §5). Letters (any script, with their
 * combining marks), spaces, dots, apostrophes and dashes; for KTB, TMB and BBL English letters and spaces only.
 */
export function checkBankAccountName(raw: string, bankCode: string): string {
  const name = raw.trim().replace(/\s+/g, ' ').toUpperCase();
  if (name.length < 2 || name.length > 100) throw new AppError('INVALID_USER_INFO', 400);
  if (ENGLISH_NAME_BANKS.includes(bankCode)) {
    if (!isEnglishName(name)) throw new AppError('BANK_ACCOUNT_NAME_ENG', 400);
  } else if (!/^[\p{L}\p{M} .'-]+$/u.test(name)) {
    throw new AppError('INVALID_USER_INFO', 400);
  }
  return name;
}

/** Wallet currency: THB outside Laos; LAK (default) or BAHT in the Laos build. BAHT is stored as THB. */
export function checkCurrency(raw: string | undefined, laos: boolean): 'THB' | 'LAK' {
  const v = (raw ?? '').trim().toUpperCase();
  if (laos) {
    if (v === '' || v === 'LAK') return 'LAK';
    if (v === 'BAHT' || v === 'THB') return 'THB';
    throw new AppError('INVALID_USER_INFO', 400);
  }
  if (v === '' || v === 'THB' || v === 'BAHT') return 'THB';
  throw new AppError('INVALID_USER_INFO', 400);
}

/**
 * Invite codes are the registration link's `code` query value: a fixed client-side prefix followed by the
 * inviter's profile _id (24 hex characters). The server takes the trailing _id, whatever the prefix.
 */
export function inviteCodeToMemberId(raw: string): string | undefined {
  const m = /([0-9a-f]{24})$/i.exec(raw.trim());
  return m?.[1]?.toLowerCase();
}
