import { Navigate, matchRoutes, type RouteObject } from 'react-router-dom';
import { RemoteRoute } from './remotes/remote-route';
import { EndHeldSession, RequireSession, TerminatedCheck } from './routing/guards';
import { lazyPage, type LazyPage } from './routing/lazy-page';
import { PublicShell } from './shell/public-shell';
import type { RouteHandle } from './shell/document-title';

/**
 * What `/login` does not show is fetched when a route first renders it (React.lazy; the bootstrap fetches the
 * first route's before the first render): the member shell and the host's own pages. The public shell and the
 * remote pages' route element stay in the first chunk.
 */
const MemberShell = lazyPage(() => import('./shell/member-shell').then((m) => m.MemberShell));
const ContactPage = lazyPage(() => import('./pages/contact-page').then((m) => m.ContactPage));
const HowtoPage = lazyPage(() => import('./pages/howto-page').then((m) => m.HowtoPage));
const NotFoundPage = lazyPage(() => import('./pages/not-found-page').then((m) => m.NotFoundPage));
const TerminatedPage = lazyPage(() => import('./pages/terminated-page').then((m) => m.TerminatedPage));

/** A route's tab title (a key of the `host` catalogue, see `DocumentTitle`) and its lazy page, if any. */
const title = (key: string, page?: LazyPage): RouteHandle => ({
  title: key,
  ...(page ? { preload: page.preload } : {}),
});

/**
 * Every route of spec §2 (rendered by `ShellRoot` with `useRoutes`), each with its tab title (`handle`). The
 * guards wrap what they guard (routing/guards.tsx): the terminated check runs before `/login` renders, a
 * protected page never renders without a token, the logged-out shell ends a held session.
 */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/user" replace /> },
  {
    // The logged-out shell.
    element: (
      <EndHeldSession>
        <TerminatedCheck path="/login">
          <PublicShell />
        </TerminatedCheck>
      </EndHeldSession>
    ),
    children: [
      {
        path: 'login',
        element: <RemoteRoute module="mfe_auth/Login" />,
        handle: title('titles.login'),
      },
      {
        path: 'register',
        element: <RemoteRoute module="mfe_auth/Register" />,
        handle: title('titles.register'),
      },
      { path: 'howto', element: <HowtoPage />, handle: title('titles.howto', HowtoPage) },
      { path: 'contact', element: <ContactPage />, handle: title('titles.contact', ContactPage) },
    ],
  },
  {
    // The signed-in shell.
    path: 'user',
    element: (
      <RequireSession>
        <MemberShell />
      </RequireSession>
    ),
    handle: { preload: MemberShell.preload } satisfies RouteHandle,
    children: [
      { index: true, element: <Navigate to="/user/home" replace /> },
      { path: 'home', element: <RemoteRoute module="mfe_wallet/Home" />, handle: title('titles.home') },
      {
        path: 'profile',
        element: <RemoteRoute module="mfe_auth/Profile" />,
        handle: title('titles.profile'),
      },
      { path: 'bonus', element: <RemoteRoute module="mfe_bonus/Bonus" />, handle: title('titles.bonus') },
      {
        path: 'statement',
        element: <RemoteRoute module="mfe_bonus/Statement" />,
        handle: title('titles.statement'),
      },
      { path: 'spin', element: <RemoteRoute module="mfe_spin/Spin" />, handle: title('titles.spin') },
      {
        path: 'spin/verify',
        element: <RemoteRoute module="mfe_spin/Verify" />,
        handle: title('titles.spinVerify'),
      },
      { path: 'contact', element: <ContactPage />, handle: title('titles.contact', ContactPage) },
      { path: '*', element: <NotFoundPage />, handle: title('titles.notFound', NotFoundPage) },
    ],
  },
  {
    path: 'terminated',
    element: <TerminatedPage />,
    handle: { ...title('terminated.pageTitle', TerminatedPage), bare: true },
  },
  { path: '*', element: <NotFoundPage />, handle: title('titles.notFound', NotFoundPage) },
];

/**
 * Fetches the code of the lazy pages `pathname` renders (before the first render, so that it commits the page
 * rather than a fallback). A failure is left to the render, which fetches again.
 */
export function preloadPages(pathname: string): Promise<void> {
  const handles = (matchRoutes(routes, pathname) ?? []).map(
    (match) => match.route.handle as RouteHandle | undefined,
  );
  return Promise.all(handles.map((handle) => handle?.preload?.())).then(
    () => undefined,
    () => undefined,
  );
}
