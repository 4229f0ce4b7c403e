import { normalizeAccountNo } from '@wallet/shared';
import { REQUIRED, type MessageKey, type Verdict } from '../common/form-rules';

/**
 * The registration rules of spec §5, as pure functions. Each rule returns `null` when the value passes, or the
 * i18n key (with its namespace) of the message to show.
 */

/** Spec §9: a phone is exactly 10 characters outside the Laos build. */
export const PHONE_LENGTH = 10;

/** Spec §9: banks whose account name may contain only English letters and spaces. */
export const ENGLISH_ONLY_NAME_BANKS: readonly string[] = ['KTB', 'TMB', 'BBL'];

export function validatePhone(phone: string, laos: boolean): MessageKey | null {
  if (phone.trim() === '') return REQUIRED;
  if (!laos && phone.length !== PHONE_LENGTH) return 'errors:PHONE_NUMBER_REQUIRE_10_DIGIT';
  return null;
}

export function isEnglishOnly(name: string): boolean {
  return /^[A-Za-z ]+$/.test(name);
}

export function requiresEnglishName(bankCode: string): boolean {
  return ENGLISH_ONLY_NAME_BANKS.includes(bankCode);
}

/** The account name the bank step sends: first and last name, each trimmed, joined by one space, uppercased. */
export function joinAccountName(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.toUpperCase();
}

export function validateAccountName(bankCode: string, accountName: string): MessageKey | null {
  if (requiresEnglishName(bankCode) && !isEnglishOnly(accountName)) return 'errors:BANK_ACCOUNT_NAME_ENG';
  return null;
}

/** How many digits an account number has at a bank (the bank lookup's `accountNoLength`). */
export interface AccountNoLength {
  min: number;
  max: number;
}

/**
 * Digits only, and as many as the chosen bank's account numbers have (Thai banks 10, GSB/BAAC/GHB 12, Lao banks
 * 10 to 18: the bank lookup says). The server checks the same.
 */
export function validateAccountNo(accountNo: string, length: AccountNoLength | undefined): Verdict | null {
  const digits = normalizeAccountNo(accountNo);
  if (digits === '') return REQUIRED;
  if (!/^\d+$/.test(digits)) return 'auth:validation.accountNoDigits';
  if (!length || (digits.length >= length.min && digits.length <= length.max)) return null;
  return length.min === length.max
    ? { key: 'auth:validation.accountNoLength', values: { digits: length.min } }
    : { key: 'auth:validation.accountNoLengthRange', values: { min: length.min, max: length.max } };
}
