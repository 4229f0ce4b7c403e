import { screen, waitFor } from '@testing-library/react';
import { buildConfig, setLocale } from '@wallet/shared';
import { errorText, inlineErrors, serverError, startEachTestClean, toastMessages } from '../../test/harness';
import { enterBank, reachBankStep, registered } from '../../test/register-wizard';

startEachTestClean();

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
