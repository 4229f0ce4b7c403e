import { createRoot } from 'react-dom/client';
import { patchHistoryApi } from 'single-spa';
import { registerCatalogs, startRealtime } from '@wallet/shared';
import { App, createShellRouter } from './app';
import { catalogs } from './catalogs';
import {
  loadRemoteDirectory,
  registerWithFederation,
  startRemoteModule,
  type RemoteModuleId,
} from './remotes';
import { reportRemoteFailures } from './shell/remote-failure-reporter';
import { readSiteBlock, removeFrameWhenShellRenders } from './shell/static-frame';

// Before the first render: every router on the page (the host's and each remote's) sees every navigation.
patchHistoryApi({ urlRerouteOnly: true });
// The shell's strings: the shared package carries only `common` and `errors`; each remote registers its own.
registerCatalogs(catalogs);
// The handler of `remote:failed`: a remote that cannot load or crashes is reported (the member sees its panel).
reportRemoteFailures();
// The member's realtime channel: while signed in, server pushes (money moved, a QR paid) become bus events.
startRealtime();

async function start(): Promise<void> {
  const site = readSiteBlock();
  // The remotes map comes with the page on a first load (no /remotes.json round trip); `/remotes.json` otherwise.
  const directory = await loadRemoteDirectory();
  registerWithFederation(directory);
  // The route's remote starts loading now, while the rest of the bootstrap and the first render run.
  if (site.module?.includes('/')) startRemoteModule(site.module as RemoteModuleId, directory);

  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const router = createShellRouter();
  removeFrameWhenShellRenders(router, container);
  createRoot(container).render(<App router={router} directory={directory} />);
}

void start();
