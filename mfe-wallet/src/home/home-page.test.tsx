import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bus, setLocale } from '@wallet/shared';
import { homeApi } from '../common/wallet-api';
import { game, snapshot } from '../test-support/fixtures';
import { HomePage } from './home-page';
import { LAST_SYNC_KEY } from './use-wallet-snapshot';
import { homeTestSetup, renderHome } from '../../test/home';

homeTestSetup();

test('shows the name, the main wallet with 2 decimals, and a total of wallet plus every game account', async () => {
  jest.spyOn(homeApi, 'wallet').mockResolvedValue(
    snapshot({
      wallet: { amount: 100000, currency: 'THB' },
      slots: [
        game('PG', { isActive: true, amount: 2550, ftWalletSlot: 2 }),
        game('UFABET', { category: 'sport', isActive: true, amount: 50 }),
        game('HUAYHD', { category: 'lotto' }),
      ],
    }),
  );
  renderHome();
  expect(await screen.findByTestId('home-name')).toHaveTextContent('Somchai Jaidee');
  expect(screen.getByTestId('home-balance')).toHaveTextContent(/^1,000\.00$/);
  expect(screen.getByTestId('home-total')).toHaveTextContent(/^1,026\.00$/);
  expect(screen.getByTestId('home-coin')).toHaveTextContent('Coins: 7');
  // Active cards: amount and amount × factor; inactive: the open-account prompt; three lists. The game cards
  // render just after the balance card.
  expect(await screen.findByTestId('game-amount-PG')).toHaveTextContent('25.50');
  expect(screen.getByTestId('game-factor-PG')).toHaveTextContent('51.00');
  expect(screen.getByTestId('game-open-prompt-HUAYHD')).toHaveTextContent('Tap to open an account');
  expect(within(screen.getByTestId('games-sport')).getByText('UFABET')).toBeInTheDocument();
  expect(screen.getByTestId('games-lotto')).toBeInTheDocument();
});

test('a kip wallet: whole kip without decimals on the balance, the total and the game cards', async () => {
  jest.spyOn(homeApi, 'wallet').mockResolvedValue(
    snapshot({
      wallet: { amount: 1_500_000, currency: 'LAK' },
      slots: [game('PG', { isActive: true, amount: 250_000, ftWalletSlot: 2 })],
    }),
  );
  renderHome();
  await screen.findByTestId('home-name');
  expect(screen.getByTestId('home-balance')).toHaveTextContent(/^1,500,000$/);
  expect(screen.getByTestId('home-total')).toHaveTextContent(/^1,750,000$/);
  expect(await screen.findByTestId('game-amount-PG')).toHaveTextContent(/^250,000$/);
  expect(screen.getByTestId('game-factor-PG')).toHaveTextContent(/ 500,000$/);
});

test('first load shows the wallet at once, refreshes every game account, then reads the wallet again', async () => {
  const order: string[] = [];
  let refreshed: () => void = () => undefined;
  jest.spyOn(homeApi, 'refreshSlots').mockImplementation(async () => {
    order.push('refresh');
    await new Promise<void>((resolve) => (refreshed = resolve));
    return [];
  });
  jest
    .spyOn(homeApi, 'wallet')
    .mockImplementationOnce(async () => {
      order.push('wallet');
      return snapshot({ wallet: { amount: 100_000, currency: 'THB' } });
    })
    .mockImplementationOnce(async () => {
      order.push('wallet');
      return snapshot({ wallet: { amount: 200_000, currency: 'THB' } });
    });
  renderHome();
  // The main balance shows while the providers are still being asked.
  await waitFor(() => expect(screen.getByTestId('home-balance')).toHaveTextContent('1,000.00'));
  expect(order).toEqual(['wallet', 'refresh']);
  act(() => refreshed());
  await waitFor(() => expect(screen.getByTestId('home-balance')).toHaveTextContent('2,000.00'));
  expect(order).toEqual(['wallet', 'refresh', 'wallet']);
  expect(localStorage.getItem(LAST_SYNC_KEY)).toBe('2024-05-01T10:00:00.000Z');
  expect(screen.getByTestId('home-last-sync')).toHaveTextContent(/Updated \d\d\/05\/2024/);
});

