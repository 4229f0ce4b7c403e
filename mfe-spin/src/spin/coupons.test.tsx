import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { setLocale } from '@wallet/shared';
import { MemoryRouter } from 'react-router-dom';
import { CLAIM_DEBOUNCE_MS } from './claim-modal';
import { SpinPage } from './spin-page';
import {
  coupon,
  installCanvasStub,
  lostAnswer,
  manualFrames,
  record,
  refusal,
  wheelNetwork,
} from './test-fixtures';

const CLAIM = '/api/spinwheel/coupon/claim';

beforeEach(() => setLocale('en'));
afterEach(async () => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  // Close any alert a test left open (they live in roots of their own).
  for (const ok of screen.queryAllByRole('button', { name: /^(OK|ຕົກລົງ|ตกลง)$/ })) fireEvent.click(ok);
  await act(async () => undefined);
});

function renderPage() {
  installCanvasStub();
  render(
    <MemoryRouter initialEntries={['/user/spin']}>
      <SpinPage frames={manualFrames().scheduler} random={() => 0.5} reducedMotion={false} />
    </MemoryRouter>,
  );
}

const rows = () => screen.getAllByTestId('spin-coupon');
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function openClaim(index = 0) {
  await screen.findAllByTestId('spin-coupon');
  fireEvent.click(screen.getAllByTestId('spin-coupon-claim')[index]!);
  return screen.getByTestId('spin-claim-modal');
}

const ok = async (alert: HTMLElement) => {
  fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
};

test('the coupon table shows 3 coupons a page with their index, slice, prize, amount and expiry', async () => {
  wheelNetwork({ coupons: () => Array.from({ length: 7 }, (_, i) => coupon(i + 1)) });
  renderPage();
  await screen.findAllByTestId('spin-coupon');
  expect(rows()).toHaveLength(3);
  const first = rows()[0]!;
  expect(cells(first).slice(0, 4)).toEqual(['1', '1 baht', 'Cash 1', '1.00 baht']);
  expect(within(first).getByRole('cell', { name: /\d\d\/\d\d\/2026/ })).toBeInTheDocument();
  expect(within(first).getByRole('button', { name: 'Claim Cash 1' })).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
  expect(rows().map((row) => cells(row)[0])).toEqual(['4', '5', '6']);
  fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
  expect(rows().map((row) => cells(row).slice(0, 3))).toEqual([['7', '7 baht', 'Cash 7']]);
  expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
});

test('amounts: money in the member’s currency, coins counted, a bonus as money; kip whole', async () => {
  wheelNetwork({
    currency: 'LAK',
    coupons: () => [
      coupon(1, { prize: { name: 'Cash', slice: '20 baht', kind: 'money' }, amount: 12_000 }),
      coupon(2, { prize: { name: 'Coins', slice: '+2 coins', kind: 'coins' }, amount: 2 }),
      coupon(3, { prize: { name: 'Bonus', slice: 'Bonus 100', kind: 'bonus' }, amount: 60_000 }),
    ],
  });
  renderPage();
  await waitFor(() =>
    expect(screen.getAllByTestId('spin-coupon-amount').map((c) => c.textContent)).toEqual([
      '12,000 kip',
      '2 coins',
      '60,000 kip',
    ]),
  );
});

