import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getSession, setLocale, setSession } from '@wallet/shared';
import { bankApi } from '../common/api';
import { profileApi, type Profile } from './api';
import {
  errorText,
  inlineErrors,
  renderScreen,
  serverError,
  startEachTestClean,
  toastMessages,
} from '../../test/harness';
import { ProfilePage } from './profile-page';

startEachTestClean();

const PROFILE: Profile = {
  _id: '65f0c0ffee0000000000abcd',
  username: '0812345678',
  name: 'Somchai Jaidee',
  // Local time, so the expectation does not depend on the machine's time zone.
  createdAt: new Date(2024, 2, 5, 14, 7, 9).toISOString(), // 14:07:09 in the machine's zone
  coin: 0,
  bankCode: 'KBANK',
  bankAccountName: 'SOMCHAI JAIDEE',
  bankAccountNo: '1112223334',
  bank: { code: 'KBANK', nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLA: 'ທະນາຄານກະສິກອນໄທ' },
  currency: 'THB',
};

async function openProfile(profile: Profile = PROFILE) {
  jest.spyOn(profileApi, 'profile').mockResolvedValue(profile);
  const view = renderScreen(<ProfilePage />, { url: '/user/profile' });
  await screen.findByTestId('profile-name');
  return view;
}

it('shows the member details, the account number as 3-3-4 and the date as DD/MM/YYYY HH:mm:ss', async () => {
  await openProfile();
  expect(screen.getByTestId('profile-name')).toHaveTextContent('Somchai Jaidee');
  expect(screen.getByTestId('profile-id')).toHaveTextContent('65f0c0ffee0000000000abcd');
  expect(screen.getByTestId('profile-created-at')).toHaveTextContent('05/03/2024 14:07:09');
  expect(screen.getByTestId('profile-username')).toHaveTextContent('0812345678');
  expect(screen.getByTestId('profile-bank-account-name')).toHaveTextContent('SOMCHAI JAIDEE');
  expect(screen.getByTestId('profile-bank-name')).toHaveTextContent('Kasikornbank');
  expect(screen.getByTestId('profile-account-no')).toHaveTextContent('111-222-3334');
});

it.each([
  ['th', 'ธนาคารกสิกรไทย'],
  ['la', 'ທະນາຄານກະສິກອນໄທ'],
  ['en', 'Kasikornbank'],
] as const)('names the bank in the page language (%s)', async (language, name) => {
  await setLocale(language);
  try {
    await openProfile();
    expect(screen.getByTestId('profile-bank-name')).toHaveTextContent(name);
  } finally {
    await setLocale('en');
  }
});

it('falls back to the English name in Lao when the bank has no Lao name', async () => {
  await setLocale('la');
  try {
    await openProfile({ ...PROFILE, bank: { ...PROFILE.bank, nameLA: '' } });
    expect(screen.getByTestId('profile-bank-name')).toHaveTextContent('Kasikornbank');
  } finally {
    await setLocale('en');
  }
});

it('the change-password button shows its label beside the padlock and is named by it', async () => {
  await setLocale('la');
  try {
    await openProfile();
    const button = screen.getByRole('button', { name: 'ປ່ຽນລະຫັດຜ່ານ' });
    expect(button).toBe(screen.getByTestId('profile-change-password'));
    expect(within(button).getByText('ປ່ຽນລະຫັດຜ່ານ')).toBeVisible();
  } finally {
    await setLocale('en');
  }
});

it('finds the bank name in the bank lookup when the profile has none', async () => {
  jest.spyOn(bankApi, 'banks').mockResolvedValue([
    {
      code: 'SCB',
      nameTH: 'ธนาคารไทยพาณิชย์',
      nameEN: 'Siam Commercial Bank',
      nameLA: 'ທະນາຄານໄທພານິດ',
      country: 'TH',
      accountNoLength: { min: 10, max: 10 },
    },
  ]);
  await openProfile({
    ...PROFILE,
    bankCode: 'SCB',
    bank: { code: 'SCB', nameTH: '', nameEN: '', nameLA: '' },
  });
  await waitFor(() =>
    expect(screen.getByTestId('profile-bank-name')).toHaveTextContent('Siam Commercial Bank'),
  );
});

