import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { refundApi, type RefundCheck } from './api';
import { record, THB } from '../test-support/fixtures';
import { RefundModal } from './refund-modal';

/**
 * The refund check in the states the server answers (server/src/features/refund/refunds.ts), with exactly the
 * fields of its response schema: `result` is `refundAmount > 0` without a bonus held; `receivedAmount` is what
 * was received and not yet moved.
 */
const period = { from: '2026-11-16', to: '2026-11-22' };
const info =
  '<p>Get back 5% of last week’s net game loss, once a week.</p><p>Received cashback moves to your wallet when no bonus is held.</p>';
/** Last week lost 2,400 baht: 120.00 can be received, nothing received yet. */
const toReceive: RefundCheck = {
  result: true,
  bonus: false,
  info,
  refundAmount: 12000,
  refundSuccess: 2,
  refundFail: 1,
  receivedAmount: 0,
  period,
};
/** After receive: nothing more this week, 120.00 received and waiting for the move. */
const received: RefundCheck = {
  ...toReceive,
  result: false,
  refundAmount: 0,
  refundSuccess: 3,
  receivedAmount: 12000,
};
/** The same accrued cashback while a bonus is held: receive and the move are refused. */
const bonusHeld: RefundCheck = { ...toReceive, result: false, bonus: true };
/** No play last week, nothing received. */
const nothing: RefundCheck = { ...toReceive, result: false, refundAmount: 0, receivedAmount: 0 };

beforeAll(() => setLocale('en'));
beforeEach(() =>
  jest.spyOn(refundApi, 'list').mockResolvedValue({
    refunds: Array.from({ length: 10 }, (_, i) => ({
      refundAmount: 100 * (i + 1),
      createdAt: '2024-05-01T10:00:00.000Z',
    })),
    total: 25,
  }),
);
afterEach(() => jest.restoreAllMocks());

test('receive and move are disabled while a bonus is held, with two lines saying why', async () => {
  jest.spyOn(refundApi, 'check').mockResolvedValue(bonusHeld);
  render(<RefundModal open format={THB} onClose={jest.fn()} />);
  expect(await screen.findByTestId('refund-receive')).toBeDisabled();
  expect(screen.getByTestId('refund-to-wallet')).toBeDisabled();
  expect(screen.getByTestId('refund-amount')).toHaveTextContent('120.00');
  const why = screen.getByTestId('refund-bonus-held');
  expect(why.querySelectorAll('p')).toHaveLength(2);
  expect(why).toHaveTextContent('while a bonus is active');
});

test('nothing accrued and nothing received: both buttons are disabled', async () => {
  jest.spyOn(refundApi, 'check').mockResolvedValue(nothing);
  render(<RefundModal open format={THB} onClose={jest.fn()} />);
  expect(await screen.findByTestId('refund-receive')).toBeDisabled();
  expect(screen.getByTestId('refund-to-wallet')).toBeDisabled();
  expect(screen.queryByTestId('refund-bonus-held')).not.toBeInTheDocument();
});

test('receive takes the accrued cashback: then the received amount can be moved', async () => {
  const check = jest.spyOn(refundApi, 'check').mockResolvedValueOnce(toReceive).mockResolvedValue(received);
  const receive = jest
    .spyOn(refundApi, 'receive')
    .mockResolvedValue({ message: 'REFUND_SUCCESS', refundAmount: 12000 });
  const toasts = record('toast');
  render(<RefundModal open format={THB} onClose={jest.fn()} />);
  expect(await screen.findByTestId('refund-receive')).toBeEnabled();
  expect(screen.getByText('Get back 5% of last week’s net game loss, once a week.')).toBeInTheDocument();
  expect(screen.getByTestId('refund-amount')).toHaveTextContent('120.00');
  expect(screen.getByTestId('refund-received-amount')).toHaveTextContent('0.00');
  // Nothing received yet: the server would answer NO_REFUND.
  expect(screen.getByTestId('refund-to-wallet')).toBeDisabled();

  await userEvent.click(screen.getByTestId('refund-receive'));
  expect(receive).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(screen.getByTestId('refund-received-amount')).toHaveTextContent('120.00'));
  expect(check).toHaveBeenCalledTimes(2);
  expect(screen.getByTestId('refund-amount')).toHaveTextContent('0.00');
  expect(screen.getByTestId('refund-receive')).toBeDisabled();
  expect(screen.getByTestId('refund-to-wallet')).toBeEnabled();
  expect(toasts.events).toEqual([
    expect.objectContaining({ kind: 'success', message: 'Cashback of 120.00 baht received.' }),
  ]);
  toasts.stop();
});

test('to wallet moves the received amount through a confirm dialog, then announces the change and closes with true', async () => {
  jest.spyOn(refundApi, 'check').mockResolvedValue(received);
  const toWallet = jest
    .spyOn(refundApi, 'toWallet')
    .mockResolvedValue({ message: 'REFUND_SUCCESS', amount: 12000 });
  const changes = record('wallet:changed');
  const onClose = jest.fn();
  render(<RefundModal open format={THB} onClose={onClose} />);
  expect(await screen.findByTestId('refund-to-wallet')).toBeEnabled();
  expect(screen.getByTestId('refund-receive')).toBeDisabled();
  await userEvent.click(screen.getByTestId('refund-to-wallet'));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Move 120.00 baht of cashback into your wallet?');
  expect(toWallet).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  expect(toWallet).toHaveBeenCalledTimes(1);
  expect(changes.events).toEqual([{ reason: 'refund' }]);
  changes.stop();
});

test('the refunds list is paged 10 a page', async () => {
  jest.spyOn(refundApi, 'check').mockResolvedValue(toReceive);
  render(<RefundModal open format={THB} onClose={jest.fn()} />);
  const table = await screen.findByTestId('refund-table');
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
  expect(refundApi.list).toHaveBeenCalledWith(1, 10);
  await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  await waitFor(() => expect(refundApi.list).toHaveBeenLastCalledWith(3, 10));
});

test('a failed check or list is silent', async () => {
  jest.spyOn(refundApi, 'check').mockRejectedValue(new Error('down'));
  jest.spyOn(refundApi, 'list').mockRejectedValue(new Error('down'));
  const toasts = record('toast');
  render(<RefundModal open format={THB} onClose={jest.fn()} />);
  expect(await screen.findByText('No cashback yet.')).toBeInTheDocument();
  expect(toasts.events).toEqual([]);
  toasts.stop();
});