test('no coupons: the table says how to get some', async () => {
  wheelNetwork({ coupons: () => [] });
  renderPage();
  expect(await screen.findByTestId('spin-coupons-empty')).toHaveTextContent(
    'No coupons yet: spin the wheel to win some.',
  );
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('a double click on the claim confirmation sends one claim', async () => {
  let answer: (value: unknown) => void = () => undefined;
  const net = wheelNetwork({
    coupons: () => [coupon(1)],
    claim: () => new Promise((resolve) => (answer = resolve)),
  });
  renderPage();
  const modal = await openClaim();
  expect(modal).toHaveTextContent('1.00 baht');
  const confirm = within(modal).getByTestId('spin-claim-confirm');
  fireEvent.click(confirm);
  fireEvent.click(confirm);
  fireEvent.dblClick(confirm);
  expect(net.count('POST', CLAIM)).toBe(1);
  expect(net.of('POST', CLAIM)[0]!.body).toEqual({ coupon: coupon(1)._id });
  await act(async () =>
    answer({ message: 'SUCCESS', couponId: coupon(1)._id, prize: coupon(1).prize, amount: 100 }),
  );
  await ok(await screen.findByRole('alertdialog', { name: 'Claim success' }));
  expect(net.count('POST', CLAIM)).toBe(1);
});

test('clicks within 500 ms of a claim that failed fast send nothing more; later ones retry with the same key', async () => {
  jest.useFakeTimers();
  let fail = true;
  const net = wheelNetwork({
    coupons: () => [coupon(1)],
    claim: () => {
      if (fail) throw lostAnswer();
      return { message: 'SUCCESS', couponId: coupon(1)._id, prize: coupon(1).prize, amount: 100 };
    },
  });
  renderPage();
  await act(async () => jest.advanceTimersByTime(10));
  const modal = await openClaim();
  const confirm = within(modal).getByTestId('spin-claim-confirm');
  fireEvent.click(confirm);
  await act(async () => undefined);
  expect(await screen.findByRole('alertdialog', { name: 'Error' })).toHaveTextContent('Cannot connect');
  act(() => jest.advanceTimersByTime(CLAIM_DEBOUNCE_MS - 100));
  fireEvent.click(confirm);
  await act(async () => undefined);
  expect(net.count('POST', CLAIM)).toBe(1);
  // The same confirmation, retried: the window stayed open and says the prize is paid once.
  expect(screen.getByTestId('spin-claim-retry')).toHaveTextContent('the prize is paid only once');
  act(() => jest.advanceTimersByTime(100));
  fail = false;
  fireEvent.click(confirm);
  await act(async () => undefined);
  const keys = net.of('POST', CLAIM).map((c) => c.idempotencyKey);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(await screen.findByRole('alertdialog', { name: 'Claim success' })).toBeInTheDocument();
});

test('success: an alert titled claim success with the prize label, wallet:changed, the lists read again', async () => {
  const changes = record('wallet:changed');
  let claimed = false;
  const net = wheelNetwork({
    coupons: () => (claimed ? [] : [coupon(2)]),
    claim: () => {
      claimed = true;
      return { message: 'SUCCESS', couponId: coupon(2)._id, prize: coupon(2).prize, amount: 200 };
    },
  });
  renderPage();
  const modal = await openClaim();
  const setups = net.count('GET', '/api/spinwheel/setup');
  fireEvent.click(within(modal).getByTestId('spin-claim-confirm'));
  const alert = await screen.findByRole('alertdialog', { name: 'Claim success' });
  expect(alert).toHaveTextContent('You received 2 baht.');
  expect(changes.events).toEqual([{ reason: 'spin' }]);
  expect(screen.queryByTestId('spin-claim-modal')).not.toBeInTheDocument();
  await ok(alert);
  expect(await screen.findByTestId('spin-coupons-empty')).toBeInTheDocument();
  expect(net.count('GET', '/api/spinwheel/setup')).toBeGreaterThan(setups);
  changes.stop();
});

test.each([
  ['NO_CLAIMABLE_COUPON', 'You have no coupon to claim.'],
  ['INVALID_PRIZE_CODE', 'The prize code is not valid.'],
  ['INVALID_CODE', 'The code is not valid.'],
  ['INVALID_COUPON_TYPE', 'This coupon type cannot be claimed.'],
  ['COUPON_EXPIRED', 'This coupon has expired.'],
  ['BONUS_REMAINING', 'You still have a bonus whose conditions are not met.'],
])(
  'a claim refused with %s: an alert titled error with the translated code, nothing announced',
  async (code, text) => {
    const changes = record('wallet:changed');
    const net = wheelNetwork({
      coupons: () => [coupon(1)],
      claim: () => {
        throw refusal(code, code === 'INVALID_CODE' ? 400 : 409);
      },
    });
    renderPage();
    const modal = await openClaim();
    fireEvent.click(within(modal).getByTestId('spin-claim-confirm'));
    const alert = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(alert).toHaveTextContent(text);
    expect(changes.events).toEqual([]);
    await ok(alert);
    // The refusal settled this claim: the window closed; a new confirmation is a new claim with a new key.
    expect(screen.queryByTestId('spin-claim-modal')).not.toBeInTheDocument();
    const again = await openClaim();
    fireEvent.click(within(again).getByTestId('spin-claim-confirm'));
    await ok(await screen.findByRole('alertdialog', { name: 'Error' }));
    const keys = net.of('POST', CLAIM).map((c) => c.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    changes.stop();
  },
);

test('claim errors in Lao: the alert speaks Lao', async () => {
  await setLocale('la');
  wheelNetwork({
    coupons: () => [coupon(1)],
    claim: () => {
      throw refusal('COUPON_EXPIRED', 409);
    },
  });
  renderPage();
  const modal = await openClaim();
  expect(within(modal).getByRole('heading', { name: 'ຢືນຢັນການຮັບລາງວັນ' })).toBeInTheDocument();
  fireEvent.click(within(modal).getByTestId('spin-claim-confirm'));
  const alert = await screen.findByRole('alertdialog');
  expect(alert).toHaveTextContent(/ໝົດອາຍຸ/);
});
