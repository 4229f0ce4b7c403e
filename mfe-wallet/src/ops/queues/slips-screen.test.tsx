import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, translateErrorCode } from '@wallet/shared';
import { record } from '../../test-support/fixtures';
import { queuesApi } from './api';
import { SlipsScreen } from './slips-screen';
import { englishQueues, operator, slip } from './test-fixtures';

beforeAll(englishQueues);
afterEach(() => jest.restoreAllMocks());

const rowOf = (id: string) => screen.findByTestId(`slip-${id}`);

test('the queue lists each waiting slip with its member, amount and image', async () => {
  const list = jest
    .spyOn(queuesApi, 'slips')
    .mockResolvedValue([slip('1', { slipRef: 'ABC123456' }), slip('2', { amount: 0 })]);
  render(<SlipsScreen operator={operator('finance')} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Slips in review' })).toBeInTheDocument();
  const first = await rowOf('1');
  expect(list).toHaveBeenCalledWith('PROCESSING', 100);
  expect(first).toHaveTextContent('081000001');
  // The account the slip must come from, to compare with the sender on the image.
  expect(within(first).getByRole('rowheader')).toHaveTextContent(
    "081000001Member's account: KBANK 123-456-7891 · SOMCHAI JAIDEE",
  );
  expect(first).toHaveTextContent('500.00 THB');
  expect(first).toHaveTextContent('ABC123456');
  expect(within(first).getByRole('img', { name: 'Slip image of 081000001' })).toHaveAttribute(
    'src',
    '/api/slip-image/ref-1?exp=1&sig=x',
  );
  expect(await rowOf('2')).toHaveTextContent('not stated');
});

test('finance approves a slip: the amount and reference go out with its id, then the row leaves', async () => {
  jest.spyOn(queuesApi, 'slips').mockResolvedValue([slip('1'), slip('2')]);
  const approve = jest
    .spyOn(queuesApi, 'approveSlip')
    .mockResolvedValue({ id: '1', status: 'SUCCESS', note: null, amount: 52050, slipRef: 'KB-998877' });
  const toasts = record('toast');
  render(<SlipsScreen operator={operator('finance')} />);
  const row = await rowOf('1');
  await userEvent.click(within(row).getByRole('button', { name: 'Approve for 081000001' }));
  const dialog = await screen.findByTestId('slip-approve');
  expect(dialog).toHaveTextContent(
    "The slip must be sent from the member's registered account: KBANK 123-456-7891 · SOMCHAI JAIDEE. From " +
      "any other account, reject it as “Sender is not the member's account”.",
  );
  const amount = within(dialog).getByLabelText(/Amount on the slip/);
  expect(amount).toHaveValue('500.00');
  await userEvent.clear(amount);
  await userEvent.type(amount, '520.50');
  await userEvent.type(within(dialog).getByLabelText(/Bank reference on the slip/), 'KB-998877');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
  const question = await screen.findByRole('alertdialog');
  expect(question).toHaveTextContent('Credit 520.50 THB to 081000001 under bank reference KB-998877?');
  expect(approve).not.toHaveBeenCalled();
  await userEvent.click(within(question).getByRole('button', { name: 'Approve' }));
  await waitFor(() => expect(screen.queryByTestId('slip-1')).not.toBeInTheDocument());
  expect(approve).toHaveBeenCalledWith('1', { amount: 52050, slipRef: 'KB-998877' });
  expect(screen.getByTestId('slip-2')).toBeInTheDocument();
  expect(toasts.events).toContainEqual({ kind: 'success', message: '520.50 THB credited to 081000001.' });
  toasts.stop();
});

test('approving checks the reference before anything is asked or sent', async () => {
  jest.spyOn(queuesApi, 'slips').mockResolvedValue([slip('1')]);
  const approve = jest.spyOn(queuesApi, 'approveSlip');
  render(<SlipsScreen operator={operator('admin')} />);
  await userEvent.click(within(await rowOf('1')).getByRole('button', { name: /Approve/ }));
  const dialog = await screen.findByTestId('slip-approve');
  await userEvent.type(within(dialog).getByLabelText(/Bank reference/), 'ab 1');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
  expect(
    await within(dialog).findByText(/6 to 40 letters, digits or dashes\./, { selector: '[role="alert"]' }),
  ).toBeInTheDocument();
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(approve).not.toHaveBeenCalled();
});

test('an approval the server turns into a duplicate says nothing was credited', async () => {
  jest.spyOn(queuesApi, 'slips').mockResolvedValue([slip('1', { slipRef: 'DUP-123456' })]);
  jest.spyOn(queuesApi, 'approveSlip').mockResolvedValue({
    id: '1',
    status: 'FAILED',
    note: 'SLIP_REFNO_DUPLICATED',
    amount: 50000,
    slipRef: 'DUP-123456',
  });
  const toasts = record('toast');
  render(<SlipsScreen operator={operator('finance')} />);
  await userEvent.click(within(await rowOf('1')).getByRole('button', { name: /Approve/ }));
  const dialog = await screen.findByTestId('slip-approve');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
  await userEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }),
  );
  await waitFor(() => expect(screen.queryByTestId('slip-1')).not.toBeInTheDocument());
  expect(toasts.events).toContainEqual({
    kind: 'warning',
    message:
      'Reference DUP-123456 was credited already: the slip is marked duplicate and nothing was credited.',
  });
  toasts.stop();
});

