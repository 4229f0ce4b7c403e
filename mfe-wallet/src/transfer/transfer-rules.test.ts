import { THB } from '../test-support/fixtures';
import { checkTransfer } from './transfer-rules';

test('both accounts must be chosen', () => {
  expect(checkTransfer({ from: '', to: 'PG', amountText: '10' }, THB)).toEqual({
    ok: false,
    problem: { key: 'transfer.errors.selectAccount' },
  });
  expect(checkTransfer({ from: 'wallet', to: '', amountText: '10' }, THB)).toMatchObject({ ok: false });
});

test('the accounts must differ', () => {
  expect(checkTransfer({ from: 'PG', to: 'PG', amountText: '10' }, THB)).toEqual({
    ok: false,
    problem: { key: 'transfer.errors.sameAccount' },
  });
});

test('at least 1 baht, parsed exactly into satang', () => {
  for (const amountText of ['', '0', '0.99', 'abc', '1.001']) {
    expect(checkTransfer({ from: 'wallet', to: 'PG', amountText }, THB)).toEqual({
      ok: false,
      problem: { key: 'transfer.errors.minAmount', min: 1 },
    });
  }
  expect(checkTransfer({ from: 'wallet', to: 'PG', amountText: '1' }, THB)).toEqual({
    ok: true,
    amount: 100,
  });
  expect(checkTransfer({ from: 'wallet', to: 'PG', amountText: '1,234.50' }, THB)).toEqual({
    ok: true,
    amount: 123450,
  });
});
