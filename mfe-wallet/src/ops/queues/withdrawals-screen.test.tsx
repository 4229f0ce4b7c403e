import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, translateErrorCode } from '@wallet/shared';
import { record } from '../../test-support/fixtures';
import { queuesApi, type WithdrawalRetry } from './api';
import { WITHDRAWAL_PAGE, WithdrawalsScreen } from './withdrawals-screen';
import { englishQueues, operator, withdrawal } from './test-fixtures';

beforeAll(englishQueues);
afterEach(() => jest.restoreAllMocks());

const retried = (replayed: boolean): WithdrawalRetry => ({
  replayed,
  retryOf: 'w1',
  operation: {
    id: 'op9',
    kind: 'withdraw',
    status: 'PENDING',
    error: null,
    legs: [],
    createdAt: '2026-11-24T11:00:00.000Z',
    updatedAt: '2026-11-24T11:00:00.000Z',
  },
});

test('tabs switch the list between pending, paid and failed, by keyboard too', async () => {
  const list = jest
    .spyOn(queuesApi, 'withdrawals')
    .mockImplementation((status) => Promise.resolve([withdrawal(`${status}1`, { status, failure: null })]));
  render(<WithdrawalsScreen operator={operator('finance')} />);
  expect(await screen.findByTestId('withdrawal-PENDING1')).toHaveTextContent('1,250.00 THB');
  expect(list).toHaveBeenLastCalledWith('PENDING', WITHDRAWAL_PAGE, undefined);
  const pending = screen.getByRole('tab', { name: 'Pending' });
  expect(pending).toHaveAttribute('aria-selected', 'true');
  await userEvent.click(screen.getByRole('tab', { name: 'Paid' }));
  expect(await screen.findByTestId('withdrawal-SUCCESS1')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Pay out again/ })).not.toBeInTheDocument();
  screen.getByRole('tab', { name: 'Paid' }).focus();
  await userEvent.keyboard('{ArrowRight}');
  expect(screen.getByRole('tab', { name: 'Failed' })).toHaveFocus();
  expect(await screen.findByTestId('withdrawal-FAILED1')).toBeInTheDocument();
  expect(list).toHaveBeenLastCalledWith('FAILED', WITHDRAWAL_PAGE, undefined);
});

