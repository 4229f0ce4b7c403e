import { redirect, type RouteObject } from 'react-router-dom';
import { DelayedLoader, i18nReady } from '@wallet/shared';
import { RemoteRoute } from './remotes/remote-route';
import { endHeldSession, requireSession, terminatedCheck } from './routing/guards';
import { PublicShell } from './shell/public-shell';
import type { RouteHandle } from './shell/document-title';
import { ShellRoot } from './shell/shell-root';

/**
 * What `/login` does not show is fetched when a route needs it (React Router's `lazy`, in parallel with the route's
 * guard): the member shell and the host's own pages. The public shell and the remote pages' route element stay in
 * the first chunk.
 */
const memberShell = () => import('./shell/member-shell').then((m) => ({ Component: m.MemberShell }));
const contactPage = () => import('./pages/contact-page').then((m) => ({ Component: m.ContactPage }));
const howtoPage = () => import('./pages/howto-page').then((m) => ({ Component: m.HowtoPage }));
const notFoundPage = () => import('./pages/not-found-page').then((m) => ({ Component: m.NotFoundPage }));
const terminatedPage = () => import('./pages/terminated-page').then((m) => ({ Component: m.TerminatedPage }));

/** A route's tab title: a key of the `host` catalogue (see `DocumentTitle`). */
const title = (key: string): RouteHandle => ({ title: key });

/**
 * Every route of spec §2, each with its tab title (`handle`). Guards are loaders, so they run before the
 * navigation completes (the terminated check runs before `/login` renders, a protected page never renders
 * without a token).
 */
export const routes: RouteObject[] = [
  {
    element: <ShellRoot />,
    // Nothing renders before the strings of the page's language (shared's and the shell's) are loaded: no keys on
    // screen. A chunk that cannot be loaded fails this first navigation (the router's error page).
    loader: async () => {
      await i18nReady();
      return null;
    },
    // Loaded once; a language switch loads its own strings first (setLocale).
    shouldRevalidate: () => false,
    // While the first navigation's guards run (e.g. the terminated check of /login).
    hydrateFallbackElement: <DelayedLoader active />,
    children: [
      { path: '/', loader: () => redirect('/user'), element: null },
      {
        // The logged-out shell.
        element: <PublicShell />,
        loader: endHeldSession,
        children: [
          {
            path: 'login',
            loader: terminatedCheck,
            element: <RemoteRoute module="mfe_auth/Login" />,
            handle: title('titles.login'),
          },
          {
            path: 'register',
            element: <RemoteRoute module="mfe_auth/Register" />,
            handle: title('titles.register'),
          },
          { path: 'howto', lazy: howtoPage, handle: title('titles.howto') },
          { path: 'contact', lazy: contactPage, handle: title('titles.contact') },
        ],
      },
      {
        // The signed-in shell.
        path: 'user',
        lazy: memberShell,
        loader: requireSession,
        children: [
          { index: true, loader: () => redirect('/user/home'), element: null },
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
          { path: 'contact', lazy: contactPage, handle: title('titles.contact') },
          { path: '*', lazy: notFoundPage, handle: title('titles.notFound') },
        ],
      },
      {
        path: 'terminated',
        lazy: terminatedPage,
        handle: { title: 'terminated.pageTitle', bare: true },
      },
      { path: '*', lazy: notFoundPage, handle: title('titles.notFound') },
    ],
  },
];
