import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, setLocale } from '@wallet/shared';
import { statementApi, type StatementEntry, type StatementPage as Page } from './api';
import { StatementPage } from './statement-page';
import { beyondSchema } from '../../../tooling/jest-api-answers';
import { entry, minutesAgo, mockProfile, row, rows } from '../test-support/statement';

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

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
    // A type a later server may send.
    beyondSchema(
      entry({
        _id: '6',
        statementType: 'lottery' as StatementEntry['statementType'],
        amount: 1_200,
        createdAt: new Date(2026, 0, 5, 7, 8, 9).toISOString(),
      }),
    ),
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

test('a statement that fails to load is silent: no message, the placeholder rows go away', async () => {
  mockProfile();
  let fail: (error: Error) => void = () => undefined;
  jest.spyOn(statementApi, 'statement').mockReturnValue(new Promise((_, reject) => (fail = reject)));
  render(<StatementPage />);
  expect(await screen.findByTestId('skeleton-list')).toBeInTheDocument();
  await act(async () => fail(new Error('Network Error')));
  await waitFor(() => expect(screen.queryByTestId('skeleton-list')).not.toBeInTheDocument());
  expect(screen.queryByTestId('loader')).not.toBeInTheDocument();
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

/** One entry of the given type on the page; the row once it shows. */
describe('issue 9: the pager', () => {
  /** The pager's controls by their names, in order. */
  const controls = () =>
    within(screen.getByRole('navigation', { name: 'Pages' }))
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
  const click = (name: string) =>
    userEvent.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name }));

  test('23 pages: 3 pages before the current and 1 after, with the first and last, previous and next', async () => {
    mockProfile();
    const load = jest
      .spyOn(statementApi, 'statement')
      .mockImplementation(async (page: number): Promise<Page> => ({
        total: 225,
        statements: [entry({ _id: `p${page}`, amount: page * 100 })],
      }));
    render(<StatementPage />);
    expect(await screen.findByTestId('statement-amount')).toHaveTextContent('+1.00');
    expect(controls()).toEqual(['Previous page', 'Page 1', 'Page 2', 'Page 23', 'Next page']);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    // From the last page back to page 10, each time through a number the pager shows.
    for (const page of [23, 20, 17, 14, 11, 10]) {
      await click(`Page ${page}`);
      expect(load).toHaveBeenLastCalledWith(page, 10);
    }
    await waitFor(() => expect(screen.getByTestId('statement-amount')).toHaveTextContent('+10.00'));
    expect(controls()).toEqual([
      'Previous page',
      'Page 1',
      'Page 7',
      'Page 8',
      'Page 9',
      'Page 10',
      'Page 11',
      'Page 23',
      'Next page',
    ]);
    expect(screen.getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');

    await click('Next page');
    expect(load).toHaveBeenLastCalledWith(11, 10);
    await click('Previous page');
    expect(load).toHaveBeenLastCalledWith(10, 10);
    await click('Page 7');
    expect(load).toHaveBeenLastCalledWith(7, 10);
    await click('Page 1');
    expect(load).toHaveBeenLastCalledWith(1, 10);
    await click('Page 23');
    expect(load).toHaveBeenLastCalledWith(23, 10);
    expect(controls()).toEqual([
      'Previous page',
      'Page 1',
      'Page 20',
      'Page 21',
      'Page 22',
      'Page 23',
      'Next page',
    ]);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});

test('while the first page loads, placeholder rows stand in for the list (a busy region), then the entries', async () => {
  mockProfile();
  let answer: (page: Page) => void = () => undefined;
  jest.spyOn(statementApi, 'statement').mockReturnValue(new Promise<Page>((resolve) => (answer = resolve)));
  render(<StatementPage />);

  const skeleton = await screen.findByTestId('skeleton-list');
  expect(skeleton).toHaveAttribute('aria-busy', 'true');
  expect(within(skeleton).getAllByTestId('skeleton')).toHaveLength(5);
  expect(within(skeleton).getByRole('status')).toHaveTextContent('Loading…');
  expect(screen.queryByTestId('statement-list')).not.toBeInTheDocument();

  await act(async () => answer({ total: 1, statements: [entry({ _id: '1' })] }));
  expect(await screen.findAllByTestId('statement-entry')).toHaveLength(1);
  expect(screen.queryByTestId('skeleton-list')).not.toBeInTheDocument();
});
