import { act, screen, waitFor } from '@testing-library/react';
import { setLocale } from '@wallet/shared';
import { renderScreen, serverError, startEachTestClean, toastMessages } from '../../test/harness';
import { RegisterPage } from './register-page';
import { server, enterPhone, enterProfile, enterBank, registered } from '../../test/register-wizard';

startEachTestClean();

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
