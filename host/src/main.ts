// The host's own stylesheet and the shared UI kit's base styles, extracted to a real stylesheet in the production
// build (mini-css-extract-plugin, tooling/webpack.app.js) and linked from index.html: the frame the server paints
// before any JavaScript (host/src/shell/page-frame.tsx, server/src/platform/index-page/) is styled from the first
// paint.
import '@wallet/shared/styles/ui.css';
import './shell/shell.css';
import '@wallet/shared/federation/failure-policy.css';
import { adoptPageLanguage } from './shell/static-frame';

// The language the server painted the frame in, for a visitor who never chose one (before i18n starts).
adoptPageLanguage();

/** The longest the bootstrap waits for the first paint (a browser that does not report it, a page with no text). */
const FIRST_PAINT_WAIT_MS = 1000;

/**
 * Resolves once the browser has painted the page as the server sent it (the frame and a prerendered first screen),
 * as its paint timing reports it: the bootstrap's work (evaluating React and the shell, then the route's remote)
 * comes after that first paint instead of before it. A hidden page, where nothing is painted, does not wait.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    if (
      document.visibilityState === 'hidden' ||
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
      painted()
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint' });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, FIRST_PAINT_WAIT_MS);
  });
}

/** Lets the browser run what waits (input, paint) before the next piece of work. */
const yieldToMain = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

// The async boundary Module Federation needs: shared singletons are negotiated before any app code runs. React DOM
// is evaluated first, in a task of its own, then the shared package, then the rest of the bootstrap: shorter tasks
// instead of one long one while the painted page waits for its JavaScript.
void afterFirstPaint()
  .then(() => import('react-dom/client'))
  .then(yieldToMain)
  .then(() => import('@wallet/shared'))
  .then(yieldToMain)
  .then(() => import(/* webpackChunkName: "bootstrap" */ './bootstrap'));
