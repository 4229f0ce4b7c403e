import { act, screen, waitFor } from '@testing-library/react';
import { buildConfig, setLocale } from '@wallet/shared';
import { bankApi, type Bank } from '../common/api';
import { otpApi, registerApi, type OtpSendResponse, type RegistrationPayload } from './api';
import {
  errorText,
  inlineErrors,
  renderScreen,
  serverError,
  startEachTestClean,
  toastMessages,
} from '../../test/harness';
import { LoginPage } from '../login/login-page';
import { RegisterPage } from './register-page';

startEachTestClean();

const TEN = { min: 10, max: 10 };
const BANKS: Bank[] = [
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

const SENT: OtpSendResponse = { otpRef: 'QWER', otpToken: 'otp-token-1', code: 'OTP_SENT' };

/** The server as the wizard sees it; each test overrides what it is about. */
function server({ registerOTP = true, sent = SENT }: { registerOTP?: boolean; sent?: OtpSendResponse } = {}) {
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

type User = ReturnType<typeof renderScreen>['user'];

async function enterPhone(user: User, phone = '0812345678') {
  await user.type(screen.getByTestId('register-phone'), phone);
  await user.click(screen.getByTestId('register-next'));
}

async function enterCode(user: User, code = '123456') {
  await user.type(await screen.findByTestId('register-otp'), code);
  await user.click(screen.getByTestId('register-next'));
}

async function enterProfile(user: User, password = 'secret-pass-9', confirm = password) {
  await user.type(await screen.findByTestId('register-name'), 'Somchai Jaidee');
  await user.type(screen.getByTestId('register-password'), password);
  await user.type(screen.getByTestId('register-confirm'), confirm);
  await user.click(screen.getByTestId('register-next'));
}

async function enterBank(user: User, bank: string, first: string, last: string, accountNo = '1112223334') {
  // The tests read in English: the options carry the English names.
  await screen.findByRole('option', { name: BANKS.find((b) => b.code === bank)?.nameEN ?? bank });
  await user.selectOptions(screen.getByTestId('register-bank'), bank);
  await user.type(screen.getByTestId('register-first-name'), first);
  await user.type(screen.getByTestId('register-last-name'), last);
  await user.type(screen.getByTestId('register-account-no'), accountNo);
  await user.click(screen.getByTestId('register-submit'));
}

/** Phone → (code) → profile → bank step, with the happy server. */
async function reachBankStep(options: Parameters<typeof server>[0] = {}) {
  const api = server(options);
  const view = renderScreen(<RegisterPage />, { url: '/register' });
  await enterPhone(view.user);
  await enterCode(view.user);
  await enterProfile(view.user);
  await screen.findByTestId('register-bank');
  return { ...view, api };
}

function registered(api: ReturnType<typeof server>): RegistrationPayload {
  const payload = api.register.mock.calls[0]?.[0];
  if (!payload) throw new Error('register was not called');
  return payload;
}

describe('phone step', () => {
  it('requires exactly 10 characters outside the Laos build', async () => {
    const api = server();
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user, '081234567');
    expect(inlineErrors(errorText('PHONE_NUMBER_REQUIRE_10_DIGIT'))).toHaveLength(1);
    expect(toastMessages()).toEqual([errorText('PHONE_NUMBER_REQUIRE_10_DIGIT')]);
    expect(api.registerOTP).not.toHaveBeenCalled();
  });

  it('accepts other lengths in the Laos build', async () => {
    buildConfig.laos = true;
    try {
      const api = server();
      const { user } = renderScreen(<RegisterPage />, { url: '/register' });
      await enterPhone(user, '02055512');
      await waitFor(() => expect(api.send).toHaveBeenCalledWith('02055512'));
      expect(screen.queryByText(errorText('PHONE_NUMBER_REQUIRE_10_DIGIT'))).not.toBeInTheDocument();
    } finally {
      buildConfig.laos = false;
    }
  });
});

describe('one-time code step', () => {
  it('is shown with the reference when one-time-code registration is on', async () => {
    const api = server({ registerOTP: true });
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user);
    expect(await screen.findByTestId('register-otp')).toBeInTheDocument();
    expect(screen.getByTestId('register-otp-ref')).toHaveTextContent('QWER');
    expect(api.send).toHaveBeenCalledWith('0812345678');
  });

  it('is skipped, and no code is sent, when one-time-code registration is off', async () => {
    const api = server({ registerOTP: false });
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user);
    expect(await screen.findByTestId('register-name')).toBeInTheDocument();
    expect(screen.queryByTestId('register-otp')).not.toBeInTheDocument();
    expect(api.send).not.toHaveBeenCalled();
  });

  it('is skipped when the phone is already verified (OTP_VERIFIED)', async () => {
    server({ sent: { otpRef: '', otpToken: 'otp-token-verified', code: 'OTP_VERIFIED' } });
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user);
    expect(await screen.findByTestId('register-name')).toBeInTheDocument();
    expect(screen.queryByTestId('register-otp')).not.toBeInTheDocument();
  });

  it('goes to the profile once the code is verified, with the phone filled in', async () => {
    const api = server();
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user);
    await enterCode(user, '654321');
    expect(await screen.findByTestId('register-name')).toBeInTheDocument();
    expect(api.verify).toHaveBeenCalledWith('otp-token-1', '654321');
    expect(screen.getByTestId('register-profile-phone')).toHaveValue('0812345678');
    expect(screen.getByTestId('register-profile-phone')).toHaveAttribute('readonly');
  });

  it('stays on the code step and shows the server error when the code is wrong', async () => {
    const api = server();
    api.verify.mockRejectedValue(serverError('OTP_CODE_INVALID'));
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user);
    await enterCode(user);
    expect(await screen.findByText(errorText('OTP_CODE_INVALID'))).toBeInTheDocument();
    expect(screen.getByTestId('register-otp')).toBeInTheDocument();
  });
});

