import { profileApi } from './common/money-format';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, setLocale } from '@wallet/shared';
import { bonusApi, type Bonus } from './bonus/api';
import { BonusPage } from './bonus/bonus-page';
import { activeCheck, bonus, NO_ACTIVE, record } from './bonus/test-fixtures';
import { conditionsApi } from './common/conditions/api';
import { ConditionsModal } from './common/conditions/conditions-modal';
import { memberProfile } from './test-support/fixtures';

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

// Wednesday 2026-11-25 10:00 in Bangkok.
const NOW = new Date('2026-11-25T03:00:00Z');
const now = () => NOW;
const NOTICE = { text: 'Only {percentFail}% of the bonus can be withdrawn if the turnover is not met.' };

function mockNetwork(list: Bonus[], active = NO_ACTIVE, currency: 'THB' | 'LAK' = 'THB') {
  jest.spyOn(profileApi, 'profile').mockResolvedValue(memberProfile(currency));
  jest.spyOn(bonusApi, 'notice').mockResolvedValue(NOTICE);
  return {
    list: jest.spyOn(bonusApi, 'list').mockResolvedValue(list),
    check: jest.spyOn(bonusApi, 'checkActive').mockResolvedValue(active),
  };
}

const received = (...dates: string[]) => ({
  _id: 'ub',
  isActive: false,
  received: dates.map((updatedAt) => ({ updatedAt })),
});

test('cards: current, received-out per type (Bangkok today and this week) and available', async () => {
  mockNetwork([
    bonus('WELCOME', { type: 'limit', userBonus: received('2026-01-05T03:00:00Z') }),
    bonus('DAILY', { type: 'day', userBonus: received('2026-11-24T17:30:00Z') }), // 00:30 today in Bangkok
    bonus('DAILY2', { type: 'day', userBonus: received('2026-11-24T16:30:00Z') }), // 23:30 yesterday
    bonus('WEEKLY', { type: 'week', userBonus: received('2026-11-22T17:05:00Z') }), // Monday 00:05
    bonus('WEEKLY2', { type: 'week', userBonus: received('2026-11-22T16:55:00Z') }), // Sunday 23:55
    bonus('FIXED', {
      reward: { kind: 'fixed', percent: 0, amount: 5_000, cap: 0 },
      minDeposit: 0,
    }),
  ]);
  render(<BonusPage now={now} />);
  const state = (code: string) => screen.getByTestId(`bonus-card-${code}`).getAttribute('data-state');
  await screen.findByTestId('bonus-card-WELCOME');
  expect(state('WELCOME')).toBe('received');
  expect(state('DAILY')).toBe('received');
  expect(state('DAILY2')).toBe('available');
  expect(state('WEEKLY')).toBe('received');
  expect(state('WEEKLY2')).toBe('available');
  expect(state('FIXED')).toBe('available');

  const welcome = screen.getByTestId('bonus-card-WELCOME');
  expect(welcome).toBeDisabled();
  expect(welcome).toHaveAccessibleDescription('Received the maximum: it cannot be received again');
  expect(screen.getByTestId('bonus-card-DAILY')).toHaveTextContent('available again tomorrow');
  expect(screen.getByTestId('bonus-card-WEEKLY')).toHaveTextContent('available again next Monday');
  expect(screen.getByTestId('bonus-card-DAILY2')).toBeEnabled();
  expect(within(screen.getByTestId('bonus-card-DAILY2')).getByTestId('bonus-card-reward')).toHaveTextContent(
    '50% up to 500.00 baht, minimum deposit 100.00',
  );
  expect(within(screen.getByTestId('bonus-card-FIXED')).getByTestId('bonus-card-reward')).toHaveTextContent(
    /^50\.00 baht$/,
  );
  // The first banner image is the card's background.
  expect(screen.getByTestId('bonus-card-FIXED').style.getPropertyValue('--bonus-card-image')).toBe(
    'url("/media/banners/FIXED.svg")',
  );
  // No open bonus: the promotion form is offered.
  expect(screen.getByTestId('promotion-input')).toBeInTheDocument();
  expect(screen.queryByTestId('bonus-active')).not.toBeInTheDocument();
});

