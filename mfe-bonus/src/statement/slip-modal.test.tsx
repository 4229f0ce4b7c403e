import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, setLocale } from '@wallet/shared';
import { statementApi, type Profile, type Slip } from './api';
import { StatementPage } from './statement-page';

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

function slip(overrides: Partial<Slip> & Pick<Slip, 'reference'>): Slip {
  return {
    createdAt: new Date(2026, 10, 24, 9, 30, 5).toISOString(),
    amount: 50_000,
    status: 'SUCCESS',
    note: null,
    link: `/api/slip-image/${overrides.reference}?exp=1&sig=old`,
    ...overrides,
  };
}

async function openSlips() {
  jest.spyOn(statementApi, 'profile').mockResolvedValue({ currency: 'THB' } as Profile);
  jest.spyOn(statementApi, 'statement').mockResolvedValue({ total: 0, statements: [] });
  render(<StatementPage />);
  await screen.findByText('No entries yet');
  await userEvent.click(screen.getByRole('button', { name: 'Uploaded slips' }));
  return screen.getByRole('dialog', { name: 'Uploaded slips' });
}

test('the slip window lists date, amount, status with the translated reason, and a view link', async () => {
  const load = jest.spyOn(statementApi, 'slips').mockResolvedValue({
    total: 3,
    slips: [
      slip({ reference: 'a', amount: 50_000, status: 'SUCCESS' }),
      slip({ reference: 'b', amount: 12_345, status: 'FAILED', note: 'EXPIRED_SLIP' }),
      slip({ reference: 'c', amount: 0, status: 'PROCESSING' }),
    ],
  });
  const dialog = await openSlips();
  const rows = await within(dialog).findAllByTestId('slip-row');
  expect(load).toHaveBeenCalledWith(1, 10);
  expect(within(dialog).getByRole('columnheader', { name: 'Amount (baht)' })).toBeInTheDocument();

  expect(within(rows[0]!).getByText('24/11/2026')).toBeInTheDocument();
  expect(within(rows[0]!).getByText('09:30:05')).toBeInTheDocument();
  expect(rows.map((r) => within(r).getByTestId('slip-amount').textContent)).toEqual([
    '500.00',
    '123.45',
    '0.00',
  ]);
  expect(rows.map((r) => within(r).getByTestId('slip-status').textContent)).toEqual([
    'Success',
    'Failed',
    'Processing',
  ]);
  expect(within(rows[2]!).getByTestId('slip-status')).toHaveClass('statement-status--pending');
  expect(within(rows[1]!).getByTestId('slip-reason')).toHaveTextContent('The slip has expired.');
  expect(within(rows[0]!).queryByTestId('slip-reason')).not.toBeInTheDocument();
  expect(
    within(rows[0]!).getByRole('link', { name: 'View the slip of 24/11/2026 09:30:05' }),
  ).toHaveAttribute('target', '_blank');
});

test('the reason reads in the member’s language, an unknown code falls back to contact support', async () => {
  jest.spyOn(statementApi, 'slips').mockResolvedValue({
    total: 2,
    slips: [
      slip({ reference: 'a', status: 'FAILED', note: 'DEST_ACC_INVALID' }),
      slip({ reference: 'b', status: 'FAILED', note: 'SOMETHING_NEW', amount: 0 }),
    ],
  });
  const dialog = await openSlips();
  const reasons = await within(dialog).findAllByTestId('slip-reason');
  expect(reasons.map((r) => r.textContent)).toEqual([
    'Wrong destination account.',
    'Unknown error. Please contact support.',
  ]);
  // A refused slip that credited nothing shows no amount rather than 0.00.
  expect(
    within(dialog)
      .getAllByTestId('slip-amount')
      .map((cell) => cell.textContent),
  ).toEqual(['500.00', '—']);
  await act(async () => setLocale('th'));
  expect(within(dialog).getAllByTestId('slip-reason')[0]).toHaveTextContent('บัญชีปลายทางไม่ถูกต้อง');
  await act(async () => setLocale('en'));
});

test('view opens a fresh link of that slip in a new tab', async () => {
  jest.spyOn(statementApi, 'slips').mockResolvedValue({ total: 1, slips: [slip({ reference: 'REF-1' })] });
  const fresh = jest
    .spyOn(statementApi, 'slipUrl')
    .mockResolvedValue({ url: '/api/slip-image/REF-1?exp=9&sig=new' });
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  const dialog = await openSlips();
  await userEvent.click(await within(dialog).findByRole('link', { name: /View the slip/ }));
  expect(fresh).toHaveBeenCalledWith('REF-1');
  await waitFor(() =>
    expect(open).toHaveBeenCalledWith(
      `${window.location.origin}/api/slip-image/REF-1?exp=9&sig=new`,
      '_blank',
      'noopener,noreferrer',
    ),
  );
});

test('slips that fail to load are silent, 10 a page, and the window follows wallet changes', async () => {
  const load = jest.spyOn(statementApi, 'slips').mockRejectedValueOnce(new Error('Network Error'));
  const dialog = await openSlips();
  await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(within(dialog).queryByTestId('loader')).not.toBeInTheDocument());
  expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  expect(within(dialog).queryByTestId('slip-table')).not.toBeInTheDocument();

  // A slip credited meanwhile: the wallet changes and the window reads the slips again.
  load.mockResolvedValue({
    total: 11,
    slips: [slip({ reference: 'x', status: 'SUCCESS', amount: 7_000 })],
  });
  act(() => bus.emit('wallet:changed', { reason: 'deposit' }));
  expect(await within(dialog).findByTestId('slip-amount')).toHaveTextContent('70.00');
  const pager = within(dialog).getByRole('navigation', { name: 'Pages' });
  await userEvent.click(within(pager).getByRole('button', { name: 'Page 2' }));
  expect(load).toHaveBeenLastCalledWith(2, 10);
});
