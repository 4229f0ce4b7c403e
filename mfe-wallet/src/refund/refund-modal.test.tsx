import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { refundApi, type RefundCheck } from './api';
import { record, THB } from '../test-support/fixtures';
import { RefundModal } from './refund-modal';

const check = (overrides: Partial<RefundCheck> = {}): RefundCheck => ({
  result: true,
  bonus: false,
  info: '<p>5% of net losses each week</p>',
  refundAmount: 12000,
  refundSuccess: 2,
  refundFail: 1,
  balance: 0,
  period: { from: '2026-11-16', to: '2026-11-22' },
  ...overrides,
});

beforeAll(() => setLocale('en'));
beforeEach(() =>
  jest.spyOn(refundApi, 'list').mockResolvedValue({
    refunds: Array.from({ length: 10 }, (_, i) => ({
      refundAmount: 100 * (i + 1),
      createdAt: '2024-05-01T10:00:00Z',
    })),
    total: 25,
  }),
);
afterEach(() => jest.restoreAllMocks());

test('receive is disabled while a bonus is held, with two lines saying why', async () => {
  jest.spyOn(refundApi, 'check').mockResolvedValue(check({ bonus: true }));
  render(<RefundModal open format={THB} onClose={jest.fn()} />);
  expect(await screen.findByTestId('refund-receive')).toBeDisabled();
  const why = screen.getByTestId('refund-bonus-held');
  expect(why.querySelectorAll('p')).toHaveLength(2);
  expect(why).toHaveTextContent('while a bonus is active');
});

test('to wallet goes through a confirm dialog, then announces the change and closes with true', async () => {
  jest.spyOn(refundApi, 'check').mockResolvedValue(check());
  const toWallet = jest
    .spyOn(refundApi, 'toWallet')
    .mockResolvedValue({ message: 'REFUND_SUCCESS', amount: 12000 });
  const changes = record('wallet:changed');
  const onClose = jest.fn();
  render(<RefundModal open format={THB} onClose={onClose} />);
  expect(await screen.findByTestId('refund-receive')).toBeEnabled();
  expect(screen.getByText('5% of net losses each week')).toBeInTheDocument();
  await userEvent.click(screen.getByTestId('refund-to-wallet'));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Move 120.00 baht of cashback into your wallet?');
  expect(toWallet).not.toHaveBeenCalled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  expect(changes.events).toEqual([{ reason: 'refund' }]);
  changes.stop();
});

test('the refunds list is paged 10 a page', async () => {
  jest.spyOn(refundApi, 'check').mockResolvedValue(check());
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
