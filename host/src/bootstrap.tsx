import { createRoot } from 'react-dom/client';
import { patchHistoryApi } from 'single-spa';
import { App, createShellRouter } from './app';
import { fetchRemoteDirectory, registerWithFederation } from './remotes';

// Before the first render: every router on the page (the host's and each remote's) sees every navigation.
patchHistoryApi({ urlRerouteOnly: true });

async function start(): Promise<void> {
  const directory = await fetchRemoteDirectory();
  registerWithFederation(directory);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(<App router={createShellRouter()} directory={directory} />);
}

void start();
