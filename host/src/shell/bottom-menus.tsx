import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRemoteDirectory } from '@wallet/shared/federation';

/** The class of a menu entry; the entry of the page shown is marked active. */
export const itemClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'host-menu__item host-menu__item--active' : 'host-menu__item';

/** Logged-out bottom menu (spec §2): home (the sign-in page), register, how-to, contact. */
export function PublicBottomMenu() {
  const { t } = useTranslation('host');
  const directory = useRemoteDirectory();
  const auth = directory.isEnabled('mfe_auth');
  return (
    <nav className="host-menu" aria-label={t('menu.label')} data-testid="public-menu">
      {auth && (
        <NavLink to="/login" className={itemClass} data-testid="menu-home">
          {t('menu.home')}
        </NavLink>
      )}
      {auth && (
        <NavLink to="/register" className={itemClass} data-testid="menu-register">
          {t('menu.register')}
        </NavLink>
      )}
      <NavLink to="/howto" className={itemClass} data-testid="menu-howto">
        {t('menu.howto')}
      </NavLink>
      <NavLink to="/contact" className={itemClass} data-testid="menu-contact">
        {t('menu.contact')}
      </NavLink>
    </nav>
  );
}
