import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { patchHistoryApi } from 'single-spa';
import { i18nReady, registerCatalogs, startRealtime } from '@wallet/shared';
import { App } from './app';
import { catalogs } from './catalogs';
import {
  loadRemoteDirectory,
  registerWithFederation,
  startRemoteModule,
  type RemoteModuleId,
} from '@wallet/shared/federation';
import { preloadPages } from './routes';
import { reportRemoteFailures } from './shell/remote-failure-reporter';
import { readSiteBlock } from './shell/static-frame';

// Before the first render: every router on the page (the host's and each remote's) sees every navigation.
patchHistoryApi({ urlRerouteOnly: true });
// The shell's strings: the shared package carries only `common` and `errors`; each remote registers its own.
registerCatalogs(catalogs);
// The handler of `remote:failed`: a remote that cannot load or crashes is reported (the member sees its panel).
reportRemoteFailures();
// The member's realtime channel: while signed in, server pushes (money moved, a QR paid) become bus events.
startRealtime();

/**
 * Nothing renders before the strings of the page's language (shared's and the shell's) are loaded: no keys on
 * screen (a language switch loads its own strings first, setLocale). Meanwhile the first route's lazy pages are
 * fetched, so the first commit is the page, not a fallback. Strings that cannot be loaded do not keep the page
 * from starting: it renders with what it has.
 */
function firstRenderReady(): Promise<void> {
  const strings = i18nReady().catch((error: unknown) => {
    console.error('The page language could not be loaded', error);
  });
  return Promise.all([strings, preloadPages(window.location.pathname)]).then(() => undefined);
}

async function start(): Promise<void> {
  const ready = firstRenderReady();
  const site = readSiteBlock();
  // The remotes map comes with the page on a first load (no /remotes.json round trip); `/remotes.json` otherwise.
  const directory = await loadRemoteDirectory();
  registerWithFederation(directory, { name: 'host' });
  // The route's remote starts loading now, while the rest of the bootstrap and the first render run.
  if (site.module?.includes('/')) startRemoteModule(site.module as RemoteModuleId, directory);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  await ready;
  // The server's frame stays until the shell (or a bare page) renders: see shell/static-frame-handoff.ts.
  // As a transition: React renders the shell in slices, yielding to the browser between them, instead of in one
  // long task (the page is already painted: the server's frame and first screen stay until this commit).
  const root = createRoot(container);
  startTransition(() => root.render(<App directory={directory} />));
}

void start();
