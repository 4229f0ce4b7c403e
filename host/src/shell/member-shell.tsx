import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { filter } from 'rxjs';
import { clearSession, DelayedLoader, LanguageSwitcher, session$ } from '@wallet/shared';
import { sessionApi } from '../api';
import { AppName } from './app-name';
import { MemberBottomMenu } from './member-menu';
import { ConditionsHost } from './conditions-host';
import { useStaticFrameHandoff } from './static-frame-handoff';

/**
 * The signed-in shell (/user/*): top bar, page, bottom menu, and the conditions modal opened from the menu. The
 * server's frame goes when it first renders.
 */
export function MemberShell() {
  useStaticFrameHandoff();
  const { t } = useTranslation('common');
  const navigate = useNavigate();

  // However the session ends (logout here, another tab, a refused token), the member goes to the sign-in page.
  useEffect(() => {
    const subscription = session$
      .pipe(filter((session) => session === null))
      .subscribe(() => void navigate('/login', { replace: true }));
    return () => subscription.unsubscribe();
  }, [navigate]);

  // The server revokes the session first (the token is dead even if a copy of it leaked); the local session is
  // cleared whatever the answer (offline, already revoked, server error), so logging out always works.
  const leaving = useRef(false);
  const logout = async () => {
    if (leaving.current) return;
    leaving.current = true;
    try {
      await sessionApi.logout();
    } catch {
      // Nothing to do: the local session goes below.
    } finally {
      leaving.current = false;
      clearSession();
    }
  };

  return (
    <div className="host-shell host-shell--member" data-testid="member-shell">
      <header className="host-topbar">
        <AppName />
        <LanguageSwitcher compact />
        <button type="button" className="host-logout" data-testid="logout" onClick={() => void logout()}>
          {t('actions.logout')}
        </button>
      </header>
      <main className="host-main">
        {/* A lazy page's code on a first load that did not preload it. */}
        <Suspense fallback={<DelayedLoader active variant="inline" />}>
          <Outlet />
        </Suspense>
      </main>
      <MemberBottomMenu />
      <ConditionsHost />
    </div>
  );
}
