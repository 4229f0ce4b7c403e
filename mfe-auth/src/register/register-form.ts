import { buildConfig, normalizeAccountNo } from '@wallet/shared';
import type { Bank } from '../common/api';
import type { RegistrationPayload } from './api';
import { joinAccountName } from './validation';

/** Spec §4: 0 phone, 1 one-time code, 2 profile, 3 bank. */
export type RegisterStep = 0 | 1 | 2 | 3;
export const STEP_KEYS = ['phone', 'otp', 'profile', 'bank'] as const;

export type RegisterCurrency = RegistrationPayload['currency'];
/** Spec §5: the Laos build chooses LAK (default) or BAHT; every other build registers in THB. */
export const LAOS_CURRENCIES: readonly RegisterCurrency[] = ['LAK', 'BAHT'];

/** Everything the visitor types across the four steps (kept by the wizard so Back loses nothing). */
export interface RegisterForm {
  phone: string;
  otpCode: string;
  name: string;
  password: string;
  confirmPassword: string;
  sourceCode: string;
  inviteCode: string;
  bankCode: string;
  firstName: string;
  lastName: string;
  accountNo: string;
  currency: RegisterCurrency;
}

export type RegisterField = keyof RegisterForm;
export type FormPatch = Partial<RegisterForm>;

export function emptyForm(): RegisterForm {
  return {
    phone: '',
    otpCode: '',
    name: '',
    password: '',
    confirmPassword: '',
    sourceCode: '',
    inviteCode: '',
    bankCode: '',
    firstName: '',
    lastName: '',
    accountNo: '',
    currency: buildConfig.laos ? 'LAK' : 'THB',
  };
}

/** The profile part, sent to the server-side validate call before the bank step. */
export function profilePayload(form: RegisterForm, otpToken: string): Partial<RegistrationPayload> {
  return {
    name: form.name.trim(),
    username: form.phone.trim(),
    password: form.password,
    sourceCode: form.sourceCode,
    inviteCode: form.inviteCode.trim(),
    currency: form.currency,
    ...(otpToken ? { otpToken } : {}),
  };
}

/** The registration payload of spec §3 (plus the one-time-code token when the phone was verified). */
export function registrationPayload(form: RegisterForm, otpToken: string): RegistrationPayload {
  return {
    name: form.name.trim(),
    username: form.phone.trim(),
    password: form.password,
    sourceCode: form.sourceCode,
    inviteCode: form.inviteCode.trim(),
    bankCode: form.bankCode,
    bankAccountName: joinAccountName(form.firstName, form.lastName),
    bankAccountNo: normalizeAccountNo(form.accountNo),
    currency: form.currency,
    ...(otpToken ? { otpToken } : {}),
  };
}

/** Spec §2/§5: the Laos build offers Lao banks; every other build the Thai ones (banks without a country are Thai). */
export function banksForBuild(banks: readonly Bank[], laos: boolean): Bank[] {
  return banks.filter((bank) => (laos ? bank.country === 'LA' : bank.country !== 'LA'));
}

/**
 * Where a field the server names (the error body's `field`) lives in the wizard: the form field that shows it,
 * its step, and its label key. The account name is typed as first and last name: shown at the first name.
 */
export const SERVER_FIELDS: Readonly<
  Record<string, { field: RegisterField; step: RegisterStep; label: `register.${string}` }>
> = {
  username: { field: 'phone', step: 0, label: 'register.phone' },
  name: { field: 'name', step: 2, label: 'register.name' },
  password: { field: 'password', step: 2, label: 'register.password' },
  sourceCode: { field: 'sourceCode', step: 2, label: 'register.source' },
  inviteCode: { field: 'inviteCode', step: 2, label: 'register.invite' },
  bankCode: { field: 'bankCode', step: 3, label: 'register.bank' },
  bankAccountName: { field: 'firstName', step: 3, label: 'register.accountName' },
  bankAccountNo: { field: 'accountNo', step: 3, label: 'register.accountNo' },
  currency: { field: 'currency', step: 3, label: 'register.currency' },
};
