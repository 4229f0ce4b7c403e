import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { i18n } from '@wallet/shared';
import { RemoteDirectoryProvider, type RemoteDirectory } from './remotes';
import { routes } from './routes';

/** The browser router in the page; a memory router in tests (same route table). */
type Router = ReturnType<typeof createBrowserRouter>;

/** History-mode router over the route table of spec §2. */
export function createShellRouter(): Router {
  return createBrowserRouter(routes);
}

export function App({ router, directory }: { router: Router; directory: RemoteDirectory }) {
  return (
    <I18nextProvider i18n={i18n}>
      <RemoteDirectoryProvider directory={directory}>
        <RouterProvider router={router} />
      </RemoteDirectoryProvider>
    </I18nextProvider>
  );
}