describe('profile step', () => {
  it('says the passwords do not match and does not call the server', async () => {
    const api = server({ registerOTP: false });
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user);
    await enterProfile(user, 'secret-pass-9', 'secret-pass-8');
    expect(inlineErrors('The passwords do not match.')).toHaveLength(1);
    expect(toastMessages()).toEqual(['The passwords do not match.']);
    expect(api.validate).not.toHaveBeenCalled();
  });

  it('is checked by the server before the bank step, with the verified code token', async () => {
    const { api } = await reachBankStep();
    expect(api.validate).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'Somchai Jaidee',
        username: '0812345678',
        password: 'secret-pass-9',
        otpToken: 'otp-token-1',
      }),
    );
  });

  it('shows the server refusal and stays on the profile', async () => {
    const api = server({ registerOTP: false });
    api.validate.mockRejectedValue(serverError('EXISTING_USER', 409));
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user);
    await enterProfile(user);
    expect(await screen.findByText(errorText('EXISTING_USER'))).toBeInTheDocument();
    expect(screen.getByTestId('register-name')).toBeInTheDocument();
    expect(screen.queryByTestId('register-bank')).not.toBeInTheDocument();
  });

  it('takes the inviter code from ?code=, stores it and makes it read-only', async () => {
    server({ registerOTP: false });
    const { user } = renderScreen(<RegisterPage />, { url: '/register?code=WL42' });
    expect(window.localStorage.getItem('code')).toBe('WL42');
    await enterPhone(user);
    const invite = await screen.findByTestId('register-invite');
    expect(invite).toHaveValue('WL42');
    expect(invite).toHaveAttribute('readonly');
  });

  it('uses an inviter code stored by an earlier visit', async () => {
    window.localStorage.setItem('code', 'WL7');
    server({ registerOTP: false });
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user);
    expect(await screen.findByTestId('register-invite')).toHaveValue('WL7');
  });

  it('leaves the inviter code editable without a link', async () => {
    server({ registerOTP: false });
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user);
    expect(await screen.findByTestId('register-invite')).not.toHaveAttribute('readonly');
  });
});

