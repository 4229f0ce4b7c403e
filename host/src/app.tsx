import type { ComponentType, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { i18n } from '@wallet/shared';
import { RemoteDirectoryProvider, type RemoteDirectory } from '@wallet/shared/federation';
import { routes } from './routes';
import { ShellRoot } from './shell/shell-root';

export interface AppProps {
  directory: RemoteDirectory;
  /** The history the routes follow: the browser's (history mode); a memory one in tests. */
  Router?: ComponentType<{ children: ReactNode }>;
}

/**
 * The shell over the route table of spec §2, with React Router's declarative router (the parcels of
 * @wallet/shared use the same one). The bootstrap renders it once the page's strings are loaded.
 */
export function App({ directory, Router = BrowserRouter }: AppProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <RemoteDirectoryProvider directory={directory}>
        <Router>
          <ShellRoot routes={routes} />
        </Router>
      </RemoteDirectoryProvider>
    </I18nextProvider>
  );
}
