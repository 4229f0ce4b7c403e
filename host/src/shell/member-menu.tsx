import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { bus } from '@wallet/shared';
import { useRemoteDirectory } from '@wallet/shared/federation';
import { itemClass } from './bottom-menus';

/**
 * Logged-in bottom menu (spec §2): profile, conditions (a modal owned by mfe-bonus), a large home button,
 * statement, contact. Entries of a disabled remote are not shown. A module of its own: it comes with the member
 * shell's chunk, not with /login.
 */
export function MemberBottomMenu() {
  const { t } = useTranslation('host');
  const directory = useRemoteDirectory();
  const bonus = directory.isEnabled('mfe_bonus');
  const auth = directory.isEnabled('mfe_auth');
  return (
    <nav className="host-menu" aria-label={t('menu.label')} data-testid="member-menu">
      {auth && (
        <NavLink to="/user/profile" className={itemClass} data-testid="menu-profile">
          {t('menu.profile')}
        </NavLink>
      )}
      {bonus && (
        <button
          type="button"
          className="host-menu__item"
          data-testid="menu-conditions"
          onClick={() => bus.emit('conditions:open', {})}
        >
          {t('menu.conditions')}
        </button>
      )}
      <NavLink
        to="/user/home"
        className={(state) => `${itemClass(state)} host-menu__item--home`}
        data-testid="menu-home"
      >
        {t('menu.home')}
      </NavLink>
      {bonus && (
        <NavLink to="/user/statement" className={itemClass} data-testid="menu-statement">
          {t('menu.statement')}
        </NavLink>
      )}
      <NavLink to="/user/contact" className={itemClass} data-testid="menu-contact">
        {t('menu.contact')}
      </NavLink>
    </nav>
  );
}
