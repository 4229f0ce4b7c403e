import { Outlet, useLocation } from 'react-router-dom';
import { LanguageSwitcher } from '@wallet/shared';
import { AppName } from './app-name';
import { PublicBottomMenu } from './bottom-menus';

/** The logged-out shell: /login, /register, /howto, /contact. */
export function PublicShell() {
  const { pathname } = useLocation();
  return (
    <div className="host-shell host-shell--public" data-testid="public-shell">
      <header className="host-topbar">
        <AppName />
        {/* The sign-in page has its own language switcher (mfe-auth); one per page. */}
        {pathname !== '/login' && <LanguageSwitcher compact />}
      </header>
      <main className="host-main">
        <Outlet />
      </main>
      <PublicBottomMenu />
    </div>
  );
}