test('an older wallet answer that arrives late does not replace the newer one', async () => {
  let firstAnswer: (value: ReturnType<typeof snapshot>) => void = () => undefined;
  jest
    .spyOn(homeApi, 'wallet')
    .mockImplementationOnce(() => new Promise((resolve) => (firstAnswer = resolve)))
    .mockResolvedValueOnce(snapshot({ wallet: { amount: 200_000, currency: 'THB' } }));
  renderHome();
  // The read after the refresh answered first.
  await waitFor(() => expect(screen.getByTestId('home-balance')).toHaveTextContent('2,000.00'));
  await act(async () => firstAnswer(snapshot({ wallet: { amount: 100_000, currency: 'THB' } })));
  expect(screen.getByTestId('home-balance')).toHaveTextContent('2,000.00');
});

test('refresh-all re-reads the games then the wallet', async () => {
  jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot());
  renderHome();
  // The first load reads the wallet twice (at once, and after the refresh).
  await waitFor(() => expect(homeApi.wallet).toHaveBeenCalledTimes(2));
  await userEvent.click(await screen.findByTestId('home-refresh'));
  await waitFor(() => expect(homeApi.refreshSlots).toHaveBeenCalledTimes(2));
  await waitFor(() => expect(homeApi.wallet).toHaveBeenCalledTimes(3));
});

test('reloads when the wallet changes anywhere on the page', async () => {
  jest
    .spyOn(homeApi, 'wallet')
    .mockResolvedValueOnce(snapshot())
    .mockResolvedValueOnce(snapshot())
    .mockResolvedValueOnce(snapshot({ wallet: { amount: 123456, currency: 'THB' } }));
  renderHome();
  await screen.findByTestId('home-balance');
  await waitFor(() => expect(homeApi.wallet).toHaveBeenCalledTimes(2));
  expect(screen.getByTestId('home-balance')).not.toHaveTextContent('1,234.56');
  act(() => bus.emit('wallet:changed', { reason: 'deposit' }));
  await waitFor(() => expect(screen.getByTestId('home-balance')).toHaveTextContent('1,234.56'));
  expect(homeApi.wallet).toHaveBeenCalledTimes(3);
});

test('a failed load says so', async () => {
  jest.spyOn(homeApi, 'wallet').mockRejectedValue(new Error('offline'));
  renderHome();
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your wallet');
});

/** The wheel on per `GET /api/spinwheel/active`; the wallet snapshot's own `spin` field says the opposite. */
const wheelOn = () => jest.spyOn(homeApi, 'spinActive').mockResolvedValue({ isActive: true });

test('the spin widget shows the coins when /api/spinwheel/active says the wheel is on, whatever /api/wallet says', async () => {
  wheelOn();
  jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot({ spin: { isActive: false } }));
  renderHome();
  expect(await screen.findByTestId('widget-spin')).toHaveAttribute('href', '/user/spin');
  expect(screen.getByTestId('widget-spin')).toHaveTextContent('Coins: 7');
  expect(screen.queryByTestId('widget-refresh')).not.toBeInTheDocument();
  expect(screen.getByTestId('widget-bonus')).toHaveAttribute('href', '/user/bonus');
  expect(homeApi.spinActive).toHaveBeenCalledTimes(1);
});

test('with the wheel off the refresh-all widget takes the spin widget’s place, whatever /api/wallet says', async () => {
  jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot({ spin: { isActive: true } }));
  renderHome();
  await screen.findByTestId('home-name');
  await waitFor(() => expect(homeApi.spinActive).toHaveBeenCalled());
  expect(await screen.findByTestId('widget-refresh')).toBeInTheDocument();
  expect(screen.queryByTestId('widget-spin')).not.toBeInTheDocument();
  expect(screen.queryByTestId('home-spin-button')).not.toBeInTheDocument();
});

