import { i18n, toast } from '@wallet/shared';

/** A rule's verdict: the i18n key (with namespace) of the message to show, `null` when the value passes. */
export type MessageKey = `${'auth' | 'errors'}:${string}`;

export const REQUIRED: MessageKey = 'auth:validation.required';

export function required(value: string): MessageKey | null {
  return value.trim() === '' ? REQUIRED : null;
}

/** Keeps the failed rules of a form: `{ phone: 'errors:…' }`; an empty object means the form passes. */
export function failedRules<K extends string>(
  rules: Record<K, MessageKey | null>,
): Partial<Record<K, MessageKey>> {
  const failed: Partial<Record<K, MessageKey>> = {};
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
  const first = Object.values(failed as Record<string, MessageKey>)[0];
  if (first === undefined) return true;
  toast.error(i18n.t(first));
  return false;
}
