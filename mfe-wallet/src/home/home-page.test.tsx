import { act, render, screen } from '@testing-library/react';
import { bus, setLocale, walletApi, type WalletResponse } from '@wallet/shared';
import { HomePage } from './home-page';

function walletWith(name: string, amount: number): WalletResponse {
  return {
    profile: {
      _id: 'u1',
      username: '0812345678',
      name,
      createdAt: '2024-01-01T00:00:00.000Z',
      coin: 0,
      bankCode: 'SCB',
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1112223334',
    },
    bankAccount: {
      bankAccountName: 'SOMCHAI JAIDEE',
      bankAccountNo: '1112223334',
      bank: { code: 'SCB', nameTH: 'ไทยพาณิชย์', nameEN: 'SCB' },
    },
    wallet: { amount, currency: 'THB' },
    invite: { amount: 0, success: 0, fail: 0 },
    slots: [],
  };
}

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

test('shows the member name and the main wallet balance with 2 decimals', async () => {
  jest.spyOn(walletApi, 'wallet').mockResolvedValue(walletWith('Somchai Jaidee', 0));
  render(<HomePage />);
  expect(await screen.findByTestId('home-name')).toHaveTextContent('Somchai Jaidee');
  expect(screen.getByTestId('home-balance')).toHaveTextContent(/^0\.00$/);
  expect(screen.getByText('Main wallet balance')).toBeInTheDocument();
});

test('reloads when the wallet changes anywhere on the page', async () => {
  const wallet = jest
    .spyOn(walletApi, 'wallet')
    .mockResolvedValueOnce(walletWith('Somchai Jaidee', 0))
    .mockResolvedValueOnce(walletWith('Somchai Jaidee', 123456));
  render(<HomePage />);
  await screen.findByTestId('home-balance');
  act(() => bus.emit('wallet:changed', { reason: 'deposit' }));
  expect(await screen.findByText('1,234.56')).toHaveAttribute('data-testid', 'home-balance');
  expect(wallet).toHaveBeenCalledTimes(2);
});

test('a failed load says so', async () => {
  jest.spyOn(walletApi, 'wallet').mockRejectedValue(new Error('offline'));
  render(<HomePage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your wallet');
});
