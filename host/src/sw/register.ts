// Registers the service worker (/sw.js) once the page has loaded, so that it never competes with the first render.
// Added to the `main` entry by the host's production build only (host/webpack.config.js).
import { CACHE_URLS } from './remotes';

/**
 * Registers `/sw.js` for the whole site after `load`; does nothing where service workers are not available. On the
 * visit that installs the worker (the page is not controlled yet), tells it which of the remotes' files the page
 * loaded, so that this page also works offline on the next visit.
 */
export function registerServiceWorker(win: Window = window): void {
  const container = win.navigator.serviceWorker;
  // Service workers exist only in secure contexts (https, or http on localhost/127.0.0.1).
  if (!container || !win.isSecureContext) return;
  const register = (): void => {
    const controlled = container.controller !== null;
    container
      .register('/sw.js', { scope: '/', updateViaCache: 'none' })
      .then(async () => {
        if (controlled) return;
        const registration = await container.ready;
        const remotes = `${win.location.origin}/remotes/`;
        const urls = win.performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.startsWith(remotes));
        registration.active?.postMessage({ type: CACHE_URLS, urls });
      })
      .catch((error: unknown) => {
        // Not fatal: the site works without it, only without the offline shell and the cached remotes.
        console.warn('service worker registration failed', error);
      });
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}

if (process.env.NODE_ENV === 'production' && typeof window !== 'undefined') registerServiceWorker();