test("finance pays a failed withdrawal out again: confirmed, sent with its id, the row says it's paid again", async () => {
  jest.spyOn(queuesApi, 'withdrawals').mockResolvedValue([withdrawal('w1'), withdrawal('w2')]);
  const retry = jest.spyOn(queuesApi, 'retryWithdrawal').mockResolvedValue(retried(false));
  const toasts = record('toast');
  render(<WithdrawalsScreen operator={operator('finance')} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Failed' }));
  const row = await screen.findByTestId('withdrawal-w1');
  expect(row).toHaveTextContent('SCB 111-222-3334');
  await userEvent.click(within(row).getByRole('button', { name: 'Pay out again for 08200000w1' }));
  const question = await screen.findByRole('alertdialog');
  expect(question).toHaveTextContent('Pay 1,250.00 THB out again');
  expect(retry).not.toHaveBeenCalled();
  await userEvent.click(within(question).getByRole('button', { name: 'Pay out again' }));
  expect(await within(row).findByRole('status')).toHaveTextContent('Paid out again: waiting for the bank');
  expect(retry).toHaveBeenCalledWith('w1');
  expect(within(row).queryByRole('button', { name: /Pay out again/ })).not.toBeInTheDocument();
  expect(
    within(screen.getByTestId('withdrawal-w2')).getByRole('button', { name: /Pay out again/ }),
  ).toBeEnabled();
  expect(toasts.events).toContainEqual({
    kind: 'success',
    message: '1,250.00 THB is being paid out again to 08200000w1.',
  });
  toasts.stop();
});

test('a failed withdrawal paid out again before (the server says so) shows its payout and no button', async () => {
  jest
    .spyOn(queuesApi, 'withdrawals')
    .mockResolvedValue([
      withdrawal('w1', { paidAgain: { operationId: 'op-1', withdrawalId: 'w9', status: 'SUCCESS' } }),
      withdrawal('w2'),
    ]);
  render(<WithdrawalsScreen operator={operator('finance')} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Failed' }));
  const row = await screen.findByTestId('withdrawal-w1');
  expect(row).toHaveTextContent('Paid out again: Paid');
  expect(within(row).queryByRole('button', { name: /Pay out again/ })).not.toBeInTheDocument();
  expect(
    within(screen.getByTestId('withdrawal-w2')).getByRole('button', { name: /Pay out again/ }),
  ).toBeEnabled();
});

test("why a payout failed: a catalogue code is translated, the bank's own words are shown as they came", async () => {
  jest
    .spyOn(queuesApi, 'withdrawals')
    .mockResolvedValue([
      withdrawal('w1', { failure: 'payout refused by the bank' }),
      withdrawal('w2', { failure: 'TRANSFER_FAIL' }),
    ]);
  render(<WithdrawalsScreen operator={operator('finance')} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Failed' }));
  const bankWords = await screen.findByTestId('withdrawal-w1');
  expect(bankWords).toHaveTextContent('payout refused by the bank');
  expect(bankWords).not.toHaveTextContent('Something went wrong');
  const coded = screen.getByTestId('withdrawal-w2');
  expect(coded).toHaveTextContent('TRANSFER_FAIL');
  expect(coded).toHaveTextContent(translateErrorCode('TRANSFER_FAIL'));
  expect(translateErrorCode('TRANSFER_FAIL')).not.toBe('TRANSFER_FAIL');
});

test('cancelling the question sends nothing', async () => {
  jest.spyOn(queuesApi, 'withdrawals').mockResolvedValue([withdrawal('w1')]);
  const retry = jest.spyOn(queuesApi, 'retryWithdrawal');
  render(<WithdrawalsScreen operator={operator('admin')} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Failed' }));
  await userEvent.click(within(await screen.findByTestId('withdrawal-w1')).getByRole('button'));
  await userEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
  );
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(retry).not.toHaveBeenCalled();
});

test("a retry the wallet cannot cover shows the operator's error and keeps the button", async () => {
  jest.spyOn(queuesApi, 'withdrawals').mockResolvedValue([withdrawal('w1')]);
  jest
    .spyOn(queuesApi, 'retryWithdrawal')
    .mockRejectedValue(new ApiError('MONEY_NOT_ENOUGH', 400, translateErrorCode('MONEY_NOT_ENOUGH')));
  const toasts = record('toast');
  render(<WithdrawalsScreen operator={operator('finance')} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Failed' }));
  const row = await screen.findByTestId('withdrawal-w1');
  await userEvent.click(within(row).getByRole('button', { name: /Pay out again/ }));
  await userEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Pay out again' }),
  );
  await waitFor(() =>
    expect(toasts.events).toContainEqual({
      kind: 'error',
      message: "The member's wallet no longer holds this amount: nothing was paid out.",
    }),
  );
  expect(within(row).getByRole('button', { name: /Pay out again/ })).toBeEnabled();
  expect(within(row).queryByRole('status')).not.toBeInTheDocument();
  toasts.stop();
});

test('a retry answered as a replay says nothing new was sent', async () => {
  jest.spyOn(queuesApi, 'withdrawals').mockResolvedValue([withdrawal('w1')]);
  jest.spyOn(queuesApi, 'retryWithdrawal').mockResolvedValue(retried(true));
  const toasts = record('toast');
  render(<WithdrawalsScreen operator={operator('finance')} />);
  await userEvent.click(screen.getByRole('tab', { name: 'Failed' }));
  await userEvent.click(within(await screen.findByTestId('withdrawal-w1')).getByRole('button'));
  await userEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Pay out again' }),
  );
  await waitFor(() =>
    expect(toasts.events).toContainEqual({
      kind: 'info',
      message: 'This withdrawal of 08200000w1 was paid out again already: nothing new was sent.',
    }),
  );
  toasts.stop();
});

test('older withdrawals page in with the createdAt of the last one shown', async () => {
  const page = Array.from({ length: WITHDRAWAL_PAGE }, (_, i) =>
    withdrawal(`p${i}`, {
      status: 'PENDING',
      createdAt: `2026-11-24T09:${String(59 - i).padStart(2, '0')}:00.000Z`,
    }),
  );
  const list = jest
    .spyOn(queuesApi, 'withdrawals')
    .mockResolvedValueOnce(page)
    .mockResolvedValueOnce([withdrawal('old', { status: 'PENDING' })]);
  render(<WithdrawalsScreen operator={operator('admin')} />);
  await screen.findByTestId('withdrawal-p0');
  await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
  expect(await screen.findByTestId('withdrawal-old')).toBeInTheDocument();
  expect(list).toHaveBeenLastCalledWith('PENDING', WITHDRAWAL_PAGE, page[WITHDRAWAL_PAGE - 1]!.createdAt);
  expect(screen.getByTestId('withdrawal-p0')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
});

test('a role the server does not admit sees why and calls nothing', () => {
  const list = jest.spyOn(queuesApi, 'withdrawals');
  render(<WithdrawalsScreen operator={operator('support')} />);
  expect(screen.getByRole('note')).toHaveTextContent('for finance and admins only');
  expect(list).not.toHaveBeenCalled();
});
