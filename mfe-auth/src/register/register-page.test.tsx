import { act, screen, waitFor } from '@testing-library/react';
import { buildConfig } from '@wallet/shared';
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
import {
  server,
  enterPhone,
  enterCode,
  enterProfile,
  enterBank,
  reachBankStep,
  registered,
} from '../../test/register-wizard';

startEachTestClean();

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
