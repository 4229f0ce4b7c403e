import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { bus, setLocale } from '@wallet/shared';
import { MemoryRouter } from 'react-router-dom';
import { SpinPage } from './spin-page';
import { PRIZE_DELAY_MS, RESIZE_DEBOUNCE_MS } from './spin-wheel';
import {
  installCanvasStub,
  manualFrames,
  refusal,
  setup,
  SLICES,
  spinAnswer,
  wheelNetwork,
} from './test-fixtures';
import { DARKEN_FILL } from './wheel-draw';
import { sectorAtPointer } from './wheel-geometry';

beforeEach(() => setLocale('en'));
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 1 });
});

function renderPage(options: { reducedMotion?: boolean; random?: () => number } = {}) {
  const frames = manualFrames();
  const canvas = installCanvasStub();
  render(
    <MemoryRouter initialEntries={['/user/spin']}>
      <SpinPage
        frames={frames.scheduler}
        random={options.random ?? (() => 0.5)}
        reducedMotion={options.reducedMotion ?? false}
      />
    </MemoryRouter>,
  );
  return { frames, canvas };
}

const wheelCanvas = () => screen.getByTestId('spin-canvas') as HTMLCanvasElement;
const spinButton = () => screen.getByTestId('spin-button');

test('the wheel: one sector per slice in setup order with its colours and label, the name as heading', async () => {
  const net = wheelNetwork();
  const { canvas } = renderPage();
  expect(await screen.findByRole('heading', { level: 1, name: 'Lucky wheel' })).toBeInTheDocument();
  await waitFor(() => expect(canvas.texts()).toHaveLength(SLICES.length));
  expect(canvas.fills()).toEqual(SLICES.map((s) => s.bgColor));
  expect(canvas.texts()).toEqual(SLICES.map((s) => ({ text: s.label, color: s.textColor })));
  // Sector i spans [i·60°, (i+1)·60°) clockwise from the top: canvas angles start at 3 o'clock.
  const arcs = canvas.calls.filter((c) => c.name === 'arc').slice(0, 2);
  expect(arcs[0]!.args[3]).toBeCloseTo(-Math.PI / 2);
  expect(arcs[0]!.args[4]).toBeCloseTo(-Math.PI / 2 + Math.PI / 3);
  expect(arcs[1]!.args[3]).toBeCloseTo(-Math.PI / 2 + Math.PI / 3);
  // Named, with a text alternative listing the sectors; the centre button shows the coins.
  const wheel = screen.getByRole('img', { name: 'Prize wheel Lucky wheel' });
  expect(wheel).toHaveAccessibleDescription(/clockwise from the pointer at the top.*10 baht.*\+2 coins/);
  expect(screen.getByRole('button', { name: 'Spin 3 coins' })).toBeEnabled();
  expect(wheel).toHaveAttribute('data-state', 'idle');
  expect(net.count('GET', '/api/spinwheel/coupon')).toBe(1);
  expect(screen.getByRole('link', { name: 'Verify your spins' })).toHaveAttribute(
    'href',
    '/user/spin/verify',
  );
});

test('size: 350 px on a wide window, 85 % of a phone; crisp on high-DPI; set up again 500 ms after a resize', async () => {
  Object.defineProperty(window, 'devicePixelRatio', { configurable: true, value: 2 });
  wheelNetwork();
  const { canvas } = renderPage();
  await screen.findByTestId('spin-canvas');
  expect(wheelCanvas().width).toBe(700);
  expect(wheelCanvas().style.width).toBe('350px');
  expect(canvas.calls.find((c) => c.name === 'setTransform')?.args).toEqual([2, 0, 0, 2, 0, 0]);

  jest.useFakeTimers();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 320 });
  fireEvent(window, new Event('resize'));
  act(() => jest.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1));
  fireEvent(window, new Event('resize'));
  act(() => jest.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1));
  expect(wheelCanvas().style.width).toBe('350px');
  act(() => jest.advanceTimersByTime(1));
  expect(wheelCanvas().style.width).toBe('272px');
  expect(wheelCanvas().width).toBe(544);
});

