import { i18n, isApiError } from '@wallet/shared';

/** The namespace of this screen's strings (mfe-wallet/src/locales/<lang>/wallet-members.json). */
export const MEMBERS_NS = 'wallet-members';

/**
 * The text of a failed call for an operator: this screen's own wording where the members' text would mislead
 * ("your balance is not enough" speaks to the member), else the shared `errors` translation the ApiError carries.
 */
export function errorText(error: unknown): string {
  if (!isApiError(error)) return i18n.t('UNKNOWN', { ns: 'errors' });
  const own = `errors.${error.code}`;
  if (i18n.exists(own, { ns: MEMBERS_NS })) return i18n.t(own, { ns: MEMBERS_NS });
  return error.message;
}

/** No answer came (timeout, connection): the server may or may not have done it, so a retry keeps its key. */
export function unanswered(error: unknown): boolean {
  return !isApiError(error) || error.status === null || error.code === 'REQUEST_LIMIT';
}
