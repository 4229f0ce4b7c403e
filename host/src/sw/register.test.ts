import { registerServiceWorker } from './register';
import { CACHE_URLS } from './remotes';

function fakeWindow(
  readyState: DocumentReadyState,
  { withWorkers = true, secure = true, controlled = false } = {},
) {
  const postMessage = jest.fn();
  const register = jest.fn().mockResolvedValue({});
  const listeners: Record<string, () => void> = {};
  const origin = 'https://wallet.example';
  const win = {
    navigator: withWorkers
      ? {
          serviceWorker: {
            register,
            controller: controlled ? {} : null,
            ready: Promise.resolve({ active: { postMessage } }),
          },
        }
      : {},
    isSecureContext: secure,
    location: { origin },
    performance: {
      getEntriesByType: () => [
        { name: `${origin}/main.js` },
        { name: `${origin}/remotes/mfe-auth/remoteEntry.js` },
        { name: `${origin}/remotes/mfe-auth/680.4a7b5057.js` },
        { name: `${origin}/api/lookup/active` },
      ],
    },
    document: { readyState },
    addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
  } as unknown as Window;
  return { win, register, postMessage, listeners };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('registerServiceWorker', () => {
  it('waits for the load event, then registers /sw.js for the whole site', async () => {
    const { win, register, listeners } = fakeWindow('interactive');
    registerServiceWorker(win);
    expect(register).not.toHaveBeenCalled();
    listeners.load?.();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    await settle();
  });

  it("on the installing visit, hands the worker the remotes' files the page loaded", async () => {
    const { win, postMessage } = fakeWindow('complete');
    registerServiceWorker(win);
    await settle();
    expect(postMessage).toHaveBeenCalledWith({
      type: CACHE_URLS,
      urls: [
        'https://wallet.example/remotes/mfe-auth/remoteEntry.js',
        'https://wallet.example/remotes/mfe-auth/680.4a7b5057.js',
      ],
    });
  });

  it('sends nothing when the worker already controls the page (it saw every request)', async () => {
    const { win, register, postMessage } = fakeWindow('complete', { controlled: true });
    registerServiceWorker(win);
    await settle();
    expect(register).toHaveBeenCalledTimes(1);
    expect(postMessage).not.toHaveBeenCalled();
  });

  it('does nothing without service workers or outside a secure context', () => {
    for (const { win, register, listeners } of [
      fakeWindow('complete', { withWorkers: false }),
      fakeWindow('complete', { secure: false }),
    ]) {
      registerServiceWorker(win);
      listeners.load?.();
      expect(register).not.toHaveBeenCalled();
    }
  });
});
