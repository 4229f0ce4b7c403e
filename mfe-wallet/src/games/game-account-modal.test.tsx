import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { gamesApi } from './api';
import type { GameAccount } from '../common/wallet-api';
import { game, THB } from '../test-support/fixtures';
import { GameAccountModal } from './game-account-modal';

const credentials = { username: 'u_pg_1', password: 'secret1' };

function renderModal(account: GameAccount) {
  const props = { onClose: jest.fn(), onActivated: jest.fn(), onTransfer: jest.fn() };
  const view = render(<GameAccountModal open game={account} format={THB} {...props} />);
  return { ...props, ...view };
}

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

test('inactive → activate; the account turns active and its credentials are fetched', async () => {
  const activate = jest.spyOn(gamesApi, 'activate').mockResolvedValue(game('PG', { isActive: true }));
  const fetch = jest.spyOn(gamesApi, 'credentials').mockResolvedValue(credentials);
  const { onActivated } = renderModal(game('PG'));
  expect(screen.getByTestId('game-modal').querySelector('[data-state]')).toHaveAttribute(
    'data-state',
    'inactive',
  );
  expect(fetch).not.toHaveBeenCalled();
  await userEvent.click(screen.getByTestId('game-activate'));
  expect(activate).toHaveBeenCalledWith('PG');
  expect(onActivated).toHaveBeenCalled();
  expect(await screen.findByTestId('game-username')).toHaveTextContent('u_pg_1');
  expect(fetch).toHaveBeenCalledWith('PG');
  expect(screen.getByTestId('game-modal').querySelector('[data-state]')).toHaveAttribute(
    'data-state',
    'active',
  );
});

test('reset password fetches the credentials again', async () => {
  jest.spyOn(gamesApi, 'credentials').mockResolvedValue(credentials);
  const reset = jest
    .spyOn(gamesApi, 'resetPassword')
    .mockResolvedValue({ ...credentials, password: 'fresh2' });
  renderModal(game('PG', { isActive: true, amount: 100 }));
  expect(await screen.findByTestId('game-password')).toHaveTextContent('secret1');
  await userEvent.click(screen.getByTestId('game-reset-password'));
  expect(reset).toHaveBeenCalledWith('PG');
  expect(await screen.findByTestId('game-password')).toHaveTextContent('fresh2');
});

test('web, android and ios buttons are disabled without a link', async () => {
  jest.spyOn(gamesApi, 'credentials').mockResolvedValue(credentials);
  renderModal(game('PG', { isActive: true, web: 'https://pg.example', android: null, ios: null }));
  await screen.findByTestId('game-username');
  expect(screen.getByTestId('game-open-web')).toBeEnabled();
  expect(screen.getByTestId('game-open-android')).toBeDisabled();
  expect(screen.getByTestId('game-open-ios')).toBeDisabled();
});

test("the sandbox provider's website and app pages open in a new tab in the member's language", async () => {
  jest.spyOn(gamesApi, 'credentials').mockResolvedValue(credentials);
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  await act(() => setLocale('la'));
  renderModal(
    game('PG', {
      isActive: true,
      web: 'https://pg-provider.test/login',
      android: '/sandbox/games/PG/android',
      ios: null,
    }),
  );
  await screen.findByTestId('game-username');
  await userEvent.click(screen.getByTestId('game-open-android'));
  expect(open).toHaveBeenLastCalledWith(
    `${window.location.origin}/sandbox/games/PG/android?lang=la`,
    '_blank',
    'noopener,noreferrer',
  );
  // Another site's link is opened as its provider gave it.
  await userEvent.click(screen.getByTestId('game-open-web'));
  expect(open).toHaveBeenLastCalledWith('https://pg-provider.test/login', '_blank', 'noopener,noreferrer');
  await act(() => setLocale('en'));
});

test('play via transfer-only is disabled while the game account holds 0 or less', async () => {
  jest.spyOn(gamesApi, 'credentials').mockResolvedValue(credentials);
  renderModal(game('PG', { isActive: true, amount: 0 }));
  await screen.findByTestId('game-username');
  expect(screen.getByTestId('game-play')).toBeDisabled();
  expect(screen.getByText(/transfer money into this game first/)).toBeInTheDocument();
});

test('play auto-logs in and opens the link in a new tab', async () => {
  jest.spyOn(gamesApi, 'credentials').mockResolvedValue(credentials);
  const autoLogin = jest
    .spyOn(gamesApi, 'autoLogin')
    .mockResolvedValue({ link: '/sandbox/games/PG/play?session=s1' });
  const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
  const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  renderModal(game('PG', { isActive: true, amount: 2500 }));
  await screen.findByTestId('game-username');
  await userEvent.click(screen.getByTestId('game-play'));
  await waitFor(() =>
    expect(tab.location.href).toBe(`${window.location.origin}/sandbox/games/PG/play?session=s1&lang=en`),
  );
  expect(autoLogin).toHaveBeenCalledWith('pg', 'u_pg_1');
  expect(open).toHaveBeenCalledWith('', '_blank');
  expect(tab.opener).toBeNull();
});

test('transfer in and out open the transfer modal between the wallet and the game', async () => {
  jest.spyOn(gamesApi, 'credentials').mockResolvedValue(credentials);
  const { onTransfer } = renderModal(game('PG', { isActive: true, amount: 2500 }));
  await userEvent.click(screen.getByTestId('game-transfer-in'));
  expect(onTransfer).toHaveBeenLastCalledWith('wallet', 'PG');
  await userEvent.click(screen.getByTestId('game-transfer-out'));
  expect(onTransfer).toHaveBeenLastCalledWith('PG', 'wallet');
});
