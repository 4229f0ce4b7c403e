import { useEffect, useState } from 'react';
import { BrowserRouter, NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { Button, LanguageSwitcher, toastError, useTranslation } from '@wallet/shared';
import type { RemoteDirectory } from '@wallet/shared/federation';
import { AccountScreen } from '../account/account-screen';
import { opsApi, type Operator } from '../api';
import { AuditScreen } from '../audit/audit-screen';
import { BooksScreen } from '../books/books-screen';
import { ContentScreen } from '../content/content-screen';
import { menuFor, MENU, type MenuItem } from '../menu';
import { OperatorsScreen } from '../operators/operators-screen';
import { ReleasesScreen } from '../releases/releases-screen';
import { startConsoleFederation } from '../remotes';
import { SettingsScreen } from '../settings/settings-screen';
import { RemoteScreenSlot } from './remote-screen-slot';

/** The console's own screens (given the signed-in operator); the others come from the remote that owns them. */
const OWN_SCREENS: Record<string, (props: { operator: Operator }) => React.JSX.Element> = {
  settings: SettingsScreen,
  content: ContentScreen,
  books: BooksScreen,
  releases: ReleasesScreen,
  operators: OperatorsScreen,
  audit: AuditScreen,
  account: AccountScreen,
};

function Screen({
  item,
  operator,
  directory,
}: {
  item: MenuItem;
  operator: Operator;
  directory: RemoteDirectory | undefined;
}) {
  const Own = OWN_SCREENS[item.id];
  if (Own) return <Own operator={operator} />;
  return <RemoteScreenSlot key={item.id} item={item} operator={operator} directory={directory} />;
}

function NotForRole() {
  const { t } = useTranslation('ops');
  return (
    <section className="ops-screen" aria-labelledby="ops-screen-title">
      <h1 id="ops-screen-title">{t('notAllowed.title')}</h1>
      <p>{t('notAllowed.body')}</p>
    </section>
  );
}

/** After the sign-in: the top bar (who, which role, logout), the menu of the role's screens, the screen. */
export function Shell({ operator, onLoggedOut }: { operator: Operator; onLoggedOut: () => void }) {
  const { t } = useTranslation('ops');
  const [busy, setBusy] = useState(false);
  // The remotes, registered with the page's runtime once the console shows (their code only when a screen opens).
  const [directory, setDirectory] = useState<RemoteDirectory>();
  useEffect(() => {
    let live = true;
    void startConsoleFederation().then((found) => {
      if (live) setDirectory(found);
    });
    return () => {
      live = false;
    };
  }, []);
  const items = menuFor(operator.role);
  const first = items[0];

  const logout = () => {
    setBusy(true);
    opsApi.logout().then(onLoggedOut, (error: unknown) => {
      setBusy(false);
      toastError(error);
    });
  };

  return (
    <BrowserRouter basename="/ops">
      <div className="ops-shell">
        <a className="ops-skip" href="#ops-main">
          {t('skipToContent')}
        </a>
        <header className="ops-topbar">
          <span className="ops-brand">{t('appName')}</span>
          <span className="ops-who" data-testid="ops-operator">
            <span className="ops-who__name">{operator.username}</span>
            <span className="ops-role">{t(`roles.${operator.role}`)}</span>
          </span>
          <LanguageSwitcher compact />
          <Button variant="secondary" size="sm" busy={busy} onClick={logout}>
            {t('logout')}
          </Button>
        </header>
        <nav className="ops-menu" aria-label={t('menu.label')}>
          <ul>
            {items.map((item) => (
              <li key={item.id}>
                <NavLink to={`/${item.id}`}>{t(`menu.${item.id}`)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="ops-main" className="ops-main" tabIndex={-1}>
          <Routes>
            {first && <Route index element={<Navigate to={`/${first.id}`} replace />} />}
            {MENU.map((item) => (
              <Route
                key={item.id}
                path={`/${item.id}/*`}
                element={
                  items.includes(item) ? (
                    <Screen item={item} operator={operator} directory={directory} />
                  ) : (
                    <NotForRole />
                  )
                }
              />
            ))}
            <Route path="*" element={first ? <Navigate to={`/${first.id}`} replace /> : <NotForRole />} />
          </Routes>
        </main>
      </div>
    </BrowserRouter>
  );
}