describe('change password', () => {
  async function openModal() {
    const view = await openProfile();
    await view.user.click(screen.getByTestId('profile-change-password'));
    expect(await screen.findByTestId('change-password-modal')).toBeInTheDocument();
    return view;
  }

  it('does nothing while a field is empty', async () => {
    const change = jest.spyOn(profileApi, 'changePassword');
    const { user } = await openModal();
    await user.type(screen.getByTestId('change-password-old'), 'old-pass-1');
    await user.type(screen.getByTestId('change-password-new'), 'new-pass-2');
    await user.click(screen.getByTestId('change-password-submit'));
    expect(change).not.toHaveBeenCalled();
    expect(screen.getByTestId('change-password-modal')).toBeInTheDocument();
  });

  it('says the passwords do not match under the field and as a toast for 4 seconds (spec §8)', async () => {
    const change = jest.spyOn(profileApi, 'changePassword');
    const { user } = await openModal();
    await user.type(screen.getByTestId('change-password-old'), 'old-pass-1');
    await user.type(screen.getByTestId('change-password-new'), 'new-pass-2');
    await user.type(screen.getByTestId('change-password-confirm'), 'new-pass-3');
    jest.useFakeTimers({ now: Date.now() });
    fireEvent.click(screen.getByTestId('change-password-submit'));
    expect(inlineErrors('The passwords do not match.')).toHaveLength(1);
    expect(toastMessages()).toEqual(['The passwords do not match.']);
    expect(change).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(3999));
    expect(toastMessages()).toEqual(['The passwords do not match.']);
    act(() => jest.advanceTimersByTime(1));
    expect(toastMessages()).toEqual([]);
    expect(inlineErrors('The passwords do not match.')).toHaveLength(1);
  });

  it('replaces the stored token with the fresh one and says it is saved', async () => {
    setSession('jwt-old', true);
    const change = jest.spyOn(profileApi, 'changePassword').mockResolvedValue({ token: 'jwt-new' });
    const { user } = await openModal();
    await user.type(screen.getByTestId('change-password-old'), 'old-pass-1');
    await user.type(screen.getByTestId('change-password-new'), 'new-pass-2');
    await user.type(screen.getByTestId('change-password-confirm'), 'new-pass-2');
    await user.click(screen.getByTestId('change-password-submit'));

    const alert = await screen.findByTestId('alert-success');
    expect(within(alert).getByText('Your new password has been saved.')).toBeInTheDocument();
    expect(change).toHaveBeenCalledWith('old-pass-1', 'new-pass-2');
    expect(getSession()).toEqual({ token: 'jwt-new', remember: true });
    expect(window.localStorage.getItem('token')).toBe('jwt-new');
    expect(screen.queryByTestId('change-password-modal')).not.toBeInTheDocument();
  });

  it('shows a failure in a dialog titled error', async () => {
    setSession('jwt-old', false);
    jest.spyOn(profileApi, 'changePassword').mockRejectedValue(serverError('WRONG_PASSWORD'));
    const { user } = await openModal();
    await user.type(screen.getByTestId('change-password-old'), 'wrong-pass');
    await user.type(screen.getByTestId('change-password-new'), 'new-pass-2');
    await user.type(screen.getByTestId('change-password-confirm'), 'new-pass-2');
    await user.click(screen.getByTestId('change-password-submit'));

    const alert = await screen.findByTestId('alert-error');
    expect(within(alert).getByRole('heading', { name: 'Error' })).toBeInTheDocument();
    expect(within(alert).getByText(errorText('WRONG_PASSWORD'))).toBeInTheDocument();
    expect(getSession()?.token).toBe('jwt-old');
  });

  it('keeps a refusal that names its field under that field until it is edited', async () => {
    jest
      .spyOn(profileApi, 'changePassword')
      .mockRejectedValue(serverError('WRONG_PASSWORD', 400, 'oldPassword'));
    const { user } = await openModal();
    await user.type(screen.getByTestId('change-password-old'), 'wrong-pass');
    await user.type(screen.getByTestId('change-password-new'), 'new-pass-2');
    await user.type(screen.getByTestId('change-password-confirm'), 'new-pass-2');
    await user.click(screen.getByTestId('change-password-submit'));
    await screen.findAllByTestId('alert-error');
    const old = screen.getByTestId('change-password-old');
    expect(old).toHaveAccessibleDescription(expect.stringContaining(errorText('WRONG_PASSWORD')));
    expect(screen.getByTestId('change-password-new')).not.toHaveAccessibleDescription(
      expect.stringContaining(errorText('WRONG_PASSWORD')),
    );
    // The dialog (and one an earlier test left) closed first.
    for (const dialog of screen.getAllByTestId('alert-error')) {
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    }
    await user.type(old, 'x');
    expect(old).not.toHaveAccessibleDescription(expect.stringContaining(errorText('WRONG_PASSWORD')));
  });
});
