import { useMemo } from 'react';
import { DelayedLoader, useTranslation } from '@wallet/shared';
import { RemoteDirectoryProvider, RemoteSlot, type RemoteDirectory } from '@wallet/shared/federation';
import type { Operator } from '../api';
import type { MenuItem } from '../menu';

/** What a remote's operator screen gets as props: who is signed in (its role decides what the screen offers). */
export interface OperatorScreenProps {
  operator: Pick<Operator, 'username' | 'role'>;
  remoteModule: string;
}

export interface RemoteScreenSlotProps {
  item: MenuItem;
  operator: Operator;
  /** The remotes registered with the page's runtime (`startConsoleFederation`); undefined while it is read. */
  directory: RemoteDirectory | undefined;
  /** Overrides the load timeout of the failure policy (tests). */
  timeoutMs?: number;
}

/**
 * The place of a screen that a remote owns (the slip and withdrawal queues of mfe-wallet, the bonus definitions
 * of mfe-bonus, ...): the remote exposes it as a module of its own build (`<remote>/Ops<Screen>`, a parcel of
 * `createRemoteParcel`) and the console mounts it here with the `RemoteSlot` of the federation layer, as the
 * member shell mounts a remote's pages: the skeleton while it loads (a manifest, entry or chunk that fails is
 * asked again with backoff, each within its time limit), then the screen, or the translated "unavailable — try
 * again" panel when the remote cannot be reached in time. The console's menu and top bar stay as they are.
 */
export function RemoteScreenSlot({ item, operator, directory, timeoutMs }: RemoteScreenSlotProps) {
  const { t } = useTranslation('ops');
  const { username, role } = operator;
  // The same object across renders, so the mounted parcel is not updated for nothing.
  const parcelProps = useMemo(() => ({ operator: { username, role } }), [username, role]);
  const module = item.module;

  return (
    <section
      className="ops-screen ops-slot"
      aria-label={t(`menu.${item.id}`)}
      data-remote={item.remote}
      data-screen={item.id}
    >
      {!module && (
        <>
          <h1>{t(`menu.${item.id}`)}</h1>
          <p>{t('slot.owner', { remote: item.remote })}</p>
          <p className="ops-hint">{t('slot.notYet')}</p>
        </>
      )}
      {module && !directory && <DelayedLoader active variant="inline" label={t('loading')} />}
      {module && directory && (
        <RemoteDirectoryProvider directory={directory}>
          <RemoteSlot
            module={module}
            parcelProps={parcelProps}
            timeoutMs={timeoutMs}
            className="ops-slot__remote"
          />
        </RemoteDirectoryProvider>
      )}
    </section>
  );
}