test('a failed /api/spinwheel/active leaves the wheel off: the refresh-all widget shows', async () => {
  jest.spyOn(homeApi, 'spinActive').mockRejectedValue(new Error('offline'));
  jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot({ spin: { isActive: true } }));
  renderHome();
  await screen.findByTestId('home-name');
  await waitFor(() => expect(homeApi.spinActive).toHaveBeenCalled());
  expect(await screen.findByTestId('widget-refresh')).toBeInTheDocument();
  expect(screen.queryByTestId('widget-spin')).not.toBeInTheDocument();
});

test('the coins on the spin widget and the balance card update when the wallet changes (a claimed coupon)', async () => {
  wheelOn();
  const base = snapshot();
  jest
    .spyOn(homeApi, 'wallet')
    .mockResolvedValueOnce(base)
    .mockResolvedValueOnce(base)
    .mockResolvedValueOnce(snapshot({ profile: { ...base.profile, coin: 3 } }));
  renderHome();
  expect(await screen.findByTestId('widget-spin')).toHaveTextContent('Coins: 7');
  await waitFor(() => expect(homeApi.wallet).toHaveBeenCalledTimes(2));
  act(() => bus.emit('wallet:changed', { reason: 'deposit' }));
  await waitFor(() => expect(screen.getByTestId('widget-spin')).toHaveTextContent('Coins: 3'));
  expect(screen.getByTestId('home-coin')).toHaveTextContent('Coins: 3');
});

describe('the bonus and spin buttons under the balance card', () => {
  /** The home among the member's pages, so a button really lands somewhere. */
  function renderAtHome() {
    return render(
      <MemoryRouter initialEntries={['/user/home']}>
        <Routes>
          <Route path="/user/home" element={<HomePage />} />
          <Route path="/user/bonus" element={<h1>Bonus page</h1>} />
          <Route path="/user/spin" element={<h1>Spin page</h1>} />
        </Routes>
      </MemoryRouter>,
    );
  }
  const shortcuts = () => within(screen.getByTestId('home-shortcuts'));

  test('with spin on: both buttons; Bonus opens /user/bonus', async () => {
    wheelOn();
    jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot());
    renderAtHome();
    await screen.findByTestId('home-spin-button');
    expect(shortcuts().getByRole('link', { name: 'Bonus' })).toHaveAttribute('href', '/user/bonus');
    expect(shortcuts().getByRole('link', { name: 'Spin wheel' })).toHaveAttribute('href', '/user/spin');
    expect(shortcuts().getAllByRole('link')).toHaveLength(2);
    await userEvent.click(shortcuts().getByRole('link', { name: 'Bonus' }));
    expect(await screen.findByRole('heading', { name: 'Bonus page' })).toBeInTheDocument();
    expect(screen.queryByTestId('home-page')).not.toBeInTheDocument();
  });

  test('Spin wheel opens /user/spin', async () => {
    wheelOn();
    jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot());
    renderAtHome();
    await screen.findByTestId('home-spin-button');
    await userEvent.click(shortcuts().getByRole('link', { name: 'Spin wheel' }));
    expect(await screen.findByRole('heading', { name: 'Spin page' })).toBeInTheDocument();
  });

  test('with spin off: only the bonus button', async () => {
    jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot({ spin: { isActive: true } }));
    renderAtHome();
    await screen.findByTestId('home-shortcuts');
    expect(shortcuts().getByRole('link', { name: 'Bonus' })).toHaveAttribute('href', '/user/bonus');
    expect(shortcuts().queryByRole('link', { name: 'Spin wheel' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('home-spin-button')).not.toBeInTheDocument();
    expect(shortcuts().getAllByRole('link')).toHaveLength(1);
  });

  test('the buttons read in Thai and Lao', async () => {
    wheelOn();
    jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot());
    renderAtHome();
    await screen.findByTestId('home-spin-button');
    try {
      await act(async () => setLocale('th'));
      expect(screen.getByTestId('home-bonus-button')).toHaveTextContent(/^โบนัส$/);
      expect(screen.getByTestId('home-spin-button')).toHaveTextContent(/^หมุนวงล้อ$/);
      await act(async () => setLocale('la'));
      expect(screen.getByTestId('home-bonus-button')).toHaveTextContent(/^ໂບນັດ$/);
      expect(screen.getByTestId('home-spin-button')).toHaveTextContent(/^ໝຸນວົງລໍ້$/);
    } finally {
      await act(async () => setLocale('en'));
    }
  });
});

