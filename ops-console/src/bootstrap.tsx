import { createRoot } from 'react-dom/client';
import { patchHistoryApi } from 'single-spa';
import { i18nReady, registerCatalogs } from '@wallet/shared';
import { App } from './app';
import { catalogs } from './catalogs';

// Every router on the page (the console's and each remote screen's parcel) sees every navigation.
patchHistoryApi({ urlRerouteOnly: true });
registerCatalogs(catalogs).catch(() => undefined);

async function start(): Promise<void> {
  await i18nReady().catch((error: unknown) => {
    console.error('The page language could not be loaded', error);
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(<App />);
}

void start();
