import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, IDEMPOTENCY_HEADER, opsHttp, registerCatalogs, setLocale } from '@wallet/shared';
import { record } from '../../test-support/fixtures';
import { membersCatalogs } from '../catalogs';
import { membersApi, type OpsMember, type OpsMemberDetail } from './api';
import { OpsMembersScreen, type OperatorRole } from './members-screen';

const somchai: OpsMember = {
  id: 'm1',
  username: '0812345678',
  name: 'Somchai Jaidee',
  status: 'active',
  bankCode: 'SCB',
  bankAccountNo: '1112223334',
  currency: 'THB',
  createdAt: '2024-01-01T00:00:00.000Z',
};
const noi: OpsMember = {
  ...somchai,
  id: 'm2',
  username: '0819998888',
  name: 'Noi Kaewta',
  status: 'inactive',
  bankAccountNo: '5556667778',
};

function detail(main: number, overrides: Partial<OpsMemberDetail> = {}): OpsMemberDetail {
  return {
    member: somchai,
    balances: { main, 'game:PG': 2550, 'game:JOKER': 0 },
    recent: [
      { transactionId: '42', kind: 'deposit', amount: 100000, at: '2024-05-02T10:00:00.000Z' },
      { transactionId: '41', kind: 'withdraw', amount: -5000, at: '2024-05-01T09:00:00.000Z' },
    ],
    ...overrides,
  };
}

function renderScreen(role: OperatorRole = 'finance', path = '/ops/members') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <OpsMembersScreen operator={{ username: 'op.one', role }} />
    </MemoryRouter>,
  );
}

/** Types an adjustment, submits it and answers the confirmation; returns the dialog's text. */
async function adjust(direction: 'Credit' | 'Debit', amount: string, reason: string, accept = true) {
  const form = screen.getByTestId('wmem-adjust');
  await userEvent.click(within(form).getByRole('radio', { name: new RegExp(`^${direction}`) }));
  const amountBox = within(form).getByLabelText(/^Amount \(baht\)/);
  await userEvent.clear(amountBox);
  await userEvent.type(amountBox, amount);
  const reasonBox = within(form).getByLabelText(/^Reason/);
  await userEvent.clear(reasonBox);
  await userEvent.type(reasonBox, reason);
  await userEvent.click(within(form).getByRole('button', { name: new RegExp(`^${direction} the wallet`) }));
  const dialog = await screen.findByRole('alertdialog');
  const text = dialog.textContent ?? '';
  await userEvent.click(
    within(dialog).getByRole('button', { name: accept ? new RegExp(`^${direction} `) : 'Cancel' }),
  );
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  return text;
}

beforeAll(async () => {
  await registerCatalogs(membersCatalogs);
  await setLocale('en');
});
afterEach(() => {
  jest.restoreAllMocks();
  document.querySelectorAll('.wl-detached-dialog').forEach((node) => node.remove());
});

test('search: Enter looks up the typed words and lists the members found', async () => {
  const search = jest.spyOn(membersApi, 'search').mockResolvedValue([somchai, noi]);
  renderScreen();
  await userEvent.type(screen.getByLabelText(/^Phone, name or bank account/), '0812{Enter}');
  const list = await screen.findByTestId('wmem-results');
  expect(search).toHaveBeenCalledWith('0812');
  const links = within(list).getAllByRole('link');
  expect(links).toHaveLength(2);
  expect(links[0]).toHaveTextContent('Somchai Jaidee');
  expect(links[0]).toHaveTextContent('0812345678 · SCB 111-222-3334');
  expect(links[1]).toHaveTextContent('Inactive');
  expect(screen.getByText(/Members found: 2/)).toBeInTheDocument();
});

test('search: too short a query is refused on the spot, nothing found says so', async () => {
  const search = jest.spyOn(membersApi, 'search').mockResolvedValue([]);
  renderScreen();
  const box = screen.getByLabelText(/^Phone, name or bank account/);
  await userEvent.type(box, '0{Enter}');
  expect(screen.getByText('Type at least 2 characters.')).toBeInTheDocument();
  expect(search).not.toHaveBeenCalled();
  await userEvent.type(box, 'zz{Enter}');
  expect(await screen.findByText('No member matches “0zz”.')).toBeInTheDocument();
  expect(search).toHaveBeenCalledWith('0zz');
});

