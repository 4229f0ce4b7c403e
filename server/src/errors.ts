/**
 * Typed application errors. Every error the API returns carries a code from the spec's error catalogue (§8)
 * or one of the envelope codes `gone` and `invalid-token` (docs/architecture.md).
 */
export const ERROR_CODES = [
  // auth
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
  'INVALID_USER_1',
  'INVALID_USER_2',
  'INVALID_USER_3',
  'INVALID_USER_4',
  'INVALID_IP',
  'invalid-token',
  'gone',
  // one-time code
  'OTP_BLOCK',
  'OTP_TOKEN_INVALID',
  'OTP_NOT_EXIST',
  'OTP_VERIFIED',
  'OTP_EXPIRED',
  'OTP_CODE_INVALID',
  'OTP_SEND_FAIL',
  'OTP_VERIFY_FAIL',
  'UNVERIFIED_OTP',
  // registration and login
  'EXISTING_USER',
  'EXISTING_BANK',
  'INVALID_USER_INFO',
  'INVALID_BANK',
  'BANK_ACCOUNT_NAME_ENG',
  'REGISTER_FAIL',
  'NO_USER',
  'WRONG_PASSWORD',
  'WRONG_CREDENTIAL',
  'INACTIVE_USER',
  'LOGIN_FAIL',
  'REQUEST_LIMIT',
  'REQUEST_LIMIT_1MIN',
  'PHONE_NUMBER_REQUIRE_10_DIGIT',
  // others
  'NO_BANK',
  'NO_WALLET',
  'NO_DATA',
  'KEY_MISSING',
  'KEY_INVALID',
  'INTERNAL_SERVER_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;

  constructor(code: ErrorCode, statusCode: number, message?: string) {
    super(message ?? code);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = statusCode;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