test('reject sends the chosen reason and shows what the member will read', async () => {
  jest.spyOn(queuesApi, 'slips').mockResolvedValue([slip('1')]);
  const reject = jest
    .spyOn(queuesApi, 'rejectSlip')
    .mockResolvedValue({ id: '1', status: 'FAILED', note: 'EXPIRED_SLIP', amount: 50000, slipRef: null });
  const toasts = record('toast');
  render(<SlipsScreen operator={operator('finance')} />);
  await userEvent.click(within(await rowOf('1')).getByRole('button', { name: 'Reject for 081000001' }));
  const dialog = await screen.findByTestId('slip-reject');
  expect(dialog).toHaveTextContent('registered account: KBANK 123-456-7891 · SOMCHAI JAIDEE.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(within(dialog).getByText('Choose the reason the member will see.')).toBeInTheDocument();
  expect(reject).not.toHaveBeenCalled();
  await userEvent.selectOptions(within(dialog).getByLabelText(/Reason/), 'Slip too old');
  expect(dialog).toHaveTextContent('The member will read: “The slip has expired.”');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  await waitFor(() => expect(screen.queryByTestId('slip-1')).not.toBeInTheDocument());
  expect(reject).toHaveBeenCalledWith('1', 'EXPIRED_SLIP');
  expect(toasts.events).toContainEqual({ kind: 'success', message: 'The slip of 081000001 was rejected.' });
  toasts.stop();
});

test('support sees the queue read-only: no approve or reject, and a note saying why', async () => {
  jest.spyOn(queuesApi, 'slips').mockResolvedValue([slip('1')]);
  render(<SlipsScreen operator={operator('support')} />);
  const row = await rowOf('1');
  expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();
  expect(screen.getByRole('note')).toHaveTextContent('can see this queue but not decide');
});

test("a slip settled meanwhile: the refusal says so in the operator's words and the row stays", async () => {
  jest.spyOn(queuesApi, 'slips').mockResolvedValue([slip('1')]);
  jest
    .spyOn(queuesApi, 'rejectSlip')
    .mockRejectedValue(
      new ApiError(
        'KEY_INVALID',
        400,
        translateErrorCode('KEY_INVALID'),
        undefined,
        undefined,
        'the slip is SUCCESS already',
      ),
    );
  render(<SlipsScreen operator={operator('admin')} />);
  await userEvent.click(within(await rowOf('1')).getByRole('button', { name: /Reject/ }));
  const dialog = await screen.findByTestId('slip-reject');
  await userEvent.selectOptions(within(dialog).getByLabelText(/Reason/), 'NOT_MATCH');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'This slip was settled already, by the verifier or another operator. Refresh the list. (the slip is SUCCESS already)',
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByTestId('slip-1')).toBeInTheDocument();
});

test("another refusal shows the ApiError's translated message and credits nothing on screen", async () => {
  jest.spyOn(queuesApi, 'slips').mockResolvedValue([slip('1', { slipRef: 'KB-123456' })]);
  const message = translateErrorCode('REQUEST_LIMIT');
  jest.spyOn(queuesApi, 'approveSlip').mockRejectedValue(new ApiError('REQUEST_LIMIT', 429, message));
  const toasts = record('toast');
  render(<SlipsScreen operator={operator('finance')} />);
  await userEvent.click(within(await rowOf('1')).getByRole('button', { name: /Approve/ }));
  const dialog = await screen.findByTestId('slip-approve');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
  await userEvent.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }),
  );
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  expect(message).not.toMatch(/REQUEST_LIMIT|^$/);
  expect(toasts.events.filter((e) => e.kind === 'success')).toEqual([]);
  expect(screen.getByTestId('slip-1')).toBeInTheDocument();
  toasts.stop();
});

test('the other statuses show the outcome and offer no decision', async () => {
  const list = jest.spyOn(queuesApi, 'slips').mockResolvedValue([]);
  render(<SlipsScreen operator={operator('finance')} />);
  expect(await screen.findByText('No slip is waiting for review.')).toBeInTheDocument();
  list.mockResolvedValue([slip('9', { status: 'FAILED', note: 'NOT_MATCH' })]);
  await userEvent.selectOptions(screen.getByLabelText('Show'), 'FAILED');
  const row = await rowOf('9');
  expect(list).toHaveBeenLastCalledWith('FAILED', 100);
  expect(row).toHaveTextContent("Sender is not the member's account");
  expect(within(row).queryByRole('button')).not.toBeInTheDocument();
});