test('opening a member shows the profile, the main and game balances and the recent movements', async () => {
  jest.spyOn(membersApi, 'search').mockResolvedValue([somchai]);
  const member = jest.spyOn(membersApi, 'member').mockResolvedValue(detail(150000));
  renderScreen('support');
  await userEvent.type(screen.getByLabelText(/^Phone, name or bank account/), 'Somchai{Enter}');
  await userEvent.click(await screen.findByRole('link', { name: /Somchai Jaidee/ }));

  expect(await screen.findByTestId('wmem-main-balance')).toHaveTextContent(/^1,500\.00$/);
  expect(member).toHaveBeenCalledWith('m1');
  expect(screen.getByRole('heading', { name: 'Somchai Jaidee' })).toHaveFocus();
  const profile = screen.getByTestId('wmem-profile');
  expect(profile).toHaveTextContent('0812345678');
  expect(profile).toHaveTextContent('SCB 111-222-3334');
  expect(profile).toHaveTextContent('Active');
  const games = within(screen.getByTestId('wmem-games')).getAllByRole('listitem');
  expect(games.map((g) => g.textContent)).toEqual(['JOKER0.00', 'PG25.50']);
  const rows = within(screen.getByTestId('wmem-statement')).getAllByRole('row').slice(1);
  expect(rows[0]).toHaveTextContent('Deposit');
  expect(rows[0]).toHaveTextContent('+1,000.00');
  expect(rows[1]).toHaveTextContent('Withdrawal');
  expect(rows[1]).toHaveTextContent('-50.00');
  // The selected member is marked in the list.
  expect(screen.getByRole('link', { name: /Somchai Jaidee/ })).toHaveAttribute('aria-current', 'true');
});

test('support sees the member read-only: no adjustment form', async () => {
  jest.spyOn(membersApi, 'member').mockResolvedValue(detail(150000));
  const call = jest.spyOn(membersApi, 'adjust');
  renderScreen('support', '/ops/members/m1');
  expect(await screen.findByTestId('wmem-main-balance')).toHaveTextContent('1,500.00');
  expect(screen.queryByTestId('wmem-adjust')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /the wallet/ })).not.toBeInTheDocument();
  expect(screen.getByText(/can look at members but not adjust/)).toBeInTheDocument();
  expect(call).not.toHaveBeenCalled();
});

test('finance credits: satang, the reason and a key are sent after a confirmation; a toast, then the wallet read again', async () => {
  const member = jest
    .spyOn(membersApi, 'member')
    .mockResolvedValueOnce(detail(150000))
    .mockResolvedValueOnce(
      detail(175050, {
        recent: [
          { transactionId: '43', kind: 'adjustment', amount: 25050, at: '2024-05-03T10:00:00.000Z' },
          ...detail(0).recent,
        ],
      }),
    );
  const call = jest
    .spyOn(membersApi, 'adjust')
    .mockResolvedValue({ transactionId: '43', duplicate: false, balance: 175050 });
  const toasts = record('toast');
  renderScreen('finance', '/ops/members/m1');
  await screen.findByTestId('wmem-main-balance');

  const question = await adjust('Credit', '250.50', 'Goodwill gesture');
  expect(question).toContain('Add 250.50 baht to the wallet of Somchai Jaidee (0812345678).');
  expect(question).toContain('Reason: Goodwill gesture');

  await waitFor(() => expect(screen.getByTestId('wmem-main-balance')).toHaveTextContent('1,750.50'));
  expect(call).toHaveBeenCalledTimes(1);
  expect(call).toHaveBeenCalledWith(
    'm1',
    { amount: 25050, reason: 'Goodwill gesture' },
    expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
  );
  expect(member).toHaveBeenCalledTimes(2);
  expect(toasts.events).toEqual([
    { kind: 'success', message: '250.50 baht credited to 0812345678. New balance: 1,750.50 baht.' },
  ]);
  expect(within(screen.getByTestId('wmem-statement')).getByText('Manual adjustment')).toBeInTheDocument();
  // The form is empty for the next one, which starts at the amount.
  expect(screen.getByLabelText(/^Amount \(baht\)/)).toHaveValue('');
  await waitFor(() => expect(screen.getByLabelText(/^Amount \(baht\)/)).toHaveFocus());
  toasts.stop();
});

test('cancelling the confirmation sends nothing', async () => {
  jest.spyOn(membersApi, 'member').mockResolvedValue(detail(150000));
  const call = jest.spyOn(membersApi, 'adjust');
  renderScreen('admin', '/ops/members/m1');
  await screen.findByTestId('wmem-main-balance');
  await adjust('Debit', '10', 'Wrong deposit', false);
  expect(call).not.toHaveBeenCalled();
});

test('a retry after a network error sends the same key; the next adjustment gets a new one', async () => {
  jest.spyOn(membersApi, 'member').mockResolvedValue(detail(150000));
  const call = jest
    .spyOn(membersApi, 'adjust')
    .mockRejectedValueOnce(new ApiError('NETWORK_ERROR', null, 'Cannot connect.'))
    .mockResolvedValue({ transactionId: '43', duplicate: false, balance: 140000 });
  renderScreen('finance', '/ops/members/m1');
  await screen.findByTestId('wmem-main-balance');

  await adjust('Debit', '100', 'Duplicate deposit');
  const failure = await screen.findByTestId('wmem-adjust-error');
  expect(failure).toHaveTextContent('Cannot connect.');
  expect(failure).toHaveTextContent('it will not be applied twice');
  // The form kept what was typed: the operator sends it again as it is.
  expect(screen.getByLabelText(/^Amount \(baht\)/)).toHaveValue('100');

  await adjust('Debit', '100', 'Duplicate deposit');
  await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
  const [first, second] = call.mock.calls;
  expect(first?.[1]).toEqual({ amount: -10000, reason: 'Duplicate deposit' });
  expect(second?.[1]).toEqual({ amount: -10000, reason: 'Duplicate deposit' });
  expect(second?.[2]).toBe(first?.[2]);

  await waitFor(() => expect(screen.queryByTestId('wmem-adjust-error')).not.toBeInTheDocument());
  await adjust('Debit', '100', 'Duplicate deposit');
  await waitFor(() => expect(call).toHaveBeenCalledTimes(3));
  expect(call.mock.calls[2]?.[2]).not.toBe(first?.[2]);
});

