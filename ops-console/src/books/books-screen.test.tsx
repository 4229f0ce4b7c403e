import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { App } from '../app';
import type { BooksCheck, Jobs } from '../api';
import { dialog, signedInAs, startServer } from '../../test/console';
import { type FakeServer, ok } from '../../test/fake-server';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn().mockRejectedValue(new Error('not exposed')),
}));

const BALANCED: BooksCheck = {
  trialBalance: { THB: 0 },
  accountsOff: 0,
  transactionsOff: 0,
  pendingTransfers: 2,
  pendingWithdrawals: 1,
};

const NO_JOBS: Jobs = { engine: 'graphile-worker', counts: [], dead: [] };
const DEAD_PAYOUT: Jobs = {
  engine: 'graphile-worker',
  counts: [
    { queue: 'operation.reconcile', state: 'scheduled', count: 4 },
    { queue: 'payout.settle', state: 'retrying', count: 1 },
    { queue: 'payout.settle', state: 'dead', count: 1 },
  ],
  dead: [
    {
      id: '812',
      queue: 'payout.settle',
      key: 'payout:w-123',
      attempts: 25,
      lastError: 'bank answered 503',
      failedAt: '2026-11-30T08:15:00.000Z',
    },
  ],
};

let server: FakeServer;

beforeAll(async () => {
  await setLocale('en');
});

beforeEach(() => {
  server = startServer();
  server.on('GET /api/ops/jobs', ok(NO_JOBS));
});

const fact = (term: string) => screen.getByText(term).nextElementSibling?.textContent;

test('the books check is read as the screen opens: balanced, with what is still pending', async () => {
  signedInAs(server, 'finance', '/ops/books');
  server.on('GET /api/ops/ledger/check', ok(BALANCED));
  render(<App />);
  expect(await screen.findByText(/^The books balance/)).toBeInTheDocument();
  expect(fact('Sum of all balances, THB')).toBe('0.00 THB');
  expect(fact('Game transfers still pending')).toBe('2');
  expect(fact('Withdrawals still being paid out')).toBe('1');
});

test('books that do not balance say so, with the amount and what is off', async () => {
  signedInAs(server, 'admin', '/ops/books');
  server.on(
    'GET /api/ops/ledger/check',
    ok({ ...BALANCED, trialBalance: { THB: 150, LAK: 0 }, transactionsOff: 1 }),
  );
  render(<App />);
  expect(await screen.findByText(/^The books do not balance/)).toBeInTheDocument();
  expect(fact('Sum of all balances, THB')).toBe('1.50 THB');
  expect(fact('Sum of all balances, LAK')).toBe('0.00 LAK');
  expect(fact('Transactions that do not sum to zero')).toBe('1');
});

test('reconciling asks first, runs once, says what it settled and checks the books again', async () => {
  signedInAs(server, 'finance', '/ops/books');
  server
    .on('GET /api/ops/ledger/check', ok(BALANCED))
    .on(
      'POST /api/ops/reconcile',
      ok({ operations: { advanced: 3, pending: 0 }, payouts: { settled: 1, pending: 2 } }),
    );
  const user = userEvent.setup();
  render(<App />);
  await screen.findByText(/^The books balance/);

  await user.click(screen.getByRole('button', { name: 'Reconcile' }));
  await user.click(within(await dialog('Reconcile now')).getByRole('button', { name: 'Cancel' }));
  expect(server.callsTo('POST /api/ops/reconcile')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Reconcile' }));
  await user.click(within(await dialog('Reconcile now')).getByRole('button', { name: 'Reconcile' }));
  expect(
    await screen.findByText(
      'Done: 3 operations settled (0 still pending), 1 payouts settled (2 still pending).',
    ),
  ).toBeInTheDocument();
  const posts = server.callsTo('POST /api/ops/reconcile');
  expect(posts).toHaveLength(1);
  expect(posts[0]?.headers['X-Requested-With']).toBe('ops-console');
  expect(server.callsTo('GET /api/ops/ledger/check')).toHaveLength(2);
});

test('a support operator cannot open the books; nothing is asked', async () => {
  signedInAs(server, 'support', '/ops/books');
  render(<App />);
  expect(await screen.findByRole('heading', { name: 'Not available for your role' })).toBeInTheDocument();
  expect(server.callsTo('GET /api/ops/ledger/check')).toHaveLength(0);
});

test('the background jobs: counts per queue and the dead ones with their last error; finance reads, cannot retry', async () => {
  signedInAs(server, 'finance', '/ops/books');
  server.on('GET /api/ops/ledger/check', ok(BALANCED)).on('GET /api/ops/jobs', ok(DEAD_PAYOUT));
  render(<App />);
  expect(await screen.findByText(/^1 dead job: it used every attempt/)).toBeInTheDocument();
  const counts = screen.getByTestId('ops-jobs-counts');
  const payoutRow = within(counts).getByText('payout.settle').closest('tr')!;
  expect(within(payoutRow).getByText('1', { selector: '[data-label="Dead"]' })).toBeInTheDocument();
  const reconcileRow = within(counts).getByText('operation.reconcile').closest('tr')!;
  expect(within(reconcileRow).getByText('4', { selector: '[data-label="Scheduled"]' })).toBeInTheDocument();
  const dead = screen.getByTestId('ops-jobs-dead');
  expect(within(dead).getByText('bank answered 503')).toBeInTheDocument();
  expect(within(dead).getByText('payout:w-123')).toBeInTheDocument();
  expect(within(dead).queryByRole('button', { name: 'Run again' })).toBeNull();
});

test('an admin runs a dead job again after confirming; the jobs are read again', async () => {
  signedInAs(server, 'admin', '/ops/books');
  let dead = true;
  server
    .on('GET /api/ops/ledger/check', ok(BALANCED))
    .on('GET /api/ops/jobs', () => ok(dead ? DEAD_PAYOUT : NO_JOBS))
    .on('POST /api/ops/jobs/812/retry', () => {
      dead = false;
      return ok({ id: '812', retried: true });
    });
  const user = userEvent.setup();
  render(<App />);
  await screen.findByText(/^1 dead job/);
  await user.click(screen.getByRole('button', { name: 'Run again' }));
  await user.click(within(await dialog('Run the dead job again')).getByRole('button', { name: 'Run again' }));
  expect(await screen.findByText(/^No dead jobs/)).toBeInTheDocument();
  expect(server.callsTo('POST /api/ops/jobs/812/retry')).toHaveLength(1);
  expect(server.callsTo('GET /api/ops/jobs')).toHaveLength(2);
});
