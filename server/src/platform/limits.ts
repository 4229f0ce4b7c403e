/** Limits the spec leaves open ("not shown"); the values are documented in docs/server.md. */
export interface Limits {
  /** A realtime socket's session is checked again before an event reaches it when the last check is older. */
  realtimeSessionRecheckMs: number;
  /** Open realtime sockets per member on one server process (tabs, phones); one more is refused. */
  realtimeSocketsPerMember: number;
  /** Login attempts per account (released by a success) and per IP within `loginWindowMs`. */
  loginFailuresPerAccount: number;
  loginFailuresPerIp: number;
  loginWindowMs: number;
  /** Change-password attempts with a wrong old password per member within `loginWindowMs`. */
  passwordChangeFailuresPerMember: number;
  otpTtlMs: number;
  /** How long a verified one-time code stays usable for registration. */
  otpVerifiedTtlMs: number;
  otpMaxAttempts: number;
  otpResendIntervalMs: number;
  /** otp/send calls per IP per hour, whatever their answer (counted before the registered-phone check). */
  otpSendsPerIpPerHour: number;
  /**
   * Registration look-ups of one phone or one bank account per hour (otp/send, account/validate, registration
   * together), counted before the existence check.
   */
  lookupsPerPhonePerHour: number;
  lookupsPerBankAccountPerHour: number;
  /** account/validate and registration calls per IP per hour, counted before any existence check. */
  accountChecksPerIpPerHour: number;
  /** Per member: slip uploads, QR creations, bank-transfer notices, per minute and per hour. */
  slipUploadsPerMinute: number;
  slipUploadsPerHour: number;
  qrCreatesPerMinute: number;
  qrCreatesPerHour: number;
  depositNoticesPerMinute: number;
  depositNoticesPerHour: number;
  sessionTtlMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  realtimeSessionRecheckMs: 30_000,
  realtimeSocketsPerMember: 20,
  loginFailuresPerAccount: 10,
  loginFailuresPerIp: 50,
  loginWindowMs: 15 * 60_000,
  passwordChangeFailuresPerMember: 5,
  otpTtlMs: 10 * 60_000,
  otpVerifiedTtlMs: 30 * 60_000,
  otpMaxAttempts: 5,
  otpResendIntervalMs: 60_000,
  otpSendsPerIpPerHour: 20,
  lookupsPerPhonePerHour: 10,
  lookupsPerBankAccountPerHour: 10,
  accountChecksPerIpPerHour: 60,
  slipUploadsPerMinute: 3,
  slipUploadsPerHour: 30,
  qrCreatesPerMinute: 5,
  qrCreatesPerHour: 30,
  depositNoticesPerMinute: 3,
  depositNoticesPerHour: 20,
  sessionTtlMs: 12 * 3600_000,
};
