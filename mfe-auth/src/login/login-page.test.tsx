import { screen, waitFor } from '@testing-library/react';
import { getToken } from '@wallet/shared';
import { loginApi } from './api';
import {
  errorText,
  inlineErrors,
  renderScreen,
  serverError,
  startEachTestClean,
  toastMessages,
} from '../../test/harness';
import { LoginPage } from './login-page';

startEachTestClean();

async function logIn(remember: boolean) {
  const screenUnderTest = renderScreen(<LoginPage />, { url: '/login' });
  const { user } = screenUnderTest;
  await user.type(screen.getByTestId('login-username'), '0812345678');
  await user.type(screen.getByTestId('login-password'), 'demo-pass-1');
  if (remember) await user.click(screen.getByTestId('login-remember'));
  await user.click(screen.getByTestId('login-submit'));
  return screenUnderTest;
}

it('with "remember me" keeps the token in localStorage and goes to /user', async () => {
  const login = jest.spyOn(loginApi, 'login').mockResolvedValue({ token: 'jwt-remembered' });
  await logIn(true);
  await waitFor(() => expect(window.location.pathname).toBe('/user'));
  expect(login).toHaveBeenCalledWith('0812345678', 'demo-pass-1');
  expect(window.localStorage.getItem('token')).toBe('jwt-remembered');
  expect(window.sessionStorage.getItem('token')).toBeNull();
});

it('without "remember me" keeps the token for the browser session only', async () => {
  jest.spyOn(loginApi, 'login').mockResolvedValue({ token: 'jwt-session' });
  await logIn(false);
  await waitFor(() => expect(window.location.pathname).toBe('/user'));
  expect(window.sessionStorage.getItem('token')).toBe('jwt-session');
  expect(window.localStorage.getItem('token')).toBeNull();
});

it('shows the translated server error and stays signed out', async () => {
  jest.spyOn(loginApi, 'login').mockRejectedValue(serverError('WRONG_CREDENTIAL', 401));
  await logIn(true);
  expect(await screen.findByText(errorText('WRONG_CREDENTIAL'))).toBeInTheDocument();
  expect(getToken()).toBeNull();
  expect(window.location.pathname).toBe('/login');
});

it('asks for the username and password before calling the server', async () => {
  const login = jest.spyOn(loginApi, 'login');
  const { user } = renderScreen(<LoginPage />, { url: '/login' });
  await user.click(screen.getByTestId('login-submit'));
  expect(inlineErrors('This field is required.')).toHaveLength(2);
  expect(toastMessages()).toEqual(['This field is required.']);
  expect(login).not.toHaveBeenCalled();
});

it('links to registration and offers the language switcher', async () => {
  const { user } = renderScreen(<LoginPage />, { url: '/login' });
  expect(screen.getByTestId('language-switcher')).toBeInTheDocument();
  await user.click(screen.getByTestId('login-register-link'));
  expect(window.location.pathname).toBe('/register');
});
