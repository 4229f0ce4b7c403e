import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { DelayedLoader, LanguageSwitcher } from '@wallet/shared';
import { AppName } from './app-name';
import { PublicBottomMenu } from './bottom-menus';
import { useStaticFrameHandoff } from './static-frame-handoff';

/** The logged-out shell: /login, /register, /howto, /contact. The server's frame goes when it first renders. */
export function PublicShell() {
  useStaticFrameHandoff();
  const { pathname } = useLocation();
  return (
    <div className="host-shell host-shell--public" data-testid="public-shell">
      <header className="host-topbar">
        <AppName />
        {/* The sign-in page has its own language switcher (mfe-auth); one per page. */}
        {pathname !== '/login' && <LanguageSwitcher compact />}
      </header>
      <main className="host-main">
        {/* A lazy page's code on a first load that did not preload it. */}
        <Suspense fallback={<DelayedLoader active variant="inline" />}>
          <Outlet />
        </Suspense>
      </main>
      <PublicBottomMenu />
    </div>
  );
}
