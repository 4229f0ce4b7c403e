import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, setLocale, translateErrorCode } from '@wallet/shared';
import { withdrawApi } from './api';
import { game, record, snapshot, THB, withdrawResult } from '../test-support/fixtures';
import { WithdrawModal } from './withdraw-modal';

function renderModal(onClose = jest.fn()) {
  render(
    <WithdrawModal
      open
      walletAmount={1000000}
      bankAccount={snapshot().bankAccount}
      games={[
        game('PG', { name: 'PG Soft', isActive: true }),
        game('JOKER', { name: 'Joker', isActive: true }),
      ]}
      format={THB}
      onClose={onClose}
    />,
  );
  return onClose;
}

async function withdraw(amount: string) {
  await userEvent.type(screen.getByTestId('withdraw-amount'), amount);
  await userEvent.click(screen.getByTestId('withdraw-submit'));
}

beforeAll(() => setLocale('en'));
beforeEach(() =>
  jest
    .spyOn(withdrawApi, 'limits')
    .mockResolvedValue({ withdrawMin: 10000, withdrawMax: 5000000, currency: 'THB' }),
);
afterEach(() => jest.restoreAllMocks());

test('shows the limits of the lookup and the bank account 3-3-4', async () => {
  renderModal();
  expect(await screen.findByTestId('withdraw-limits')).toHaveTextContent('100 – 50,000 baht');
  expect(screen.getByTestId('withdraw-bank')).toHaveTextContent('111-222-3334');
});

test.each([
  ['th', 'ไทยพาณิชย์'],
  ['la', 'ໄທພານິດ'],
  ['en', 'SCB'],
] as const)('names the bank the money goes to in the page language (%s)', async (language, name) => {
  await setLocale(language);
  try {
    renderModal();
    await screen.findByTestId('withdraw-limits');
    expect(screen.getByTestId('withdraw-bank')).toHaveTextContent(name);
  } finally {
    await setLocale('en');
  }
});

test('below withdrawMin: the min message, no call', async () => {
  const call = jest.spyOn(withdrawApi, 'withdrawAll');
  renderModal();
  await screen.findByTestId('withdraw-limits');
  await withdraw('99');
  expect(screen.getByText('The minimum withdrawal is 100 baht.')).toBeInTheDocument();
  expect(call).not.toHaveBeenCalled();
});

test('above withdrawMax: the max message, no call', async () => {
  const call = jest.spyOn(withdrawApi, 'withdrawAll');
  renderModal();
  await screen.findByTestId('withdraw-limits');
  await withdraw('50001');
  expect(screen.getByText('The maximum withdrawal is 50,000 baht.')).toBeInTheDocument();
  expect(call).not.toHaveBeenCalled();
});

test('success uses withdrawAll, says to wait for the transfer, announces and closes with true', async () => {
  const call = jest.spyOn(withdrawApi, 'withdrawAll').mockResolvedValue(
    withdrawResult('SUCCESS', [{ from: 'wallet', to: 'bank', amount: 20000, status: 'PENDING' }], {
      id: 'w1',
      status: 'PENDING',
      amount: 20000,
    }),
  );
  const changes = record('wallet:changed');
  const onClose = renderModal();
  await screen.findByTestId('withdraw-limits');
  await withdraw('200');
  await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  expect(call).toHaveBeenCalledWith(20000, expect.any(String));
  expect(changes.events).toEqual([{ reason: 'withdraw' }]);
  expect(await screen.findByTestId('alert-success')).toHaveTextContent('Please wait for the transfer');
  changes.stop();
});

test('failure shows an error dialog', async () => {
  jest
    .spyOn(withdrawApi, 'withdrawAll')
    .mockRejectedValue(new ApiError('BONUS_REMAINING', 400, 'A bonus is active'));
  const onClose = renderModal();
  await screen.findByTestId('withdraw-limits');
  await withdraw('200');
  expect(await screen.findByTestId('alert-error')).toHaveTextContent('A bonus is active');
  expect(onClose).not.toHaveBeenCalled();
});

/** A refusal as the shared client makes it of the server's error body. */
const refusal = (code: string, extra: { minimum?: number; maximum?: number } = {}) =>
  new ApiError(code, 400, translateErrorCode(code), undefined, extra.minimum, undefined, extra.maximum);

test.each([
  ['WITHDRAW_MINIMUM', { minimum: 20000 }, 'The minimum withdrawal is 200 baht.', '200 – 50,000 baht'],
  ['WITHDRAW_MAXIMUM', { maximum: 3000000 }, 'The maximum withdrawal is 30,000 baht.', '100 – 30,000 baht'],
] as const)(
  "the server's %s (the operator changed the limit): the rule with the server's amount, at the field and in the dialog",
  async (code, extra, text, limits) => {
    jest.spyOn(withdrawApi, 'withdrawAll').mockRejectedValue(refusal(code, extra));
    const onClose = renderModal();
    await screen.findByTestId('withdraw-limits');
    await withdraw('150');
    expect(await latest('alert-error')).toHaveTextContent(text);
    expect(screen.getByTestId('withdraw-amount')).toHaveAccessibleDescription(expect.stringContaining(text));
    expect(screen.getByTestId('withdraw-limits')).toHaveTextContent(limits);
    expect(onClose).not.toHaveBeenCalled();
  },
);

