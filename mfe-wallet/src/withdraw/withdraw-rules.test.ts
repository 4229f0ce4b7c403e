import { THB } from '../test-support/fixtures';
import { checkWithdraw } from './withdraw-rules';

const limits = { withdrawMin: 10000, withdrawMax: 5000000 };

test('below withdrawMin (or unreadable) gives the min message with the limit', () => {
  for (const text of ['', 'x', '0', '99.99']) {
    expect(checkWithdraw(text, limits, THB)).toEqual({
      ok: false,
      problem: { key: 'withdraw.errors.minAmount', limit: 10000 },
    });
  }
});

test('above withdrawMax gives the max message', () => {
  expect(checkWithdraw('50000.01', limits, THB)).toEqual({
    ok: false,
    problem: { key: 'withdraw.errors.maxAmount', limit: 5000000 },
  });
});

test('the limits themselves are allowed', () => {
  expect(checkWithdraw('100', limits, THB)).toEqual({ ok: true, amount: 10000 });
  expect(checkWithdraw('50,000', limits, THB)).toEqual({ ok: true, amount: 5000000 });
});