describe('a refused inviter code never traps registration', () => {
  afterEach(async () => {
    await setLocale('en');
  });
  const dropped = (code: string) =>
    `The inviter code ${code} cannot be used, so it was removed. You can register without it or enter a correct code.`;

  it('a stale stored code the server refuses is dropped with a message, and registration goes on without it', async () => {
    jest.useFakeTimers();
    window.localStorage.setItem('code', 'REF0123456789abcdef01234567');
    const api = server({ registerOTP: false });
    api.validate.mockImplementation(async (payload) => {
      if (payload.inviteCode) throw serverError('INVITE_CODE_INVALID', 400, 'inviteCode');
      return { valid: true };
    });
    const { user } = renderScreen(<RegisterPage />, { url: '/register', fakeTimers: true });
    await enterPhone(user);
    expect(await screen.findByTestId('register-invite')).toHaveAttribute('readonly');
    await enterProfile(user);

    // Still on the profile, told why, the code gone from storage and the field open and empty.
    const invite = await screen.findByTestId('register-invite');
    await waitFor(() => expect(invite).not.toHaveAttribute('readonly'));
    expect(invite).toHaveValue('');
    expect(invite).toHaveAccessibleDescription(
      expect.stringContaining(dropped('REF0123456789abcdef01234567')),
    );
    expect(toastMessages()).toEqual([dropped('REF0123456789abcdef01234567')]);
    expect(window.localStorage.getItem('code')).toBeNull();

    // Next again: the profile passes without the code, and the registration completes.
    await user.click(screen.getByTestId('register-next'));
    await screen.findByTestId('register-bank');
    await enterBank(user, 'KBANK', 'somchai', 'jaidee');
    expect(await screen.findByText('Registration complete. Please log in.')).toBeInTheDocument();
    expect(registered(api).inviteCode).toBe('');
    act(() => jest.advanceTimersByTime(2000));
    expect(window.location.pathname).toBe('/login');
  });

  it('a refused code from the link stays dropped although the link still carries it; a corrected one is sent', async () => {
    const api = server({ registerOTP: false });
    api.validate.mockImplementation(async (payload) => {
      if (payload.inviteCode === 'WL-OLD') throw serverError('INVITE_CODE_INVALID', 400, 'inviteCode');
      return { valid: true };
    });
    const { user } = renderScreen(<RegisterPage />, { url: '/register?code=WL-OLD' });
    await enterPhone(user);
    await enterProfile(user);
    const invite = await screen.findByTestId('register-invite');
    await waitFor(() => expect(invite).toHaveValue(''));
    expect(window.localStorage.getItem('code')).toBeNull();

    await user.type(invite, 'WL-NEW');
    expect(invite).not.toHaveAccessibleDescription(expect.stringContaining(dropped('WL-OLD')));
    await user.click(screen.getByTestId('register-next'));
    await screen.findByTestId('register-bank');
    expect(window.localStorage.getItem('code')).toBeNull();
    await enterBank(user, 'KBANK', 'somchai', 'jaidee');
    await waitFor(() => expect(api.register).toHaveBeenCalled());
    expect(registered(api).inviteCode).toBe('WL-NEW');
  });

  it('a code refused only at the registration sends the visitor back to the profile, where it is dropped', async () => {
    window.localStorage.setItem('code', 'WL9');
    const api = server({ registerOTP: false });
    api.register.mockImplementation(async (payload) => {
      if (payload.inviteCode) throw serverError('INVITE_CODE_INVALID', 400, 'inviteCode');
      return { _id: 'member-2' };
    });
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user);
    await enterProfile(user);
    await enterBank(user, 'KBANK', 'somchai', 'jaidee');

    const invite = await screen.findByTestId('register-invite');
    expect(invite).toHaveValue('');
    expect(invite).not.toHaveAttribute('readonly');
    expect(invite).toHaveAccessibleDescription(expect.stringContaining(dropped('WL9')));
    expect(window.localStorage.getItem('code')).toBeNull();

    await user.click(screen.getByTestId('register-next'));
    // The bank step keeps what was typed: one click registers.
    await user.click(await screen.findByTestId('register-submit'));
    expect(await screen.findByText('Registration complete. Please log in.')).toBeInTheDocument();
    expect(api.register).toHaveBeenCalledTimes(2);
    expect(api.register.mock.calls[1]?.[0].inviteCode).toBe('');
  });

  it('a typed code that is refused stays, to be corrected or cleared, with a message saying so', async () => {
    const api = server({ registerOTP: false });
    api.validate.mockImplementation(async (payload) => {
      if (payload.inviteCode) throw serverError('INVITE_CODE_INVALID', 400, 'inviteCode');
      return { valid: true };
    });
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user);
    await user.type(await screen.findByTestId('register-invite'), 'TYPO');
    await enterProfile(user);
    const refused =
      'This inviter code cannot be used. Correct it, or leave the field empty to register without an inviter.';
    const invite = screen.getByTestId('register-invite');
    await waitFor(() => expect(invite).toHaveAccessibleDescription(expect.stringContaining(refused)));
    expect(invite).toHaveValue('TYPO');
    await user.clear(invite);
    await user.click(screen.getByTestId('register-next'));
    expect(await screen.findByTestId('register-bank')).toBeInTheDocument();
  });

  it.each([
    ['th', 'ไม่สามารถใช้รหัสผู้แนะนำ WL1 ได้'],
    ['la', 'ບໍ່ສາມາດໃຊ້ລະຫັດຜູ້ແນະນຳ WL1 ໄດ້'],
  ] as const)('the message is translated (%s)', async (locale, start) => {
    await setLocale(locale);
    window.localStorage.setItem('code', 'WL1');
    const api = server({ registerOTP: false });
    api.validate.mockRejectedValue(serverError('INVITE_CODE_INVALID', 400, 'inviteCode'));
    const { user } = renderScreen(<RegisterPage />, { url: '/register' });
    await enterPhone(user);
    await user.type(await screen.findByTestId('register-name'), 'Somchai Jaidee');
    await user.type(screen.getByTestId('register-password'), 'secret-pass-9');
    await user.type(screen.getByTestId('register-confirm'), 'secret-pass-9');
    await user.click(screen.getByTestId('register-next'));
    await waitFor(() => expect(toastMessages()).toHaveLength(1));
    expect(toastMessages()[0]).toMatch(new RegExp(`^${start}`));
  });
});

