import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { ActiveBonusPanel } from './active-bonus';
import { bonusApi } from './api';
import { activeCheck, record, refusal, THB } from './test-fixtures';

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

test('the open bonus shows its name, type, amount and the turnover progress in money and percent', () => {
  render(<ActiveBonusPanel active={activeCheck()} format={THB} onEnded={jest.fn()} />);
  const panel = screen.getByTestId('bonus-active');
  expect(within(panel).getByRole('heading', { name: 'Welcome bonus 50%' })).toBeInTheDocument();
  expect(screen.getByTestId('bonus-active-type')).toHaveTextContent('One-time');
  expect(screen.getByTestId('bonus-active-amount')).toHaveTextContent('50.00 baht');
  const bar = screen.getByRole('progressbar', { name: 'Turnover' });
  expect(bar).toHaveAttribute('aria-valuenow', '40');
  expect(bar).toHaveAttribute('aria-valuemin', '0');
  expect(bar).toHaveAttribute('aria-valuemax', '100');
  expect(screen.getByTestId('bonus-turnover')).toHaveTextContent('300.00 / 750.00 baht (40%)');
  expect(screen.getByTestId('bonus-cancel')).toHaveTextContent('Cancel bonus');
});

test('cancel asks first, saying what is taken back and what is kept, then clears and refreshes', async () => {
  const clear = jest.spyOn(bonusApi, 'clear').mockResolvedValue({
    message: 'BONUS_CLEAR',
    finished: false,
    forfeited: 4_500,
  });
  const changes = record('wallet:changed');
  const toasts = record('toast');
  const onEnded = jest.fn();
  render(<ActiveBonusPanel active={activeCheck()} format={THB} onEnded={onEnded} />);

  await userEvent.click(screen.getByTestId('bonus-cancel'));
  const dialog = await screen.findByRole('alertdialog', { name: 'Cancel the bonus?' });
  expect(dialog).toHaveTextContent('takes back 45.00 baht from your wallet; you keep 10% of the bonus');
  expect(clear).not.toHaveBeenCalled();

  // Keeping the bonus changes nothing.
  await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the bonus' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(clear).not.toHaveBeenCalled();

  await userEvent.click(screen.getByTestId('bonus-cancel'));
  const again = await screen.findByRole('alertdialog');
  await userEvent.click(within(again).getByRole('button', { name: 'Cancel bonus' }));
  await waitFor(() => expect(onEnded).toHaveBeenCalledTimes(1));
  expect(clear).toHaveBeenCalledTimes(1);
  expect(clear.mock.calls[0]?.[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(toasts.events).toEqual([{ kind: 'success', message: 'Bonus cancelled: 45.00 baht taken back' }]);
  expect(changes.events).toEqual([{ reason: 'bonus' }]);
  changes.stop();
  toasts.stop();
});

test('each tap on cancel sends a fresh idempotency key', async () => {
  const clear = jest.spyOn(bonusApi, 'clear').mockRejectedValue(refusal('BONUS_CONDITION', 409));
  render(<ActiveBonusPanel active={activeCheck()} format={THB} onEnded={jest.fn()} />);
  for (let i = 0; i < 2; i += 1) {
    await userEvent.click(screen.getByTestId('bonus-cancel'));
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel bonus' }));
    const alert = await screen.findByTestId('alert-error');
    await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('alert-error')).not.toBeInTheDocument());
  }
  expect(clear).toHaveBeenCalledTimes(2);
  expect(clear.mock.calls[0]?.[0]).not.toBe(clear.mock.calls[1]?.[0]);
});

test('a refused cancel shows the "cancel bonus failure" alert with the translated reason, and changes nothing', async () => {
  jest.spyOn(bonusApi, 'clear').mockRejectedValue(refusal('BONUS_CONDITION', 409));
  const onEnded = jest.fn();
  render(<ActiveBonusPanel active={activeCheck()} format={THB} onEnded={onEnded} />);
  await userEvent.click(screen.getByTestId('bonus-cancel'));
  await userEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel bonus' }),
  );
  const alert = await screen.findByRole('alertdialog', { name: 'Cancel bonus failure' });
  expect(alert).toHaveTextContent('The bonus cannot be ended until its conditions are met.');
  expect(onEnded).not.toHaveBeenCalled();
  await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
});

test('money still in game accounts: the failure says to move the game balances to the wallet first', async () => {
  jest.spyOn(bonusApi, 'clear').mockRejectedValue(refusal('BONUS_CONDITION', 409, 'games'));
  render(<ActiveBonusPanel active={activeCheck()} format={THB} onEnded={jest.fn()} />);
  await userEvent.click(screen.getByTestId('bonus-cancel'));
  await userEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel bonus' }),
  );
  const alert = await screen.findByRole('alertdialog', { name: 'Cancel bonus failure' });
  expect(alert).toHaveTextContent('Move your game balances to the wallet first');
  await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
});

test('once the turnover is met the button finishes the bonus, and nothing is said to be taken back', async () => {
  jest.spyOn(bonusApi, 'clear').mockResolvedValue({ message: 'BONUS_CLEAR', finished: true, forfeited: 0 });
  const toasts = record('toast');
  const onEnded = jest.fn();
  const met = activeCheck({
    met: true,
    forfeit: 0,
    turnover: { needed: 75_000, done: 80_000, percent: 100 },
  });
  render(<ActiveBonusPanel active={met} format={THB} onEnded={onEnded} />);
  expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const button = screen.getByTestId('bonus-cancel');
  expect(button).toHaveTextContent('Finish bonus');
  await userEvent.click(button);
  const dialog = await screen.findByRole('alertdialog', { name: 'Finish the bonus?' });
  expect(dialog).not.toHaveTextContent('takes back');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Finish bonus' }));
  await waitFor(() => expect(onEnded).toHaveBeenCalledTimes(1));
  expect(toasts.events).toEqual([{ kind: 'success', message: 'Bonus finished' }]);
  toasts.stop();
});

test('kip amounts are whole', () => {
  render(
    <ActiveBonusPanel
      active={activeCheck({ amount: 30_000, turnover: { needed: 450_000, done: 45_000, percent: 10 } })}
      format={{ currency: 'LAK', scale: 0 }}
      onEnded={jest.fn()}
    />,
  );
  expect(screen.getByTestId('bonus-active-amount')).toHaveTextContent('30,000 kip');
  expect(screen.getByTestId('bonus-turnover')).toHaveTextContent('45,000 / 450,000 kip (10%)');
});