test('an available card opens the bonus window; receiving it refreshes the page', async () => {
  const calls = mockNetwork([bonus('DAILY', { type: 'day', name: 'Daily 10%' })]);
  jest.spyOn(bonusApi, 'activate').mockResolvedValue({
    _id: 'a1',
    isActive: true,
    received: [],
    code: 'DAILY',
    amount: 1_000,
    turnover: { needed: 5_000, done: 0, percent: 0 },
  });
  render(<BonusPage now={now} />);
  await userEvent.click(await screen.findByTestId('bonus-card-DAILY'));
  const modal = screen.getByRole('dialog', { name: 'Daily 10%' });
  expect(within(modal).getByTestId('bonus-notice')).toHaveTextContent('Only 10% of the bonus');
  calls.list.mockResolvedValue([
    bonus('DAILY', { type: 'day', name: 'Daily 10%', userBonus: { ...received(), isActive: true } }),
  ]);
  calls.check.mockResolvedValue(activeCheck({ code: 'DAILY', name: 'Daily 10%' }));
  await userEvent.click(within(modal).getByTestId('bonus-receive'));
  await waitFor(() =>
    expect(screen.getByTestId('bonus-card-DAILY')).toHaveAttribute('data-state', 'current'),
  );
  expect(await screen.findByTestId('bonus-active')).toHaveTextContent('Daily 10%');
  expect(screen.queryByTestId('promotion-input')).not.toBeInTheDocument();
  const success = await screen.findByRole('alertdialog', { name: 'Success' });
  await userEvent.click(within(success).getByRole('button', { name: 'OK' }));
});

