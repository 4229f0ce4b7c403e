import { redirect, type RouteObject } from 'react-router-dom';
import { DelayedLoader } from '@wallet/shared';
import { ContactPage } from './pages/contact-page';
import { HowtoPage } from './pages/howto-page';
import { NotFoundPage } from './pages/not-found-page';
import { TerminatedPage } from './pages/terminated-page';
import { RemoteRoute } from './remotes/remote-route';
import { endHeldSession, requireSession, terminatedCheck } from './routing/guards';
import { MemberShell } from './shell/member-shell';
import { PublicShell } from './shell/public-shell';
import { ShellRoot } from './shell/shell-root';

/**
 * Every route of spec §2. Guards are loaders, so they run before the navigation completes (the terminated check
 * runs before `/login` renders, a protected page never renders without a token).
 */
export const routes: RouteObject[] = [
  {
    element: <ShellRoot />,
    // While the first navigation's guards run (e.g. the terminated check of /login).
    hydrateFallbackElement: <DelayedLoader active />,
    children: [
      { path: '/', loader: () => redirect('/user'), element: null },
      {
        // The logged-out shell.
        element: <PublicShell />,
        loader: endHeldSession,
        children: [
          { path: 'login', loader: terminatedCheck, element: <RemoteRoute module="mfe_auth/Login" /> },
          { path: 'register', element: <RemoteRoute module="mfe_auth/Register" /> },
          { path: 'howto', element: <HowtoPage /> },
          { path: 'contact', element: <ContactPage /> },
        ],
      },
      {
        // The signed-in shell.
        path: 'user',
        element: <MemberShell />,
        loader: requireSession,
        children: [
          { index: true, loader: () => redirect('/user/home'), element: null },
          { path: 'home', element: <RemoteRoute module="mfe_wallet/Home" /> },
          { path: 'profile', element: <RemoteRoute module="mfe_auth/Profile" /> },
          { path: 'bonus', element: <RemoteRoute module="mfe_bonus/Bonus" /> },
          { path: 'statement', element: <RemoteRoute module="mfe_bonus/Statement" /> },
          { path: 'spin', element: <RemoteRoute module="mfe_spin/Spin" /> },
          { path: 'contact', element: <ContactPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: 'terminated', element: <TerminatedPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
