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

export function hasFailures(failed: object): boolean {
  return Object.keys(failed).length > 0;
}
