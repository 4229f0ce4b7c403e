import { get, post } from '@wallet/shared';

export interface Source {
  code: string;
  description: string;
}

/** Registration payload (spec §3), plus the verified one-time-code token when registerOTP is on. */
export interface RegistrationPayload {
  name: string;
  username: string;
  password: string;
  sourceCode: string;
  inviteCode: string;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  /** Laos build: 'LAK' (default) or 'BAHT'; otherwise 'THB'. */
  currency: 'THB' | 'LAK' | 'BAHT';
  otpToken?: string;
}

export interface OtpSendResponse {
  otpRef: string;
  otpToken: string;
  /** 'OTP_SENT', or 'OTP_VERIFIED' when the phone is already verified (the wizard then skips to profile). */
  code: string;
}

export interface OtpVerifyResponse {
  code: string;
}

export const registerApi = {
  /** Whether the operator requires a one-time code by SMS before registration. */
  registerOTP: () => get<{ registerOTP: boolean }>('/api/lookup/registerOTP'),
  /** Where the member heard of the site (spec §7 lookup). */
  sources: () => get<Source[]>('/api/lookup/sources'),
  validate: (payload: Partial<RegistrationPayload>) =>
    post<{ valid: boolean }>('/api/account/validate', payload),
  register: (payload: RegistrationPayload) => post<{ _id: string }>('/api/account', payload),
};

export const otpApi = {
  send: (phoneNumber: string) => post<OtpSendResponse>('/api/otp/send', { phoneNumber }),
  verify: (otpToken: string, otpCode: string) =>
    post<OtpVerifyResponse>('/api/otp/verify', { otpToken, otpCode }),
};