describe('bank step', () => {
  it('types names in uppercase and sends them trimmed and joined by one space', async () => {
    const { user, api } = await reachBankStep();
    await enterBank(user, 'KBANK', '  somchai ', 'jaidee  ');
    expect(screen.getByTestId('register-first-name')).toHaveValue('  SOMCHAI ');
    await waitFor(() => expect(api.register).toHaveBeenCalled());
    expect(registered(api)).toEqual({
      name: 'Somchai Jaidee',
      username: '0812345678',
      password: 'secret-pass-9',
      sourceCode: '',
      inviteCode: '',
      bankCode: 'KBANK',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1112223334',
      currency: 'THB',
      otpToken: 'otp-token-1',
    });
  });

  it.each(['KTB', 'TMB', 'BBL'])('accepts only English letters in the name for %s', async (bank) => {
    const { user, api } = await reachBankStep();
    await enterBank(user, bank, 'สมชาย', 'ใจดี');
    expect(inlineErrors(errorText('BANK_ACCOUNT_NAME_ENG'))).toHaveLength(2);
    expect(toastMessages()).toEqual([errorText('BANK_ACCOUNT_NAME_ENG')]);
    expect(api.register).not.toHaveBeenCalled();
  });

  it('accepts a Thai name for KBANK', async () => {
    const { user, api } = await reachBankStep();
    await enterBank(user, 'KBANK', 'สมชาย', 'ใจดี');
    await waitFor(() => expect(api.register).toHaveBeenCalled());
    expect(registered(api).bankAccountName).toBe('สมชาย ใจดี');
  });

  it('requires bank, names and account number', async () => {
    const { user, api } = await reachBankStep();
    await user.click(screen.getByTestId('register-submit'));
    expect(inlineErrors('This field is required.')).toHaveLength(4);
    expect(toastMessages()).toEqual(['This field is required.']);
    expect(api.register).not.toHaveBeenCalled();
  });

  it('in the Laos build offers Lao banks and the currency, LAK by default', async () => {
    buildConfig.laos = true;
    try {
      const { user, api } = await reachBankStep();
      expect(screen.getByTestId('register-currency')).toHaveValue('LAK');
      expect(screen.queryByRole('option', { name: 'ธนาคารกสิกรไทย' })).not.toBeInTheDocument();
      await enterBank(user, 'BCEL', 'somphone', 'vongsa');
      await waitFor(() => expect(api.register).toHaveBeenCalled());
      expect(registered(api).currency).toBe('LAK');
    } finally {
      buildConfig.laos = false;
    }
  });

  it('lets a Laos member register in baht', async () => {
    buildConfig.laos = true;
    try {
      const { user, api } = await reachBankStep();
      await user.selectOptions(screen.getByTestId('register-currency'), 'BAHT');
      await enterBank(user, 'BCEL', 'somphone', 'vongsa');
      await waitFor(() => expect(api.register).toHaveBeenCalled());
      expect(registered(api).currency).toBe('BAHT');
    } finally {
      buildConfig.laos = false;
    }
  });

  it.each([
    ['th', 'ธนาคารกสิกรไทย'],
    ['la', 'ທະນາຄານກະສິກອນໄທ'],
    ['en', 'Kasikornbank'],
  ] as const)('names the banks in the page language (%s)', async (language, kbank) => {
    await setLocale(language);
    try {
      await reachBankStep();
      expect(await screen.findByRole('option', { name: kbank })).toHaveValue('KBANK');
    } finally {
      await setLocale('en');
    }
  });

  it('names the Lao banks in Lao in the Lao page of the Laos build', async () => {
    buildConfig.laos = true;
    await setLocale('la');
    try {
      await reachBankStep();
      expect(await screen.findByRole('option', { name: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ ມະຫາຊົນ' })).toHaveValue(
        'BCEL',
      );
    } finally {
      buildConfig.laos = false;
      await setLocale('en');
    }
  });

  it('has no currency choice outside the Laos build', async () => {
    await reachBankStep();
    expect(screen.queryByTestId('register-currency')).not.toBeInTheDocument();
  });

  it('refuses "12ab" as an account number on the page, at the field, without calling the server', async () => {
    const { user, api } = await reachBankStep();
    await enterBank(user, 'KBANK', 'somchai', 'jaidee', '12ab');
    const message = 'The account number must contain digits only.';
    expect(inlineErrors(message)).toHaveLength(1);
    expect(screen.getByTestId('register-account-no')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(toastMessages()).toEqual([message]);
    expect(api.register).not.toHaveBeenCalled();
  });

  it('wants as many digits as the chosen bank uses: 10 at KBANK, 12 at GSB', async () => {
    const { user, api } = await reachBankStep();
    // The field says how many digits once a bank is chosen.
    await screen.findByRole('option', { name: 'Government Savings Bank' });
    await user.selectOptions(screen.getByTestId('register-bank'), 'GSB');
    expect(screen.getByTestId('register-account-no')).toHaveAccessibleDescription('12 digits');
    await user.selectOptions(screen.getByTestId('register-bank'), 'KBANK');
    expect(screen.getByTestId('register-account-no')).toHaveAccessibleDescription('10 digits');

    await enterBank(user, 'KBANK', 'somchai', 'jaidee', '123456789012');
    expect(inlineErrors('An account number at this bank has 10 digits.')).toHaveLength(1);

    await user.selectOptions(screen.getByTestId('register-bank'), 'GSB');
    await user.clear(screen.getByTestId('register-account-no'));
    await user.type(screen.getByTestId('register-account-no'), '1112223334');
    await user.click(screen.getByTestId('register-submit'));
    expect(inlineErrors('An account number at this bank has 12 digits.')).toHaveLength(1);
    expect(api.register).not.toHaveBeenCalled();

    // Dashes as printed in a passbook are fine; the server gets the digits.
    await user.clear(screen.getByTestId('register-account-no'));
    await user.type(screen.getByTestId('register-account-no'), '0200-1234-5678');
    await user.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(api.register).toHaveBeenCalled());
    expect(registered(api).bankAccountNo).toBe('020012345678');
  });

  it('shows a server refusal that names the account number at that field, and the toast names it', async () => {
    const { user, api } = await reachBankStep();
    api.register.mockRejectedValue(serverError('INVALID_USER_INFO', 400, 'bankAccountNo'));
    await enterBank(user, 'KBANK', 'somchai', 'jaidee');
    const message = errorText('INVALID_USER_INFO');
    await waitFor(() => expect(inlineErrors(message)).toHaveLength(1));
    expect(screen.getByTestId('register-account-no')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(screen.getByTestId('register-first-name')).not.toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
    expect(toastMessages()).toEqual([`Account number: ${message}`]);
    // Editing the number clears the refusal.
    await user.type(screen.getByTestId('register-account-no'), '5');
    expect(inlineErrors(message)).toHaveLength(0);
  });

  it('goes back to the phone step when the registration says the phone is taken', async () => {
    const { user, api } = await reachBankStep();
    api.register.mockRejectedValue(serverError('EXISTING_USER', 409, 'username'));
    await enterBank(user, 'KBANK', 'somchai', 'jaidee');
    const phone = await screen.findByTestId('register-phone');
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(errorText('EXISTING_USER')));
    expect(toastMessages()).toEqual([`Phone number: ${errorText('EXISTING_USER')}`]);
  });

  it('shows the server refusal of the registration', async () => {
    const { user, api } = await reachBankStep();
    api.register.mockRejectedValue(serverError('EXISTING_BANK', 409));
    await enterBank(user, 'KBANK', 'somchai', 'jaidee');
    expect(await screen.findByText(errorText('EXISTING_BANK'))).toBeInTheDocument();
    expect(window.location.pathname).toBe('/register');
  });
});

it('after registering shows a success toast and goes to /login 2 s later', async () => {
  jest.useFakeTimers();
  const api = server({ registerOTP: false });
  const { user } = renderScreen(<RegisterPage />, { url: '/register?code=WL42', fakeTimers: true });
  await enterPhone(user);
  await enterProfile(user);
  await screen.findByTestId('register-bank');
  await enterBank(user, 'KBANK', 'somchai', 'jaidee');

  expect(await screen.findByText('Registration complete. Please log in.')).toBeInTheDocument();
  expect(registered(api).inviteCode).toBe('WL42');
  expect(window.localStorage.getItem('code')).toBeNull();
  act(() => jest.advanceTimersByTime(1900));
  expect(window.location.pathname).toBe('/register');
  act(() => jest.advanceTimersByTime(100));
  expect(window.location.pathname).toBe('/login');
  // Nothing secret went into the URL or the history entry.
  expect(window.location.search).toBe('');
  expect(JSON.stringify(window.history.state)).not.toContain('secret-pass-9');
});

it('after registering, the login form holds the new phone and asks only for the password', async () => {
  jest.useFakeTimers();
  server({ registerOTP: false });
  const first = renderScreen(<RegisterPage />, { url: '/register', fakeTimers: true });
  await enterPhone(first.user, '0898765432');
  await enterProfile(first.user);
  await screen.findByTestId('register-bank');
  await enterBank(first.user, 'KBANK', 'somchai', 'jaidee');
  await screen.findByText('Registration complete. Please log in.');
  act(() => jest.advanceTimersByTime(2000));
  expect(window.location.pathname).toBe('/login');
  first.unmount();

  // The host mounts the login part at the entry the wizard navigated to.
  renderScreen(<LoginPage />, { url: null, fakeTimers: true });
  expect(screen.getByTestId('login-username')).toHaveValue('0898765432');
  expect(screen.getByTestId('login-password')).toHaveValue('');
  expect(screen.getByTestId('login-password')).toHaveFocus();
});

describe('toasts', () => {
  it("go with the step that raised them: a refusal's toast is gone once the next step shows", async () => {
    jest.useFakeTimers();
    server({ registerOTP: false });
    const { user } = renderScreen(<RegisterPage />, { url: '/register', fakeTimers: true });
    await enterPhone(user);
    await enterProfile(user, 'secret-pass-9', 'secret-pass-8');
    expect(toastMessages()).toEqual(['The passwords do not match.']);
    act(() => jest.advanceTimersByTime(1000));
    await user.clear(screen.getByTestId('register-confirm'));
    await user.type(screen.getByTestId('register-confirm'), 'secret-pass-9');
    await user.click(screen.getByTestId('register-next'));
    await screen.findByTestId('register-bank');
    expect(toastMessages()).toEqual([]);
  });

  it('go when the visitor leaves the wizard, but the success message stays on the way to the login', async () => {
    jest.useFakeTimers();
    server({ registerOTP: false });
    const left = renderScreen(<RegisterPage />, { url: '/register', fakeTimers: true });
    await enterPhone(left.user, '081');
    expect(toastMessages()).toEqual([errorText('PHONE_NUMBER_REQUIRE_10_DIGIT')]);
    act(() => jest.advanceTimersByTime(1000));
    left.leave();
    expect(toastMessages()).toEqual([]);
    left.unmount();

    const done = renderScreen(<RegisterPage />, { url: '/register', fakeTimers: true });
    await enterPhone(done.user);
    await enterProfile(done.user);
    await screen.findByTestId('register-bank');
    await enterBank(done.user, 'KBANK', 'somchai', 'jaidee');
    await screen.findByText('Registration complete. Please log in.');
    act(() => jest.advanceTimersByTime(2000));
    done.leave();
    expect(toastMessages()).toEqual(['Registration complete. Please log in.']);
  });
});

it('Back returns to the step shown before', async () => {
  server({ sent: { otpRef: '', otpToken: 'otp-token-verified', code: 'OTP_VERIFIED' } });
  const { user } = renderScreen(<RegisterPage />, { url: '/register' });
  await enterPhone(user);
  await user.click(await screen.findByTestId('register-back'));
  expect(screen.getByTestId('register-phone')).toHaveValue('0812345678');
  expect(screen.getByTestId('register-steps')).toHaveAttribute('data-step', '0');
});
