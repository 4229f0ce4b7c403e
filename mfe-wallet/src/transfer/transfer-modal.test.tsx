import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, IDEMPOTENCY_HEADER, setLocale } from '@wallet/shared';
import { transferApi, type TransferResult } from './api';
import { game, record, THB, transferResult } from '../test-support/fixtures';
import { TransferModal } from './transfer-modal';

const games = [
  game('PG', { name: 'PG Soft', isActive: true, amount: 5000 }),
  game('JOKER', { isActive: false }),
];
const done: TransferResult = transferResult('SUCCESS', [
  { from: 'wallet', to: 'PG', amount: 2550, status: 'SUCCESS' },
]);

function renderModal(onClose = jest.fn()) {
  render(<TransferModal open walletAmount={100000} games={games} format={THB} onClose={onClose} />);
  return onClose;
}

async function fill(from: string, to: string, amount: string) {
  if (from) await userEvent.selectOptions(screen.getByTestId('transfer-from'), from);
  if (to) await userEvent.selectOptions(screen.getByTestId('transfer-to'), to);
  if (amount) await userEvent.type(screen.getByTestId('transfer-amount'), amount);
  await userEvent.click(screen.getByTestId('transfer-submit'));
}

beforeAll(() => setLocale('en'));
afterEach(() => {
  jest.restoreAllMocks();
  // Alert dialogs live in detached roots of their own.
  document.querySelectorAll('.wl-detached-dialog').forEach((node) => node.remove());
});

test('offers the main wallet and the active games only', () => {
  renderModal();
  const options = Array.from((screen.getByTestId('transfer-from') as HTMLSelectElement).options).map(
    (o) => o.value,
  );
  expect(options).toEqual(['', 'wallet', 'PG']);
});

test('both accounts must be chosen (select-account message)', async () => {
  const transfer = jest.spyOn(transferApi, 'transfer');
  renderModal();
  await fill('wallet', '', '10');
  expect(screen.getByText('Please choose both accounts.')).toBeInTheDocument();
  expect(transfer).not.toHaveBeenCalled();
});

test('the accounts must differ (cannot-transfer message)', async () => {
  const transfer = jest.spyOn(transferApi, 'transfer');
  renderModal();
  await fill('PG', 'PG', '10');
  expect(screen.getByText('You cannot transfer to the same account.')).toBeInTheDocument();
  expect(transfer).not.toHaveBeenCalled();
});

test('at least 1 baht (min-amount message with the number and baht)', async () => {
  const transfer = jest.spyOn(transferApi, 'transfer');
  renderModal();
  await fill('wallet', 'PG', '0.99');
  expect(screen.getByText('The minimum transfer is 1 baht.')).toBeInTheDocument();
  expect(transfer).not.toHaveBeenCalled();
});

test('success: sends satang with a key, says "transfer done", announces wallet:changed and closes with true', async () => {
  const transfer = jest.spyOn(transferApi, 'transfer').mockResolvedValue(done);
  const changes = record('wallet:changed');
  const onClose = renderModal();
  await fill('wallet', 'PG', '25.50');
  await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  expect(transfer).toHaveBeenCalledWith({ from: 'wallet', to: 'PG', amount: 2550 }, expect.any(String));
  expect(changes.events).toEqual([{ reason: 'transfer' }]);
  expect(await screen.findByTestId('alert-success')).toHaveTextContent('Transfer done.');
  changes.stop();
});

test('failure: an error dialog, nothing announced, the modal stays open', async () => {
  jest
    .spyOn(transferApi, 'transfer')
    .mockRejectedValue(new ApiError('MONEY_NOT_ENOUGH', 400, 'Not enough money'));
  const changes = record('wallet:changed');
  const onClose = renderModal();
  await fill('wallet', 'PG', '10');
  expect(await screen.findByTestId('alert-error')).toHaveTextContent('Not enough money');
  expect(onClose).not.toHaveBeenCalled();
  expect(changes.events).toEqual([]);
  changes.stop();
});

test('a retry after a lost answer reuses the idempotency key; a new action gets a new one', async () => {
  const transfer = jest
    .spyOn(transferApi, 'transfer')
    .mockRejectedValueOnce(new ApiError('TIMEOUT', null, 'Timed out'))
    .mockRejectedValueOnce(new ApiError('MONEY_NOT_ENOUGH', 400, 'Not enough money'))
    .mockResolvedValueOnce(done);
  renderModal();
  await fill('wallet', 'PG', '10');
  await waitFor(() => expect(transfer).toHaveBeenCalledTimes(1));
  await userEvent.click(screen.getByTestId('transfer-submit'));
  await waitFor(() => expect(transfer).toHaveBeenCalledTimes(2));
  await userEvent.click(screen.getByTestId('transfer-submit'));
  await waitFor(() => expect(transfer).toHaveBeenCalledTimes(3));
  const keys = transfer.mock.calls.map((call) => call[1]);
  expect(keys[1]).toBe(keys[0]);
  expect(keys[2]).not.toBe(keys[1]);
  expect(IDEMPOTENCY_HEADER).toBe('Idempotency-Key');
});