test('with a bonus active: the panel instead of the form, and cards open with only a confirm button', async () => {
  mockNetwork(
    [
      bonus('WELCOME', { userBonus: { ...received('2026-11-20T03:00:00Z'), isActive: true } }),
      bonus('DAILY', { type: 'day' }),
    ],
    activeCheck(),
  );
  render(<BonusPage now={now} />);
  expect(await screen.findByTestId('bonus-active')).toBeInTheDocument();
  expect(screen.queryByTestId('promotion-input')).not.toBeInTheDocument();
  expect(screen.getByTestId('bonus-card-WELCOME')).toHaveAttribute('data-state', 'current');
  await userEvent.click(screen.getByTestId('bonus-card-DAILY'));
  expect(screen.getByTestId('bonus-confirm')).toBeInTheDocument();
  expect(screen.queryByTestId('bonus-receive')).not.toBeInTheDocument();
  await userEvent.click(screen.getByTestId('bonus-confirm'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('cancelling the open bonus clears it and reads the page again', async () => {
  const calls = mockNetwork([bonus('WELCOME')], activeCheck());
  const clear = jest
    .spyOn(bonusApi, 'clear')
    .mockResolvedValue({ message: 'BONUS_CLEAR', finished: false, forfeited: 4_500 });
  render(<BonusPage now={now} />);
  await userEvent.click(await screen.findByTestId('bonus-cancel'));
  calls.check.mockResolvedValue(NO_ACTIVE);
  const dialog = await screen.findByRole('alertdialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel bonus' }));
  expect(await screen.findByTestId('promotion-input')).toBeInTheDocument();
  expect(clear).toHaveBeenCalledTimes(1);
  expect(screen.queryByTestId('bonus-active')).not.toBeInTheDocument();
});

test('live: the turnover moves when the wallet changes (the member played)', async () => {
  const calls = mockNetwork([bonus('WELCOME')], activeCheck());
  render(<BonusPage now={now} />);
  expect(await screen.findByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  calls.check.mockResolvedValue(activeCheck({ turnover: { needed: 75_000, done: 60_000, percent: 80 } }));
  act(() => bus.emit('wallet:changed', { reason: 'game' }));
  await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '80'));
  expect(screen.getByTestId('bonus-turnover')).toHaveTextContent('600.00 / 750.00 baht (80%)');
  expect(calls.list).toHaveBeenCalledTimes(2);
});

test('a failed list load is silent: the loader goes, no message', async () => {
  jest.spyOn(profileApi, 'profile').mockRejectedValue(new Error('down'));
  jest.spyOn(bonusApi, 'notice').mockRejectedValue(new Error('down'));
  jest.spyOn(bonusApi, 'list').mockRejectedValue(new Error('down'));
  jest.spyOn(bonusApi, 'checkActive').mockRejectedValue(new Error('down'));
  const toasts = record('toast');
  render(<BonusPage now={now} />);
  expect(screen.getByRole('heading', { name: 'Bonuses' })).toBeInTheDocument();
  expect(await screen.findByTestId('promotion-input')).toBeInTheDocument();
  await waitFor(() => expect(bonusApi.list).toHaveBeenCalled());
  expect(screen.queryByTestId('bonus-grid')).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(toasts.events).toEqual([]);
  toasts.stop();
});

test('kip members see whole kip on the cards', async () => {
  mockNetwork(
    [
      bonus('WELCOME', {
        reward: { kind: 'percent', percent: 50, amount: 0, cap: 300_000 },
        minDeposit: 60_000,
      }),
    ],
    NO_ACTIVE,
    'LAK',
  );
  render(<BonusPage now={now} />);
  await waitFor(() =>
    expect(screen.getByTestId('bonus-card-reward')).toHaveTextContent(
      '50% up to 300,000 kip, minimum deposit 60,000',
    ),
  );
});

test('the bonus conditions open from the page in the same window as from the bottom menu', async () => {
  mockNetwork([]);
  jest.spyOn(conditionsApi, 'conditions').mockResolvedValue(['<b>Turnover 5x</b>']);
  render(<BonusPage now={now} />);
  expect(await screen.findByText('No bonuses right now')).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('bonus-conditions-open'));
  const modal = screen.getByRole('dialog', { name: 'Bonus conditions' });
  expect(await within(modal).findAllByTestId('condition')).toHaveLength(1);
  await userEvent.click(within(modal).getByTestId('conditions-close'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('the conditions modal lists the server conditions, sanitized, and closes', async () => {
  jest
    .spyOn(conditionsApi, 'conditions')
    .mockResolvedValue([
      '<b>Turnover 5x</b><script>window.hacked = true</script>',
      '<p onclick="x()">Max 1 per day</p>',
    ]);
  const onClose = jest.fn();
  render(<ConditionsModal onClose={onClose} />);
  expect(screen.getByRole('dialog', { name: 'Bonus conditions' })).toBeInTheDocument();
  const items = await screen.findAllByTestId('condition');
  expect(items).toHaveLength(2);
  expect(items[0]?.innerHTML).toContain('<b>Turnover 5x</b>');
  expect(items[0]?.innerHTML).not.toContain('script');
  expect(items[1]?.innerHTML).not.toContain('onclick');
  await userEvent.click(screen.getByTestId('conditions-close'));
  expect(onClose).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a card received yesterday evening becomes available at Bangkok midnight without a reload', async () => {
  jest.useFakeTimers({ now: new Date('2026-11-24T16:59:00Z'), doNotFake: ['queueMicrotask'] });
  try {
    mockNetwork([bonus('DAILY', { type: 'day', userBonus: received('2026-11-24T12:00:00Z') })]);
    render(<BonusPage />);
    const card = await screen.findByTestId('bonus-card-DAILY');
    expect(card).toHaveAttribute('data-state', 'received');
    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByTestId('bonus-card-DAILY')).toHaveAttribute('data-state', 'available');
  } finally {
    jest.useRealTimers();
  }
});

test('while the bonuses load, placeholder cards stand in for the grid (a busy region), then the cards', async () => {
  const calls = mockNetwork([]);
  let answer: (list: Bonus[]) => void = () => undefined;
  calls.list.mockReturnValue(new Promise<Bonus[]>((resolve) => (answer = resolve)));
  render(<BonusPage now={now} />);

  const skeleton = await screen.findByTestId('skeleton-list');
  expect(skeleton).toHaveAttribute('aria-busy', 'true');
  expect(skeleton).toHaveClass('wl-skeleton-list--grid');
  expect(within(skeleton).getAllByTestId('skeleton')).toHaveLength(4);

  await act(async () => answer([bonus('WELCOME')]));
  expect(await screen.findByTestId('bonus-card-WELCOME')).toBeInTheDocument();
  expect(screen.queryByTestId('skeleton-list')).not.toBeInTheDocument();
});
