import { registerServiceWorker } from './register';

function fakeWindow(readyState: DocumentReadyState, withWorkers = true, secure = true) {
  const register = jest.fn().mockResolvedValue({});
  const listeners: Record<string, () => void> = {};
  const win = {
    navigator: withWorkers ? { serviceWorker: { register } } : {},
    isSecureContext: secure,
    document: { readyState },
    addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
  } as unknown as Window;
  return { win, register, listeners };
}

describe('registerServiceWorker', () => {
  it('waits for the load event, then registers /sw.js for the whole site', () => {
    const { win, register, listeners } = fakeWindow('interactive');
    registerServiceWorker(win);
    expect(register).not.toHaveBeenCalled();
    listeners.load?.();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
  });

  it('registers at once when the page has already loaded', () => {
    const { win, register } = fakeWindow('complete');
    registerServiceWorker(win);
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing without service workers or outside a secure context', () => {
    for (const { win, register, listeners } of [
      fakeWindow('complete', false),
      fakeWindow('complete', true, false),
    ]) {
      registerServiceWorker(win);
      listeners.load?.();
      expect(register).not.toHaveBeenCalled();
    }
  });
});
