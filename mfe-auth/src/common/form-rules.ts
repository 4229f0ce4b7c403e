import { i18n, toast } from '@wallet/shared';

/** A rule's verdict: the i18n key (with namespace) of the message to show, `null` when the value passes. */
export type MessageKey = `${'auth' | 'errors'}:${string}`;

/** A message with values to fill in (e.g. how many digits an account number has). */
export interface RuleMessage {
  key: MessageKey;
  values: Record<string, string | number>;
}

/** What a rule says when a value fails: a message key, or a key with its values. */
export type Verdict = MessageKey | RuleMessage;

/** The verdict in the current language. */
export function verdictText(verdict: Verdict): string {
  return typeof verdict === 'string' ? i18n.t(verdict) : i18n.t(verdict.key, verdict.values);
}

export const REQUIRED: MessageKey = 'auth:validation.required';

export function required(value: string): MessageKey | null {
  return value.trim() === '' ? REQUIRED : null;
}

/** Keeps the failed rules of a form: `{ phone: 'errors:…' }`; an empty object means the form passes. */
export function failedRules<K extends string, V extends Verdict = MessageKey>(
  rules: Record<K, V | null>,
): Partial<Record<K, V>> {
  const failed: Partial<Record<K, V>> = {};
  for (const key of Object.keys(rules) as K[]) {
    const message = rules[key];
    if (message) failed[key] = message;
  }
  return failed;
}

/**
 * True when the form passes. Otherwise the first failed rule is also shown as a toast (spec §8: form errors show
 * as a toast for 4 seconds), next to the inline messages the fields already carry.
 */
export function passes(failed: object): boolean {
  const first = Object.values(failed as Record<string, Verdict>)[0];
  if (first === undefined) return true;
  toast.error(verdictText(first));
  return false;
}

/** A new password and its confirmation (registration and the profile's change of password). */
export function validatePasswords(password: string, confirm: string): MessageKey | null {
  if (password === '' || confirm === '') return REQUIRED;
  return password === confirm ? null : 'auth:validation.passwordNotEqual';
}