test('a limit refusal without its amount shows the translated rule', async () => {
  jest.spyOn(withdrawApi, 'withdrawAll').mockRejectedValue(refusal('WITHDRAW_MAXIMUM'));
  renderModal();
  await screen.findByTestId('withdraw-limits');
  await withdraw('150');
  expect(await latest('alert-error')).toHaveTextContent('The amount is above the maximum withdrawal.');
});

test.each([
  ['th', 'ถอนเงินขั้นต่ำ 200'],
  ['la', 'ຖອນເງິນຂັ້ນຕ່ຳ 200'],
] as const)('the minimum refusal is said in the page language (%s)', async (language, start) => {
  await setLocale(language);
  try {
    jest.spyOn(withdrawApi, 'withdrawAll').mockRejectedValue(refusal('WITHDRAW_MINIMUM', { minimum: 20000 }));
    renderModal();
    await screen.findByTestId('withdraw-limits');
    await withdraw('150');
    expect(await latest('alert-error')).toHaveTextContent(start);
    expect(await latest('alert-error')).toHaveTextContent('200');
  } finally {
    await setLocale('en');
  }
});

async function withdrawAnswered(answer: Awaited<ReturnType<typeof withdrawApi.withdrawAll>>) {
  jest.spyOn(withdrawApi, 'withdrawAll').mockResolvedValue(answer);
  const changes = record('wallet:changed');
  const onClose = renderModal();
  await screen.findByTestId('withdraw-limits');
  await withdraw('200');
  await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  changes.stop();
  return changes.events;
}

/** The newest element with the test id: alert dialogs of earlier tests may still be open in their own roots. */
const latest = async (testId: string) => (await screen.findAllByTestId(testId)).at(-1) as HTMLElement;

const outcomeLines = async () =>
  Array.from((await latest('withdraw-outcome')).querySelectorAll('p')).map((p) => p.textContent);

test('pending: a game is still answering, the withdrawal follows; announced', async () => {
  const events = await withdrawAnswered(
    withdrawResult(
      'PENDING',
      [
        { from: 'PG', to: 'wallet', amount: 5000, status: 'PENDING' },
        { from: 'wallet', to: 'bank', amount: 20000, status: 'PENDING' },
      ],
      null,
      20000,
    ),
  );
  expect(events).toEqual([{ reason: 'withdraw' }]);
  expect(await latest('alert-info')).toHaveTextContent('Withdrawal in progress');
  expect(await latest('alert-info')).toHaveTextContent(
    'A game is still answering. Your withdrawal follows as soon as its money is back in your wallet',
  );
});

test('partial, withdrawal not made: which games were collected, which kept their money', async () => {
  const events = await withdrawAnswered(
    withdrawResult(
      'PARTIAL',
      [
        { from: 'PG', to: 'wallet', amount: 5000, status: 'SUCCESS' },
        { from: 'JOKER', to: 'wallet', amount: 15000, status: 'FAILED' },
        { from: 'wallet', to: 'bank', amount: 20000, status: 'FAILED', error: 'MONEY_NOT_ENOUGH' },
      ],
      null,
      20000,
    ),
  );
  expect(events).toEqual([{ reason: 'withdraw' }]);
  expect(await latest('alert-warning')).toHaveTextContent('Withdrawal not made');
  expect(await outcomeLines()).toEqual([
    '50.00 baht moved from PG Soft to your main wallet.',
    'The transfer from Joker to your main wallet did not go through: that money is still in Joker.',
    'The withdrawal of 200.00 baht was not made. The money collected from your games is in your main wallet.',
  ]);
});

test('partial, withdrawal made while a game kept its money', async () => {
  await withdrawAnswered(
    withdrawResult(
      'PARTIAL',
      [
        { from: 'PG', to: 'wallet', amount: 5000, status: 'SUCCESS' },
        { from: 'JOKER', to: 'wallet', amount: 15000, status: 'FAILED' },
        { from: 'wallet', to: 'bank', amount: 20000, status: 'SUCCESS' },
      ],
      { id: 'w1', status: 'PENDING', amount: 20000 },
    ),
  );
  expect(await latest('alert-warning')).toHaveTextContent('Withdrawal made, a game kept its money');
  expect(await outcomeLines()).toEqual([
    '50.00 baht moved from PG Soft to your main wallet.',
    'The transfer from Joker to your main wallet did not go through: that money is still in Joker.',
    '200.00 baht is on its way to your bank account. Please wait for the transfer.',
  ]);
});
