/**
 * Types of the HTTP API (spec §3 and §7). Amounts are integers in minor units of `currency`
 * (THB: satang; LAK: kip), see docs/architecture.md.
 */

export type Currency = 'THB' | 'LAK';
export type Country = 'TH' | 'LA';

export interface Bank {
  code: string;
  nameTH: string;
  nameEN: string;
  country?: Country;
}

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

export interface Profile {
  _id: string;
  username: string;
  name: string;
  createdAt: string;
  coin: number;
  bankCode: string;
  bankAccountName: string;
  bankAccountNo: string;
  bank?: Bank;
  currency?: Currency;
}

export interface BankAccount {
  bankAccountName: string;
  bankAccountNo: string;
  bank: Bank;
}

export interface Wallet {
  amount: number;
  currency: Currency;
}

export interface InviteSummary {
  amount: number;
  success: number;
  fail: number;
}

export type GameCategory = 'slot' | 'sport' | 'lotto';

export interface GameAccount {
  code: string;
  name: string;
  logo: string;
  background: string;
  category: GameCategory;
  isActive: boolean;
  amount: number;
  ftWalletSlot: number;
  web: string | null;
  android: string | null;
  ios: string | null;
}

export interface WalletResponse {
  profile: Profile;
  bankAccount: BankAccount;
  wallet: Wallet;
  invite: InviteSummary;
  slots: GameAccount[];
}

export interface LoginResponse {
  token: string;
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

export interface ContactInfo {
  contactText: string;
  lineLink: string;
  lineName: string;
  lineQR: string;
}

export interface SiteInfo {
  name: string;
  website: string;
}

export interface WithdrawLimits {
  withdrawMin: number;
  withdrawMax: number;
}

export interface ActiveStatus {
  terminated: 'gone' | null;
}

export interface HowtoVideo {
  id: string;
  title: string;
  src: string;
  poster?: string;
}

/** One entry of `/remotes.json`: which remotes exist, where their manifests are, whether the operator enabled them. */
export interface RemoteDescriptor {
  name: string;
  folder: string;
  entry: string;
  enabled: boolean;
}

export interface RemotesDocument {
  remotes: RemoteDescriptor[];
}
