import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, translateErrorCode } from '@wallet/shared';
import { record } from '../../test-support/fixtures';
import { queuesApi } from './api';
import { INCOMING_LIMIT, IncomingScreen } from './incoming-screen';
import { englishQueues, incoming, member, operator } from './test-fixtures';

beforeAll(englishQueues);
afterEach(() => jest.restoreAllMocks());

const refused = incoming(2, {
  source: 'payment:KBANK',
  outcome: 'REFUSED_EXPIRED',
  fromBankCode: null,
  fromAccountNo: null,
  qrcodeId: 'qr-77',
});

test('lists unmatched transfers and refused payments, narrowed by outcome', async () => {
  const list = jest.spyOn(queuesApi, 'incoming').mockResolvedValue([incoming(1), refused]);
  render(<IncomingScreen operator={operator('finance')} />);
  const bank = await screen.findByTestId('incoming-1');
  expect(list).toHaveBeenCalledWith(undefined, INCOMING_LIMIT);
  expect(bank).toHaveTextContent('Bank transfer');
  expect(bank).toHaveTextContent('300.00 THB');
  expect(bank).toHaveTextContent('Unknown sender account');
  expect(bank).toHaveTextContent('KBANK 999-888-7776');
  const qr = screen.getByTestId('incoming-2');
  expect(qr).toHaveTextContent('Payment channel KBANK');
  expect(qr).toHaveTextContent('QR expired');
  expect(qr).toHaveTextContent('QR qr-77');
  list.mockResolvedValue([refused]);
  await userEvent.selectOptions(screen.getByLabelText('Show'), 'QR expired');
  await waitFor(() => expect(screen.queryByTestId('incoming-1')).not.toBeInTheDocument());
  expect(list).toHaveBeenLastCalledWith('REFUSED_EXPIRED', INCOMING_LIMIT);
  expect(screen.getByTestId('incoming-2')).toBeInTheDocument();
});

test('finance assigns a delivery to the member found by phone: the member id goes out, the row leaves', async () => {
  jest.spyOn(queuesApi, 'incoming').mockResolvedValue([incoming(1), refused]);
  const search = jest
    .spyOn(queuesApi, 'searchMembers')
    .mockResolvedValue([member('a'), member('b', { name: 'Somchai Jaidee', username: '0891234567' })]);
  const assign = jest
    .spyOn(queuesApi, 'assignIncoming')
    .mockResolvedValue(incoming(1, { outcome: 'ASSIGNED', memberId: 'b' }));
  const toasts = record('toast');
  render(<IncomingScreen operator={operator('finance')} />);
  await userEvent.click(
    within(await screen.findByTestId('incoming-1')).getByRole('button', { name: /Assign to member/ }),
  );
  const dialog = await screen.findByTestId('incoming-assign');
  const confirmButton = within(dialog).getByRole('button', { name: 'Assign to member' });
  expect(confirmButton).toBeDisabled();
  await userEvent.type(within(dialog).getByLabelText(/phone, name or bank account/), '0891{Enter}');
  expect(search).toHaveBeenCalledWith('0891');
  await userEvent.click(await within(dialog).findByRole('radio', { name: /0891234567/ }));
  await userEvent.click(confirmButton);
  const question = await screen.findByRole('alertdialog');
  expect(question).toHaveTextContent('Credit 300.00 THB to 0891234567 (Somchai Jaidee)?');
  expect(assign).not.toHaveBeenCalled();
  await userEvent.click(within(question).getByRole('button', { name: 'Assign to member' }));
  await waitFor(() => expect(screen.queryByTestId('incoming-1')).not.toBeInTheDocument());
  expect(assign).toHaveBeenCalledWith(1, 'b');
  expect(screen.getByTestId('incoming-2')).toBeInTheDocument();
  expect(toasts.events).toContainEqual({ kind: 'success', message: '300.00 THB credited to 0891234567.' });
  toasts.stop();
});

test('a search too short or finding nobody says so and assigns nothing', async () => {
  jest.spyOn(queuesApi, 'incoming').mockResolvedValue([incoming(1)]);
  const search = jest.spyOn(queuesApi, 'searchMembers').mockResolvedValue([]);
  render(<IncomingScreen operator={operator('admin')} />);
  await userEvent.click(within(await screen.findByTestId('incoming-1')).getByRole('button'));
  const dialog = await screen.findByTestId('incoming-assign');
  const field = within(dialog).getByLabelText(/phone, name or bank account/);
  await userEvent.type(field, '0{Enter}');
  expect(within(dialog).getByText('Type at least 2 characters.')).toBeInTheDocument();
  expect(search).not.toHaveBeenCalled();
  await userEvent.type(field, '99{Enter}');
  expect(await within(dialog).findByText('No member matches.')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Assign to member' })).toBeDisabled();
});

test('an assignment refused keeps the row and shows the error in the dialog', async () => {
  jest.spyOn(queuesApi, 'incoming').mockResolvedValue([incoming(1)]);
  jest.spyOn(queuesApi, 'searchMembers').mockResolvedValue([member('a')]);
  jest
    .spyOn(queuesApi, 'assignIncoming')
    .mockRejectedValue(new ApiError('KEY_INVALID', 400, translateErrorCode('KEY_INVALID')));
  render(<IncomingScreen operator={operator('finance')} />);
  await userEvent.click(within(await screen.findByTestId('incoming-1')).getByRole('button'));
  const dialog = await screen.findByTestId('incoming-assign');
  await userEvent.type(within(dialog).getByLabelText(/phone, name or bank account/), '0890{Enter}');
  // One match is chosen already.
  expect(await within(dialog).findByRole('radio', { name: /08900000a/ })).toBeChecked();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Assign to member' }));
  await userEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Assign to member' }),
  );
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'This payment was credited or given to a member already. Refresh the list.',
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByTestId('incoming-1')).toBeInTheDocument();
});

test('support sees the list read-only', async () => {
  jest.spyOn(queuesApi, 'incoming').mockResolvedValue([incoming(1)]);
  render(<IncomingScreen operator={operator('support')} />);
  const row = await screen.findByTestId('incoming-1');
  expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  expect(screen.getByRole('note')).toHaveTextContent('can see this list but not assign');
});

test('a list that cannot be loaded says so with its translated error and can be tried again', async () => {
  const list = jest
    .spyOn(queuesApi, 'incoming')
    .mockRejectedValueOnce(new ApiError('NETWORK_ERROR', null, translateErrorCode('NETWORK_ERROR')))
    .mockResolvedValueOnce([incoming(1)]);
  render(<IncomingScreen operator={operator('finance')} />);
  expect(await screen.findByRole('alert')).toHaveTextContent(translateErrorCode('NETWORK_ERROR'));
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByTestId('incoming-1')).toBeInTheDocument();
  expect(list).toHaveBeenCalledTimes(2);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
