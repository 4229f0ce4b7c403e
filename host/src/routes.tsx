import { Navigate, matchRoutes, type RouteObject } from 'react-router-dom';
import { RemoteRoute } from './remotes/remote-route';
import { EndHeldSession, RequireSession, TerminatedCheck } from './routing/guards';
import { lazyPage, type LazyPage } from './routing/lazy-page';
import { PAGES, type PagePath } from './page-table';
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

/** A route's tab title (the table's `host` catalogue key, see `DocumentTitle`) and its lazy page, if any. */
const title = (path: PagePath, page?: LazyPage): RouteHandle => ({
  title: PAGES[path].title,
  ...('bare' in PAGES[path] ? { bare: true } : {}),
  ...(page ? { preload: page.preload } : {}),
});

/** The page of a remote module, as the table (page-table.ts) names it. */
function remotePage(path: PagePath, segment: string): RouteObject {
  const entry = PAGES[path];
  if (!('module' in entry)) throw new Error(`${path}: no remote module in the page table`);
  return { path: segment, element: <RemoteRoute module={entry.module} />, handle: title(path) };
}

/**
 * Every route of spec §2 (rendered by `ShellRoot` with `useRoutes`), each with its tab title (`handle`) and remote
 * module from the page table (page-table.ts, which the server reads from the build). The
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
      remotePage('/login', 'login'),
      remotePage('/register', 'register'),
      { path: 'howto', element: <HowtoPage />, handle: title('/howto', HowtoPage) },
      { path: 'contact', element: <ContactPage />, handle: title('/contact', ContactPage) },
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
      remotePage('/user/home', 'home'),
      remotePage('/user/profile', 'profile'),
      remotePage('/user/bonus', 'bonus'),
      remotePage('/user/statement', 'statement'),
      remotePage('/user/spin', 'spin'),
      remotePage('/user/spin/verify', 'spin/verify'),
      { path: 'contact', element: <ContactPage />, handle: title('/user/contact', ContactPage) },
      { path: '*', element: <NotFoundPage />, handle: title('/user/*', NotFoundPage) },
    ],
  },
  {
    path: 'terminated',
    element: <TerminatedPage />,
    handle: title('/terminated', TerminatedPage),
  },
  { path: '*', element: <NotFoundPage />, handle: title('*', NotFoundPage) },
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
