import { act, render, renderHook, screen } from '@testing-library/react';
import { ApiError } from '../http/api-error';
import { bus } from '../bus/bus';
import type { BusEvents } from '../bus/events';
import { i18n } from '../i18n/i18n';
import { DelayedLoader, useDelayedFlag } from './delayed-loader';
import { useAsyncAction } from './use-async-action';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('DelayedLoader', () => {
  it('shows nothing for the first 200 ms, then a spinner', () => {
    const { rerender } = render(<DelayedLoader active />);
    act(() => jest.advanceTimersByTime(199));
    expect(screen.queryByTestId('loader')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('Please wait…');

    rerender(<DelayedLoader active={false} />);
    expect(screen.queryByTestId('loader')).not.toBeInTheDocument();
  });

  it('never shows for a call that ends within 200 ms', () => {
    const { rerender } = render(<DelayedLoader active />);
    act(() => jest.advanceTimersByTime(150));
    rerender(<DelayedLoader active={false} />);
    act(() => jest.advanceTimersByTime(500));
    expect(screen.queryByTestId('loader')).not.toBeInTheDocument();
  });

  it('starts the delay over on each new activation', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedFlag(active), {
      initialProps: { active: true },
    });
    act(() => jest.advanceTimersByTime(300));
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(false);
    rerender({ active: true });
    act(() => jest.advanceTimersByTime(100));
    expect(result.current).toBe(false);
    act(() => jest.advanceTimersByTime(100));
    expect(result.current).toBe(true);
  });
});

describe('useAsyncAction', () => {
  function deferred<T>() {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }

  it('is busy while running, shows the loader after 200 ms and returns the value', async () => {
    const call = deferred<number>();
    const { result } = renderHook(() => useAsyncAction(() => call.promise));

    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = result.current.run();
    });
    expect(result.current.busy).toBe(true);
    expect(result.current.showLoader).toBe(false);
    act(() => jest.advanceTimersByTime(200));
    expect(result.current.showLoader).toBe(true);

    await act(async () => {
      call.resolve(42);
      await outcome;
    });
    await expect(outcome).resolves.toEqual({ ok: true, value: 42 });
    expect(result.current.busy).toBe(false);
    expect(result.current.showLoader).toBe(false);
  });

  it('ignores a second run while the first is going on', async () => {
    const call = deferred<string>();
    const action = jest.fn(() => call.promise);
    const { result } = renderHook(() => useAsyncAction(action));
    let second: Promise<unknown> | undefined;
    act(() => {
      void result.current.run();
      second = result.current.run();
    });
    await expect(second).resolves.toEqual({ ok: false, error: null });
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => call.resolve('done'));
  });

  it('toasts a failure by default, or hands it to a handler, or stays silent', async () => {
    const toasts: BusEvents['toast'][] = [];
    const subscription = bus.on('toast').subscribe((event) => toasts.push(event));
    const failure = new ApiError('QR_FAIL', 400, 'The QR code could not be created. Please try again.');

    const byDefault = renderHook(() => useAsyncAction(() => Promise.reject(failure)));
    let outcome: unknown;
    await act(async () => {
      outcome = await byDefault.result.current.run();
    });
    expect(outcome).toEqual({ ok: false, error: failure });
    expect(byDefault.result.current.error).toBe(failure);
    expect(toasts).toEqual([{ kind: 'error', message: failure.message }]);

    const handler = jest.fn();
    const handled = renderHook(() => useAsyncAction(() => Promise.reject(failure), { onError: handler }));
    await act(async () => {
      await handled.result.current.run();
    });
    expect(handler).toHaveBeenCalledWith(failure);

    const silent = renderHook(() => useAsyncAction(() => Promise.reject(failure), { onError: 'silent' }));
    await act(async () => {
      await silent.result.current.run();
    });
    expect(toasts).toHaveLength(1);
    subscription.unsubscribe();
  });
});
