import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, IDEMPOTENCY_HEADER, setLocale, translateErrorCode } from '@wallet/shared';
import { transferApi, type TransferResult } from './api';
import { game, record, THB, transferResult } from '../test-support/fixtures';
import { TransferModal } from './transfer-modal';

const games = [
  game('PG', { name: 'PG Soft', isActive: true, amount: 5000 }),
  game('JOKER', { isActive: false }),
  game('SBO', { name: 'SBOBET', isActive: true, amount: 20000 }),
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
  expect(options).toEqual(['', 'wallet', 'PG', 'SBO']);
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

test.each([
  ['en', 'You cannot transfer to the same account: choose a different destination.'],
  ['th', 'ไม่สามารถโอนเข้าบัญชีเดียวกันได้ กรุณาเลือกบัญชีปลายทางอื่น'],
  ['la', 'ບໍ່ສາມາດໂອນເຂົ້າບັນຊີດຽວກັນໄດ້ ກະລຸນາເລືອກບັນຊີປາຍທາງອື່ນ'],
] as const)("the server's TRANSFER_SAME_ACCOUNT is shown as its rule (%s)", async (language, text) => {
  await setLocale(language);
  try {
    jest
      .spyOn(transferApi, 'transfer')
      .mockRejectedValue(
        new ApiError('TRANSFER_SAME_ACCOUNT', 400, translateErrorCode('TRANSFER_SAME_ACCOUNT')),
      );
    const onClose = renderModal();
    await fill('wallet', 'PG', '10');
    // The newest dialog: those of earlier tests may still be closing in their own roots.
    expect((await screen.findAllByTestId('alert-error')).at(-1)).toHaveTextContent(text);
    expect(onClose).not.toHaveBeenCalled();
  } finally {
    await setLocale('en');
  }
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

/** The newest element with the test id: alert dialogs of earlier tests may still be open in their own roots. */
const latest = async (testId: string) => (await screen.findAllByTestId(testId)).at(-1) as HTMLElement;

test('pending: says the provider is confirming, announces wallet:changed and closes with true', async () => {
  jest
    .spyOn(transferApi, 'transfer')
    .mockResolvedValue(
      transferResult('PENDING', [{ from: 'wallet', to: 'PG', amount: 1000, status: 'PENDING' }]),
    );
  const changes = record('wallet:changed');
  const onClose = renderModal();
  await fill('wallet', 'PG', '10');
  await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  expect(changes.events).toEqual([{ reason: 'transfer' }]);
  expect(await latest('alert-success')).toHaveTextContent(
    'The transfer is being confirmed by the game provider. Your balance updates shortly.',
  );
  changes.stop();
});

test('partial game to game: a warning says what moved and that the rest is in the wallet', async () => {
  jest.spyOn(transferApi, 'transfer').mockResolvedValue(
    transferResult('PARTIAL', [
      { from: 'SBO', to: 'wallet', amount: 10000, status: 'SUCCESS' },
      { from: 'wallet', to: 'PG', amount: 10000, status: 'FAILED' },
      // The failed attempt to bring the money back to SBOBET is not told: the money is in the wallet.
      { from: 'wallet', to: 'SBO', amount: 10000, status: 'FAILED' },
    ]),
  );
  const changes = record('wallet:changed');
  const onClose = renderModal();
  await fill('SBO', 'PG', '100');
  await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  expect(changes.events).toEqual([{ reason: 'transfer' }]);
  const dialog = await latest('alert-warning');
  expect(dialog).toHaveTextContent('Transfer partly done');
  const lines = Array.from((await latest('transfer-outcome')).querySelectorAll('p')).map(
    (p) => p.textContent,
  );
  expect(lines).toEqual([
    '100.00 baht moved from SBOBET to your main wallet.',
    'The transfer from your main wallet to PG Soft did not go through: that money is still in your main wallet.',
  ]);
  changes.stop();
});