test('a debit the wallet cannot cover is refused: the translated reason, nothing changes', async () => {
  const member = jest.spyOn(membersApi, 'member').mockResolvedValue(detail(150000));
  const call = jest
    .spyOn(membersApi, 'adjust')
    .mockRejectedValue(new ApiError('MONEY_NOT_ENOUGH', 400, 'Your balance is not enough.'));
  const toasts = record('toast');
  renderScreen('finance', '/ops/members/m1');
  await screen.findByTestId('wmem-main-balance');

  await adjust('Debit', '5,000', 'Chargeback');
  expect(await screen.findByTestId('wmem-adjust-error')).toHaveTextContent(
    "The member's wallet holds less than this debit. Nothing was changed.",
  );
  expect(screen.getByTestId('wmem-adjust-error')).not.toHaveTextContent('will not be applied twice');
  expect(call).toHaveBeenCalledWith('m1', { amount: -500000, reason: 'Chargeback' }, expect.any(String));
  expect(screen.getByTestId('wmem-main-balance')).toHaveTextContent('1,500.00');
  expect(member).toHaveBeenCalledTimes(1);
  expect(toasts.events).toEqual([]);
  toasts.stop();
});

test('the form checks the amount and the reason before asking', async () => {
  jest.spyOn(membersApi, 'member').mockResolvedValue(detail(150000));
  const call = jest.spyOn(membersApi, 'adjust');
  renderScreen('finance', '/ops/members/m1');
  await screen.findByTestId('wmem-main-balance');
  const form = screen.getByTestId('wmem-adjust');
  await userEvent.type(within(form).getByLabelText(/^Amount \(baht\)/), '1.005');
  await userEvent.click(within(form).getByRole('button', { name: /^Credit the wallet/ }));
  expect(within(form).getByText(/Enter an amount above 0 in baht/)).toBeInTheDocument();
  expect(within(form).getByText('Enter a reason.')).toBeInTheDocument();
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  expect(call).not.toHaveBeenCalled();
});

test('a kip wallet takes whole kip', async () => {
  const lao = { ...somchai, currency: 'LAK' };
  jest.spyOn(membersApi, 'member').mockResolvedValue({ ...detail(1_500_000), member: lao });
  const call = jest
    .spyOn(membersApi, 'adjust')
    .mockResolvedValue({ transactionId: '43', duplicate: false, balance: 1_650_000 });
  renderScreen('finance', '/ops/members/m1');
  expect(await screen.findByTestId('wmem-main-balance')).toHaveTextContent(/^1,500,000$/);
  const form = screen.getByTestId('wmem-adjust');
  const amountBox = within(form).getByLabelText(/^Amount \(kip\)/);
  await userEvent.type(amountBox, '150000');
  await userEvent.type(within(form).getByLabelText(/^Reason/), 'Promotion');
  await userEvent.click(within(form).getByRole('button', { name: /^Credit the wallet/ }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Add 150,000 kip to the wallet of Somchai Jaidee');
  await userEvent.click(within(dialog).getByRole('button', { name: /^Credit 150,000 kip/ }));
  await waitFor(() => expect(call).toHaveBeenCalled());
  expect(call.mock.calls[0]?.[1]).toEqual({ amount: 150000, reason: 'Promotion' });
});

test('an unknown member says so', async () => {
  jest.spyOn(membersApi, 'member').mockRejectedValue(new ApiError('NO_USER', 404, 'No account…'));
  renderScreen('admin', '/ops/members/nobody');
  expect(await screen.findByRole('alert')).toHaveTextContent('This member was not found.');
});

test('the adjustment call carries its Idempotency-Key header', async () => {
  const post = jest
    .spyOn(opsHttp, 'post')
    .mockResolvedValue({ transactionId: '1', duplicate: false, balance: 0 });
  await membersApi.adjust('m/1', { amount: -100, reason: 'Fix' }, 'key-12345678');
  expect(post).toHaveBeenCalledWith(
    '/api/ops/members/m%2F1/adjust',
    { amount: -100, reason: 'Fix' },
    { [IDEMPOTENCY_HEADER]: 'key-12345678' },
  );
});
