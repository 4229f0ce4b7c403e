import { render, screen } from '@testing-library/react';
import { setLocale } from '@wallet/shared';
import { problemsSoFar } from '../../../tooling/jest-api-answers';
import { THB } from '../test-support/fixtures';
import { refundApi, type RefundCheck } from './api';
import { RefundModal } from './refund-modal';

/**
 * The check after every front-end test (tooling/jest-api-answers.js) refuses a mocked answer the server cannot
 * give. The example is the refund window's old mock: it held the cashback waiting for the move in `balance`, a
 * field the refund check does not have (it is `receivedAmount`), so the window was tested against a state the
 * server never produces, and cashback never reached the wallet.
 */

beforeAll(() => setLocale('en'));
afterEach(() => jest.restoreAllMocks());

const oldMock = {
  result: true,
  bonus: false,
  info: '<p>5% of net losses each week</p>',
  refundAmount: 12000,
  refundSuccess: 2,
  refundFail: 1,
  balance: 0,
  period: { from: '2026-11-16', to: '2026-11-22' },
};

test('the old refund mock is an answer the server cannot give, and the test using it fails', async () => {
  jest.spyOn(refundApi, 'list').mockResolvedValue({ refunds: [], total: 0 });
  jest.spyOn(refundApi, 'check').mockResolvedValue(oldMock as unknown as RefundCheck);
  render(<RefundModal open format={THB} onClose={jest.fn()} />);
  await screen.findByTestId('refund-receive');

  const problems = await problemsSoFar();
  expect(problems).toEqual([
    expect.stringContaining(
      'refundApi.check (GET /api/refund/check) resolved to an answer the server cannot give',
    ),
  ]);
  expect(problems[0]).toContain("must have required property 'receivedAmount'");
  expect(problems[0]).toContain("must NOT have additional properties: 'balance'");
  // Put back before the check after this test runs: it would fail this test with the same lines.
  jest.restoreAllMocks();
});

test('the same window with an answer the server gives passes the check', async () => {
  const { balance: _dropped, ...rest } = oldMock;
  jest.spyOn(refundApi, 'list').mockResolvedValue({ refunds: [], total: 0 });
  jest.spyOn(refundApi, 'check').mockResolvedValue({ ...rest, receivedAmount: 0 });
  render(<RefundModal open format={THB} onClose={jest.fn()} />);
  await screen.findByTestId('refund-receive');
  expect(await problemsSoFar()).toEqual([]);
});
