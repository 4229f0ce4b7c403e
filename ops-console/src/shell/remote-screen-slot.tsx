import { useTranslation } from '@wallet/shared';
import type { MenuItem } from '../menu';

/**
 * The place of a screen that a remote owns (the slip and withdrawal queues of mfe-wallet, the bonus definitions
 * of mfe-bonus, ...): the remote exposes it as a module of its own build and the console mounts it here, through
 * the page's Module Federation runtime, as the member shell mounts a remote's pages. Until the remote exposes it,
 * the slot says so.
 */
export function RemoteScreenSlot({ item }: { item: MenuItem }) {
  const { t } = useTranslation('ops');
  return (
    <section
      className="ops-screen ops-slot"
      aria-labelledby="ops-screen-title"
      data-remote={item.remote}
      data-screen={item.id}
    >
      <h1 id="ops-screen-title">{t(`menu.${item.id}`)}</h1>
      <p>{t('slot.owner', { remote: item.remote })}</p>
      <p className="ops-hint">{t('slot.notYet')}</p>
    </section>
  );
}