test('a spin: locked while turning, stops on the server’s sector, darkens the others, prize after 2 s, reset', async () => {
  const net = wheelNetwork({ spin: () => spinAnswer(2, 2) });
  const { frames, canvas } = renderPage({ random: () => 0.9 });
  await screen.findByRole('button', { name: 'Spin 3 coins' });
  jest.useFakeTimers();

  fireEvent.click(spinButton());
  expect(wheelCanvas()).toHaveAttribute('data-state', 'spinning');
  expect(spinButton()).toBeDisabled();
  await act(async () => undefined);
  expect(net.count('POST', '/api/spinwheel/spin')).toBe(1);
  expect(net.of('POST', '/api/spinwheel/spin')[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  // Clicks while it turns send nothing.
  fireEvent.click(spinButton());
  frames.step();
  frames.step();
  expect(wheelCanvas()).toHaveAttribute('data-state', 'spinning');
  expect(wheelCanvas()).not.toHaveAttribute('data-rotation');
  const frameCount = frames.runToEnd();
  expect(frameCount).toBeGreaterThan(100);
  expect(net.count('POST', '/api/spinwheel/spin')).toBe(1);

  const landed = wheelCanvas();
  expect(landed).toHaveAttribute('data-state', 'landed');
  expect(landed).toHaveAttribute('data-landed', '2');
  const rotation = Number(landed.getAttribute('data-rotation'));
  expect(rotation).toBeGreaterThanOrEqual(0);
  expect(rotation).toBeLessThan(360);
  expect(sectorAtPointer(rotation, SLICES.length)).toBe(2);
  expect(canvas.lastRotation()).toBeCloseTo((rotation * Math.PI) / 180, 9);
  // The last drawing: every sector but the won one covered at 75 % black (25 % brightness).
  const lastDraw = canvas.calls.slice(canvas.calls.map((c) => c.name).lastIndexOf('setTransform'));
  const fills = lastDraw.filter((c) => c.name === 'fill').map((c) => c.fillStyle);
  expect(fills.filter((f) => f === DARKEN_FILL)).toHaveLength(SLICES.length - 1);
  expect(fills.slice(4, 6)).toEqual([SLICES[2]!.bgColor, SLICES[3]!.bgColor]);
  expect(screen.getByRole('status')).toHaveTextContent('The wheel stopped on 20 baht');
  expect(spinButton()).toBeDisabled();

  act(() => jest.advanceTimersByTime(PRIZE_DELAY_MS - 1));
  expect(screen.queryByTestId('spin-prize-modal')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1));
  const modal = screen.getByTestId('spin-prize-modal');
  expect(within(modal).getByRole('heading', { name: 'Congratulations!' })).toBeInTheDocument();
  expect(modal).toHaveTextContent('You won 20 baht');
  expect(modal).toHaveTextContent('Your coupon is in the list below');
  await act(async () => jest.advanceTimersByTime(10));
  await waitFor(() => expect(within(modal).getByText('20 baht prize')).toBeInTheDocument());
  expect(modal.querySelector('script')).toBeNull();
  // The wheel is back at rest, the last landing still readable; the button shows the coins left.
  expect(wheelCanvas()).toHaveAttribute('data-state', 'idle');
  expect(wheelCanvas()).toHaveAttribute('data-landed', '2');
  expect(canvas.lastRotation()).toBe(0);
  expect(spinButton()).toHaveAccessibleName('Spin 2 coins');

  const setupsBefore = net.count('GET', '/api/spinwheel/setup');
  const couponsBefore = net.count('GET', '/api/spinwheel/coupon');
  fireEvent.click(within(modal).getByRole('button', { name: 'OK' }));
  expect(screen.queryByTestId('spin-prize-modal')).not.toBeInTheDocument();
  expect(spinButton()).toHaveFocus();
  await act(async () => undefined);
  expect(net.count('GET', '/api/spinwheel/setup')).toBe(setupsBefore + 1);
  expect(net.count('GET', '/api/spinwheel/coupon')).toBe(couponsBefore + 1);
});

test('every sector can be landed on, whatever the turns and offset drawn', async () => {
  for (const [index, seed] of [
    [0, 0],
    [3, 0.25],
    [5, 0.999],
  ] as const) {
    wheelNetwork({ spin: () => spinAnswer(index) });
    const { frames } = renderPage({ random: () => seed });
    await screen.findByRole('button', { name: 'Spin 3 coins' });
    fireEvent.click(spinButton());
    await act(async () => undefined);
    frames.runToEnd();
    expect(wheelCanvas()).toHaveAttribute('data-landed', String(index));
    document.body.innerHTML = '';
    jest.restoreAllMocks();
  }
});

test('a slice without a prize: the prize window says to try again', async () => {
  wheelNetwork({ spin: () => spinAnswer(3) });
  const { frames } = renderPage();
  await screen.findByRole('button', { name: 'Spin 3 coins' });
  jest.useFakeTimers();
  fireEvent.click(spinButton());
  await act(async () => undefined);
  frames.runToEnd();
  act(() => jest.advanceTimersByTime(PRIZE_DELAY_MS));
  const modal = screen.getByTestId('spin-prize-modal');
  expect(within(modal).getByRole('heading', { name: 'No prize this time' })).toBeInTheDocument();
  expect(modal).toHaveTextContent('The wheel stopped on Try again');
  expect(modal).toHaveTextContent('Better luck next time: spin again to try.');
  await waitFor(() =>
    expect(within(modal).getByText('No prize this time', { selector: 'p' })).toBeInTheDocument(),
  );
});

test('the last coin spent: closing the prize window puts focus on the heading, the button is locked', async () => {
  let coins = 1;
  wheelNetwork({
    setup: () => setup(coins),
    spin: () => {
      coins = 0;
      return spinAnswer(0, 0);
    },
  });
  const { frames } = renderPage();
  await screen.findByRole('button', { name: 'Spin 1 coin' });
  jest.useFakeTimers();
  fireEvent.click(spinButton());
  await act(async () => undefined);
  frames.runToEnd();
  act(() => jest.advanceTimersByTime(PRIZE_DELAY_MS));
  expect(spinButton()).toBeDisabled();
  fireEvent.click(within(screen.getByTestId('spin-prize-modal')).getByRole('button', { name: 'OK' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Lucky wheel' })).toHaveFocus();
  expect(screen.getByTestId('spin-no-coins')).toBeInTheDocument();
  await act(async () => undefined);
});

test('each spin carries a fresh Idempotency-Key', async () => {
  const net = wheelNetwork({ spin: () => spinAnswer(1) });
  const { frames } = renderPage();
  await screen.findByRole('button', { name: 'Spin 3 coins' });
  jest.useFakeTimers();
  for (let i = 0; i < 2; i += 1) {
    fireEvent.click(spinButton());
    await act(async () => undefined);
    frames.runToEnd();
    act(() => jest.advanceTimersByTime(PRIZE_DELAY_MS));
    fireEvent.click(within(screen.getByTestId('spin-prize-modal')).getByRole('button', { name: 'OK' }));
    await act(async () => undefined);
  }
  const keys = net.of('POST', '/api/spinwheel/spin').map((c) => c.idempotencyKey);
  expect(keys).toHaveLength(2);
  expect(keys[0]).not.toBe(keys[1]);
});

test('no coins: the button is locked and says how to earn some; nothing is sent', async () => {
  const net = wheelNetwork({ setup: () => setup(0) });
  renderPage();
  const button = await screen.findByRole('button', { name: 'Spin 0 coins' });
  expect(button).toBeDisabled();
  expect(screen.getByTestId('spin-no-coins')).toHaveTextContent('You have no coins: deposit to earn some');
  fireEvent.click(button);
  expect(net.count('POST', '/api/spinwheel/spin')).toBe(0);
  expect(wheelCanvas()).toHaveAttribute('data-state', 'idle');
});

test('a spin refused for lack of coins: an alert titled error with the no-coin text, and the coins read again', async () => {
  const net = wheelNetwork({
    spin: () => {
      throw refusal('MONEY_NOT_ENOUGH', 400, 'coin');
    },
  });
  renderPage();
  await screen.findByRole('button', { name: 'Spin 3 coins' });
  const setups = net.count('GET', '/api/spinwheel/setup');
  fireEvent.click(spinButton());
  const alert = await screen.findByRole('alertdialog', { name: 'Error' });
  expect(alert).toHaveTextContent('You have no coins: deposit to earn some');
  expect(wheelCanvas()).toHaveAttribute('data-state', 'idle');
  await waitFor(() => expect(net.count('GET', '/api/spinwheel/setup')).toBe(setups + 1));
  fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
});

test.each([
  ['en', 'You have no coins to spin. Deposit to earn coins.'],
  ['th', 'คุณไม่มีเหรียญสำหรับหมุนวงล้อ ฝากเงินเพื่อรับเหรียญ'],
  ['la', 'ທ່ານບໍ່ມີຫຼຽນສຳລັບໝູນວົງລໍ້ ຝາກເງິນເພື່ອຮັບຫຼຽນ'],
] as const)(
  'the server’s SPIN_NO_COIN: an alert titled error with the rule, in the member’s language (%s)',
  async (language, text) => {
    await setLocale(language);
    try {
      const net = wheelNetwork({
        spin: () => {
          throw refusal('SPIN_NO_COIN', 400, 'coin');
        },
      });
      renderPage();
      await waitFor(() => expect(net.count('GET', '/api/spinwheel/setup')).toBeGreaterThan(0));
      const setups = () => net.count('GET', '/api/spinwheel/setup');
      await waitFor(() => expect(spinButton()).toBeEnabled());
      const before = setups();
      fireEvent.click(spinButton());
      const alert = await screen.findByRole('alertdialog');
      expect(alert).toHaveTextContent(text);
      expect(wheelCanvas()).toHaveAttribute('data-state', 'idle');
      await waitFor(() => expect(setups()).toBe(before + 1));
      // Its confirm button (the last; the first is the close cross), in whatever language.
      fireEvent.click(within(alert).getAllByRole('button').at(-1) as HTMLElement);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    } finally {
      await act(() => setLocale('en'));
    }
  },
);

test('other spin refusals show the translated code, in the member’s language', async () => {
  await setLocale('th');
  wheelNetwork({
    spin: () => {
      throw refusal('INTERNAL_SERVER_ERROR', 500);
    },
  });
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'หมุน 3 เหรียญ' }));
  const alert = await screen.findByRole('alertdialog', { name: 'เกิดข้อผิดพลาด' });
  expect(alert).toHaveTextContent('ระบบขัดข้อง กรุณาลองใหม่อีกครั้ง');
  fireEvent.click(within(alert).getByRole('button', { name: 'ตกลง' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
});

test('no active wheel: the page says the wheel is closed and shows no canvas', async () => {
  wheelNetwork({ setup: () => setup(5, null) });
  renderPage();
  expect(await screen.findByTestId('spin-closed')).toHaveTextContent('The prize wheel is closed right now');
  expect(screen.getByRole('heading', { level: 1, name: 'Prize wheel' })).toBeInTheDocument();
  expect(screen.queryByTestId('spin-canvas')).not.toBeInTheDocument();
  expect(screen.queryByTestId('spin-button')).not.toBeInTheDocument();
});

test('reduced motion: a short animation (≤ 400 ms) that still lands on the server’s sector', async () => {
  wheelNetwork({ spin: () => spinAnswer(4) });
  const { frames } = renderPage({ reducedMotion: true });
  await screen.findByRole('button', { name: 'Spin 3 coins' });
  fireEvent.click(spinButton());
  await act(async () => undefined);
  const count = frames.runToEnd();
  expect(count).toBeLessThanOrEqual(24); // 400 ms of 1/60 s frames
  expect(wheelCanvas()).toHaveAttribute('data-state', 'landed');
  expect(wheelCanvas()).toHaveAttribute('data-landed', '4');
});

test('prefers-reduced-motion is read from the browser when the page is not told', async () => {
  const matchMedia = jest.fn((query: string) => ({ matches: query.includes('reduce') }) as MediaQueryList);
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
  wheelNetwork({ spin: () => spinAnswer(1) });
  const frames = manualFrames();
  installCanvasStub();
  render(
    <MemoryRouter>
      <SpinPage frames={frames.scheduler} random={() => 0.5} />
    </MemoryRouter>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Spin 3 coins' }));
  await act(async () => undefined);
  expect(frames.runToEnd()).toBeLessThanOrEqual(24);
  expect(matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
  expect(wheelCanvas()).toHaveAttribute('data-landed', '1');
  Reflect.deleteProperty(window, 'matchMedia');
});

test('live: a wallet change (a deposit earned coins) reads the coins and coupons again', async () => {
  let coins = 0;
  const net = wheelNetwork({ setup: () => setup(coins) });
  renderPage();
  await screen.findByRole('button', { name: 'Spin 0 coins' });
  coins = 2;
  act(() => bus.emit('wallet:changed', { reason: 'deposit' }));
  expect(await screen.findByRole('button', { name: 'Spin 2 coins' })).toBeEnabled();
  expect(net.count('GET', '/api/spinwheel/coupon')).toBe(2);
});
