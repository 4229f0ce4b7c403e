import { screen } from '@testing-library/react';
import { bankApi, type Bank } from '../src/common/api';
import { otpApi, registerApi, type OtpSendResponse, type RegistrationPayload } from '../src/register/api';
import { RegisterPage } from '../src/register/register-page';
import { renderScreen } from './harness';

// The registration wizard's server and the member's steps through it (src/register/*.test.tsx).

export const TEN = { min: 10, max: 10 };
export const BANKS: Bank[] = [
  {
    code: 'KBANK',
    nameTH: 'ธนาคารกสิกรไทย',
    nameEN: 'Kasikornbank',
    nameLA: 'ທະນາຄານກະສິກອນໄທ',
    country: 'TH',
    accountNoLength: TEN,
  },
  {
    code: 'KTB',
    nameTH: 'ธนาคารกรุงไทย',
    nameEN: 'Krungthai Bank',
    nameLA: 'ທະນາຄານກຸງໄທ',
    country: 'TH',
    accountNoLength: TEN,
  },
  {
    code: 'TMB',
    nameTH: 'ธนาคารทหารไทยธนชาต',
    nameEN: 'TMBThanachart Bank',
    nameLA: 'ທະນາຄານທະຫານໄທທະນະຊາດ',
    country: 'TH',
    accountNoLength: TEN,
  },
  {
    code: 'BBL',
    nameTH: 'ธนาคารกรุงเทพ',
    nameEN: 'Bangkok Bank',
    nameLA: 'ທະນາຄານກຸງເທບ',
    country: 'TH',
    accountNoLength: TEN,
  },
  {
    code: 'GSB',
    nameTH: 'ธนาคารออมสิน',
    nameEN: 'Government Savings Bank',
    nameLA: 'ທະນາຄານອອມສິນ',
    country: 'TH',
    accountNoLength: { min: 12, max: 12 },
  },
  {
    code: 'BCEL',
    nameTH: 'ธนาคารการค้าต่างประเทศลาว มหาชน',
    nameEN: 'BCEL (Banque pour le Commerce Extérieur Lao Public)',
    nameLA: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ ມະຫາຊົນ',
    country: 'LA',
    accountNoLength: { min: 10, max: 18 },
  },
];

export const SENT: OtpSendResponse = { otpRef: 'QWER', otpToken: 'otp-token-1', code: 'OTP_SENT' };

/** The server as the wizard sees it; each test overrides what it is about. */
export function server({
  registerOTP = true,
  sent = SENT,
}: { registerOTP?: boolean; sent?: OtpSendResponse } = {}) {
  return {
    registerOTP: jest.spyOn(registerApi, 'registerOTP').mockResolvedValue({ registerOTP }),
    send: jest.spyOn(otpApi, 'send').mockResolvedValue(sent),
    verify: jest.spyOn(otpApi, 'verify').mockResolvedValue({ code: 'OTP_CODE_VALID' }),
    sources: jest
      .spyOn(registerApi, 'sources')
      .mockResolvedValue([{ code: 'FACEBOOK', description: 'Facebook' }]),
    validate: jest.spyOn(registerApi, 'validate').mockResolvedValue({ valid: true }),
    banks: jest.spyOn(bankApi, 'banks').mockResolvedValue(BANKS),
    register: jest.spyOn(registerApi, 'register').mockResolvedValue({ _id: 'member-1' }),
  };
}

export type User = ReturnType<typeof renderScreen>['user'];

export async function enterPhone(user: User, phone = '0812345678') {
  await user.type(screen.getByTestId('register-phone'), phone);
  await user.click(screen.getByTestId('register-next'));
}

export async function enterCode(user: User, code = '123456') {
  await user.type(await screen.findByTestId('register-otp'), code);
  await user.click(screen.getByTestId('register-next'));
}

export async function enterProfile(user: User, password = 'secret-pass-9', confirm = password) {
  await user.type(await screen.findByTestId('register-name'), 'Somchai Jaidee');
  await user.type(screen.getByTestId('register-password'), password);
  await user.type(screen.getByTestId('register-confirm'), confirm);
  await user.click(screen.getByTestId('register-next'));
}

export async function enterBank(
  user: User,
  bank: string,
  first: string,
  last: string,
  accountNo = '1112223334',
) {
  // The tests read in English: the options carry the English names.
  await screen.findByRole('option', { name: BANKS.find((b) => b.code === bank)?.nameEN ?? bank });
  await user.selectOptions(screen.getByTestId('register-bank'), bank);
  await user.type(screen.getByTestId('register-first-name'), first);
  await user.type(screen.getByTestId('register-last-name'), last);
  await user.type(screen.getByTestId('register-account-no'), accountNo);
  await user.click(screen.getByTestId('register-submit'));
}

/** Phone → (code) → profile → bank step, with the happy server. */
export async function reachBankStep(options: Parameters<typeof server>[0] = {}) {
  const api = server(options);
  const view = renderScreen(<RegisterPage />, { url: '/register' });
  await enterPhone(view.user);
  await enterCode(view.user);
  await enterProfile(view.user);
  await screen.findByTestId('register-bank');
  return { ...view, api };
}

export function registered(api: ReturnType<typeof server>): RegistrationPayload {
  const payload = api.register.mock.calls[0]?.[0];
  if (!payload) throw new Error('register was not called');
  return payload;
}
