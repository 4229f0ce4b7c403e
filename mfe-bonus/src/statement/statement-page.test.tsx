import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, setLocale } from '@wallet/shared';
import { statementApi, type Profile, type StatementEntry, type StatementPage as Page } from './api';
import { StatementPage } from './statement-page';

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function entry(overrides: Partial<StatementEntry> & Pick<StatementEntry, '_id'>): StatementEntry {
  return {
    statementType: 'deposit',
    from: 'SCB',
    to: 'wallet',
    status: 'SUCCESS',
    amount: 15_000,
    createdAt: minutesAgo(5),
    ...overrides,
  };
}

function profile(currency: 'THB' | 'LAK' = 'THB'): Profile {
  return { currency } as Profile;
}

function mockProfile(currency: 'THB' | 'LAK' = 'THB') {
  return jest.spyOn(statementApi, 'profile').mockResolvedValue(profile(currency));
}

const rows = () => screen.getAllByTestId('statement-entry');
const row = (index: number) => within(rows()[index]!);

test('each entry shows its icon, activity, status, date, time-ago and the amount signed by its type', async () => {
  mockProfile();
  const statements = [
    entry({ _id: '1', statementType: 'deposit', from: 'SCB', amount: 15_000, createdAt: minutesAgo(5) }),
    entry({
      _id: '2',
      statementType: 'bonus',
      from: 'invite',
      amount: 5_000,
      invite: { description: 'invite bonus (2)' },
    }),
    entry({
      _id: '3',
      statementType: 'withdraw',
      from: 'wallet',
      to: 'KBANK',
      status: 'PENDING',
      amount: 20_000,
    }),
    entry({
      _id: '4',
      statementType: 'transfer',
      from: 'wallet',
      to: 'PG',
      status: 'FAILED',
      amount: 10_000,
    }),
    entry({ _id: '5', statementType: 'finish_bonus', amount: 3_000, bonus: { description: 'Welcome 100%' } }),
    entry({
      _id: '6',
      statementType: 'lottery' as StatementEntry['statementType'],
      amount: 1_200,
      createdAt: new Date(2026, 0, 5, 7, 8, 9).toISOString(),
    }),
  ];
  jest.spyOn(statementApi, 'statement').mockResolvedValue({ total: 6, statements });
  render(<StatementPage />);

  expect(await screen.findAllByTestId('statement-entry')).toHaveLength(6);
  expect(screen.getByRole('heading', { name: 'Statement' })).toBeInTheDocument();
  expect(screen.getByText('Amounts in baht')).toBeInTheDocument();

  expect(rows().map((r) => within(r).getByTestId('statement-amount').textContent)).toEqual([
    '+150.00',
    '+50.00',
    '-200.00',
    '100.00',
    '30.00',
    '12.00',
  ]);
  expect(rows().map((r) => within(r).getByTestId('statement-activity').textContent)).toEqual([
    'Deposit',
    'Invite-a-friend bonus',
    'Withdrawal',
    'Transfer',
    'Bonus finished',
    'Other entry',
  ]);
  expect(rows().map((r) => within(r).getByTestId('statement-status').textContent)).toEqual([
    'Success',
    'Success',
    'Pending',
    'Failed',
    'Success',
    'Success',
  ]);
  expect(row(2).getByTestId('statement-status')).toHaveClass('statement-status--pending');
  expect(row(3).getByTestId('statement-status')).toHaveClass('statement-status--failed');

  // Where the money went, and the related item's description.
  expect(row(0).getByTestId('statement-detail')).toHaveTextContent('SCB → Main wallet');
  expect(row(1).getByTestId('statement-detail')).toHaveTextContent('invite bonus (2)');
  expect(row(2).getByTestId('statement-detail')).toHaveTextContent('Main wallet → KBANK');
  expect(row(3).getByTestId('statement-detail')).toHaveTextContent('Main wallet → PG');
  expect(row(4).getByTestId('statement-detail')).toHaveTextContent('Welcome 100%');

  // An unknown type shows the question icon, and only it speaks.
  expect(row(5).getByRole('img', { name: 'Unknown entry type' })).toBeInTheDocument();
  expect(row(0).queryByRole('img')).not.toBeInTheDocument();

  // Date as DD/MM/YYYY HH:mm:ss and the time since.
  expect(row(5).getByTestId('statement-date')).toHaveTextContent('05/01/2026 07:08:09');
  expect(row(0).getByTestId('statement-ago')).toHaveTextContent('5 minutes ago');
  expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
});

