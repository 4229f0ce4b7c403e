import { isApiError, i18n } from '@wallet/shared';

/**
 * The text of a failed call for an operator: the console's own wording where the members' text would mislead (a
 * member signs in with a phone number, an operator with a name), else the shared `errors` translation.
 */
export function errorText(error: unknown): string {
  if (!isApiError(error)) return i18n.t('UNKNOWN', { ns: 'errors' });
  const own = `errors.${error.code}`;
  if (i18n.exists(own, { ns: 'ops' })) return i18n.t(own, { ns: 'ops' });
  return error.message;
}