test('the registration link is the origin, /register and the prefixed profile id', async () => {
  jest.spyOn(homeApi, 'wallet').mockResolvedValue(snapshot());
  renderHome();
  expect(await screen.findByTestId('home-invite-link')).toHaveTextContent(
    `${window.location.origin}/register?code=WLu1`,
  );
});

test('while the wallet loads, placeholders of the balance and the game cards stand in (a busy region)', async () => {
  let answer: (value: ReturnType<typeof snapshot>) => void = () => undefined;
  jest
    .spyOn(homeApi, 'wallet')
    .mockReturnValue(new Promise<ReturnType<typeof snapshot>>((resolve) => (answer = resolve)));
  renderHome();

  const skeleton = screen.getByTestId('skeleton-list');
  expect(skeleton).toHaveAttribute('aria-busy', 'true');
  expect(within(skeleton).getByRole('status')).toHaveTextContent('Loading…');
  expect(within(skeleton).getAllByTestId('skeleton')).toHaveLength(8);
  expect(screen.queryByTestId('games-slot')).not.toBeInTheDocument();

  await act(async () => answer(snapshot({ slots: [game('PG', { isActive: true, amount: 2550 })] })));
  expect(await screen.findByTestId('home-name')).toBeInTheDocument();
  expect(screen.queryByTestId('skeleton-list')).not.toBeInTheDocument();
});

test("a page load the server painted: the balance card shows the page's figures at once, then the wallet's read", async () => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'member';
  block.textContent = JSON.stringify({
    name: 'Malee Srisuk',
    currency: 'THB',
    main: 123_456,
    total: 150_000,
  });
  document.head.appendChild(block);
  let answer: (value: ReturnType<typeof snapshot>) => void = () => undefined;
  jest.spyOn(homeApi, 'wallet').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  const { unmount } = renderHome();
  // The first render: what the page showed, no blink to a skeleton; the coins wait for the read.
  expect(screen.getByTestId('home-name')).toHaveTextContent('Malee Srisuk');
  expect(screen.getByTestId('home-balance')).toHaveTextContent(/^1,234\.56$/);
  expect(screen.getByTestId('home-total')).toHaveTextContent(/^1,500\.00$/);
  expect(screen.queryByTestId('home-coin')).toBeNull();
  expect(screen.queryByTestId('game-amount-PG')).toBeNull();
  expect(document.getElementById('member')).toBeNull();
  await act(async () => undefined); // the games' refresh settles; the wallet's read is still on its way
  expect(screen.getByTestId('home-balance')).toHaveTextContent(/^1,234\.56$/);
  await act(async () => answer(snapshot({ wallet: { amount: 100_000, currency: 'THB' } })));
  expect(screen.getByTestId('home-balance')).toHaveTextContent(/^1,000\.00$/);
  expect(screen.getByTestId('home-coin')).toHaveTextContent('Coins: 7');
  // A later visit of the home reads its own: the page's figures served once.
  unmount();
  jest.spyOn(homeApi, 'wallet').mockImplementation(() => new Promise(() => undefined));
  renderHome();
  await act(async () => undefined);
  expect(screen.queryByTestId('home-balance')).toBeNull();
});
