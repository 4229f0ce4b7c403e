import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { filter } from 'rxjs';
import { clearSession, LanguageSwitcher, session$ } from '@wallet/shared';
import { AppName } from './app-name';
import { MemberBottomMenu } from './bottom-menus';
import { ConditionsHost } from './conditions-host';

/** The signed-in shell (/user/*): top bar, page, bottom menu, and the conditions modal opened from the menu. */
export function MemberShell() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();

  // However the session ends (logout here, another tab, a refused token), the member goes to the sign-in page.
  useEffect(() => {
    const subscription = session$
      .pipe(filter((session) => session === null))
      .subscribe(() => void navigate('/login', { replace: true }));
    return () => subscription.unsubscribe();
  }, [navigate]);

  const logout = () => clearSession();

  return (
    <div className="host-shell host-shell--member" data-testid="member-shell">
      <header className="host-topbar">
        <AppName />
        <LanguageSwitcher compact />
        <button type="button" className="host-logout" data-testid="logout" onClick={logout}>
          {t('actions.logout')}
        </button>
      </header>
      <main className="host-main">
        <Outlet />
      </main>
      <MemberBottomMenu />
      <ConditionsHost />
    </div>
  );
}
