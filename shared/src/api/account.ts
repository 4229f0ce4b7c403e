import { post, put, get } from '../http/client';
import type {
  LoginResponse,
  OtpSendResponse,
  OtpVerifyResponse,
  Profile,
  RegistrationPayload,
} from './types';

export const accountApi = {
  validate: (payload: Partial<RegistrationPayload>) =>
    post<{ valid: boolean }>('/api/account/validate', payload),
  register: (payload: RegistrationPayload) => post<{ _id: string }>('/api/account', payload),
  login: (username: string, password: string) => post<LoginResponse>('/api/login', { username, password }),
  profile: () => get<Profile>('/api/account/profile'),
  updateProfile: (body: Pick<Profile, 'name' | 'bankCode' | 'bankAccountName' | 'bankAccountNo'>) =>
    put<Profile>('/api/account/profile', body),
  updateBankAccountName: (bankCode: string, bankAccountName: string) =>
    put<Profile>('/api/account/bankAccountName', { bankCode, bankAccountName }),
  /** Returns a fresh token: the server revokes every other session of the member. */
  changePassword: (oldPassword: string, newPassword: string) =>
    put<LoginResponse>('/api/account/changepwd', { oldPassword, newPassword }),
};

export const otpApi = {
  send: (phoneNumber: string) => post<OtpSendResponse>('/api/otp/send', { phoneNumber }),
  verify: (otpToken: string, otpCode: string) =>
    post<OtpVerifyResponse>('/api/otp/verify', { otpToken, otpCode }),
};
