/** Limits the spec leaves open ("not shown"); the values are documented in docs/server.md. */
export interface Limits {
  loginFailuresPerAccount: number;
  loginFailuresPerIp: number;
  loginWindowMs: number;
  otpTtlMs: number;
  /** How long a verified one-time code stays usable for registration. */
  otpVerifiedTtlMs: number;
  otpMaxAttempts: number;
  otpResendIntervalMs: number;
  otpSendsPerIpPerHour: number;
  sessionTtlMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  loginFailuresPerAccount: 10,
  loginFailuresPerIp: 50,
  loginWindowMs: 15 * 60_000,
  otpTtlMs: 10 * 60_000,
  otpVerifiedTtlMs: 30 * 60_000,
  otpMaxAttempts: 5,
  otpResendIntervalMs: 60_000,
  otpSendsPerIpPerHour: 20,
  sessionTtlMs: 12 * 3600_000,
};