test('a kip member reads whole kip', async () => {
  mockProfile('LAK');
  jest.spyOn(statementApi, 'statement').mockResolvedValue({
    total: 1,
    statements: [entry({ _id: '1', statementType: 'withdraw', amount: 1_500_000 })],
  });
  render(<StatementPage />);
  expect(await screen.findByTestId('statement-amount')).toHaveTextContent('-1,500,000');
  expect(screen.getByText('Amounts in kip')).toBeInTheDocument();
});

test('pages of 10: another page is asked for and shown', async () => {
  mockProfile();
  const load = jest
    .spyOn(statementApi, 'statement')
    .mockImplementation(async (page: number): Promise<Page> => ({
      total: 25,
      statements: [entry({ _id: `p${page}`, amount: page * 100 })],
    }));
  render(<StatementPage />);
  expect(await screen.findByTestId('statement-amount')).toHaveTextContent('+1.00');
  expect(load).toHaveBeenLastCalledWith(1, 10);

  const pager = screen.getByRole('navigation', { name: 'Pages' });
  expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
  await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(screen.getByTestId('statement-amount')).toHaveTextContent('+2.00'));
  expect(load).toHaveBeenLastCalledWith(2, 10);
  expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
});

test('a statement that fails to load is silent: no message, the loader goes away', async () => {
  mockProfile();
  let fail: (error: Error) => void = () => undefined;
  jest.spyOn(statementApi, 'statement').mockReturnValue(new Promise((_, reject) => (fail = reject)));
  render(<StatementPage />);
  expect(await screen.findByTestId('loader')).toBeInTheDocument();
  await act(async () => fail(new Error('Network Error')));
  await waitFor(() => expect(screen.queryByTestId('loader')).not.toBeInTheDocument());
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.queryByText('No entries yet')).not.toBeInTheDocument();
  expect(screen.queryByTestId('statement-entry')).not.toBeInTheDocument();
});

test('an empty statement says so', async () => {
  mockProfile();
  jest.spyOn(statementApi, 'statement').mockResolvedValue({ total: 0, statements: [] });
  render(<StatementPage />);
  expect(await screen.findByText('No entries yet')).toBeInTheDocument();
});

test('live: when the wallet changes, the current page is read again and a settled withdrawal shows success', async () => {
  mockProfile();
  let status: StatementEntry['status'] = 'PENDING';
  const load = jest
    .spyOn(statementApi, 'statement')
    .mockImplementation(async (page: number): Promise<Page> => ({
      total: 12,
      statements: [entry({ _id: `w${page}`, statementType: 'withdraw', status, amount: 50_000 })],
    }));
  render(<StatementPage />);
  await screen.findByTestId('statement-entry');
  await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  await waitFor(() => expect(load).toHaveBeenLastCalledWith(2, 10));
  expect(await screen.findByText('Pending')).toBeInTheDocument();
  const calls = load.mock.calls.length;

  // The payout settles: the server pushes wallet:changed; nobody clicks.
  status = 'SUCCESS';
  act(() => bus.emit('wallet:changed', { reason: 'withdraw' }));
  expect(await screen.findByText('Success')).toBeInTheDocument();
  expect(screen.queryByText('Pending')).not.toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(calls + 1);
  expect(load).toHaveBeenLastCalledWith(2, 10);
  // A quiet reload: the page never showed the loader for it.
  expect(screen.queryByTestId('loader')).not.toBeInTheDocument();
});

test('after leaving the page, wallet changes no longer read the statement', async () => {
  mockProfile();
  const load = jest.spyOn(statementApi, 'statement').mockResolvedValue({ total: 0, statements: [] });
  const { unmount } = render(<StatementPage />);
  await screen.findByText('No entries yet');
  unmount();
  act(() => bus.emit('wallet:changed', { reason: 'deposit' }));
  expect(load).toHaveBeenCalledTimes(1);
});
