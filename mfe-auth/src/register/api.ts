import { get, post } from '@wallet/shared';
import type { ApiBody, ApiData } from '@wallet/api-types';

export type Source = ApiData<'/api/lookup/sources', 'get'>[number];

type RegisterBody = ApiBody<'/api/account', 'post'>;

/**
 * Registration payload (spec §3), plus the verified one-time-code token when registerOTP is on. The form always
 * sends every field; the server reads `currency` case-insensitively, the form sends one of these.
 */
export type RegistrationPayload = Required<Omit<RegisterBody, 'currency' | 'otpToken'>> & {
  /** Laos build: 'LAK' (default) or 'BAHT'; otherwise 'THB'. */
  currency: 'THB' | 'LAK' | 'BAHT';
  otpToken?: string;
};

/** `code`: 'OTP_SENT', or 'OTP_VERIFIED' when the phone is already verified (the wizard then skips to profile). */
export type OtpSendResponse = ApiData<'/api/otp/send', 'post'>;
export type OtpVerifyResponse = ApiData<'/api/otp/verify', 'post'>;

export const registerApi = {
  /** Whether the operator requires a one-time code by SMS before registration. */
  registerOTP: () => get<ApiData<'/api/lookup/registerOTP', 'get'>>('/api/lookup/registerOTP'),
  /** Where the member heard of the site (spec §7 lookup). */
  sources: () => get<Source[]>('/api/lookup/sources'),
  validate: (payload: Partial<RegistrationPayload>) =>
    post<ApiData<'/api/account/validate', 'post'>>('/api/account/validate', payload),
  register: (payload: RegistrationPayload) => post<ApiData<'/api/account', 'post'>>('/api/account', payload),
};

export const otpApi = {
  send: (phoneNumber: string) => post<OtpSendResponse>('/api/otp/send', { phoneNumber }),
  verify: (otpToken: string, otpCode: string) =>
    post<OtpVerifyResponse>('/api/otp/verify', { otpToken, otpCode }),
};
