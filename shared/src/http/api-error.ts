import { defaultLocale, i18n } from '../i18n/i18n';

/** Codes after which the member must sign in again (spec §7 "Response handling"). */
export const SIGN_IN_AGAIN_CODES: ReadonlySet<string> = new Set([
  'invalid-token',
  'INVALID_USER_1',
  'INVALID_USER_2',
  'INVALID_USER_3',
  'INVALID_USER_4',
]);

/** The server's way of saying the service is terminated. */
export const GONE_CODE = 'gone';

/** Codes of failures that never reached the server or got no usable answer. */
export type TransportCode = 'NETWORK_ERROR' | 'TIMEOUT';

/** Codes the client itself gives an error (besides the server's catalogue): transport failures and `UNKNOWN`. */
export const CLIENT_ERROR_CODES: readonly string[] = ['NETWORK_ERROR', 'TIMEOUT', 'UNKNOWN'] satisfies (
  TransportCode | 'UNKNOWN'
)[];

/**
 * A failed call. `code` is the server's catalogue code (spec §8) or a transport code; `message` is already
 * translated into the current language, ready for a toast or an inline error; `field` is the request field the
 * server refused (e.g. `bankAccountNo`), when the error is about one, so a form can show it at that field;
 * `minimum` is the amount (minor units) the request did not reach, when the server names one (a bonus's deposit,
 * the withdrawal minimum); `maximum` the amount it went over (the withdrawal maximum).
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number | null,
    message: string,
    readonly field?: string,
    readonly minimum?: number,
    /**
     * The server's own wording of the failure when it says more than the code (e.g. why a release does not fit:
     * "react: needs ^18.2.0, host has 19.2.0"). Untranslated English for operators; never shown to members.
     */
    readonly detail?: string,
    readonly maximum?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Translates a catalogue code; unknown codes fall back to the server's message, then to a generic text. */
export function translateErrorCode(code: string, serverMessage?: string): string {
  // Only a string entry of the `errors` namespace counts: not a group of keys, not a key of another namespace.
  const entry: unknown = i18n.getResource(i18n.resolvedLanguage ?? i18n.language, 'errors', code);
  const fallback: unknown = i18n.getResource(defaultLocale, 'errors', code);
  if (typeof entry === 'string' || typeof fallback === 'string') return i18n.t(code, { ns: 'errors' });
  if (serverMessage && serverMessage !== code) return serverMessage;
  return i18n.t('UNKNOWN', { ns: 'errors' });
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
