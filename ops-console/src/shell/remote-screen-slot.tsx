import { useEffect, useRef, useState } from 'react';
import { mountRootParcel, type Parcel } from 'single-spa';
import { DelayedLoader, useTranslation } from '@wallet/shared';
import type { Operator } from '../api';
import type { MenuItem } from '../menu';
import { loadOperatorScreen } from '../remotes/federation';

/** What a remote's operator screen gets as props: who is signed in (its role decides what the screen offers). */
export interface OperatorScreenProps {
  operator: Pick<Operator, 'username' | 'role'>;
  remoteModule: string;
}

/**
 * The place of a screen that a remote owns (the slip and withdrawal queues of mfe-wallet, the bonus definitions
 * of mfe-bonus, ...): the remote exposes it as a module of its own build (`<remote>/Ops<Screen>`, a parcel of
 * `createRemoteParcel`) and the console mounts it here through the page's Module Federation runtime, as the
 * member shell mounts a remote's pages. A remote that does not expose it (yet), or cannot be reached, leaves
 * the slot saying so.
 */
export function RemoteScreenSlot({ item, operator }: { item: MenuItem; operator: Operator }) {
  const { t } = useTranslation('ops');
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'mounted' | 'missing'>('loading');
  const { username, role } = operator;
  const module = item.module;

  useEffect(() => {
    if (!module) return undefined;
    let live = true;
    let parcel: Parcel | undefined;
    loadOperatorScreen(module)
      .then((config) => {
        if (!live || !host.current) return;
        const props: OperatorScreenProps = { operator: { username, role }, remoteModule: module };
        parcel = mountRootParcel(config, { domElement: host.current, ...props });
        return parcel.mountPromise.then(() => {
          if (live) setState('mounted');
        });
      })
      .catch(() => {
        if (live) setState('missing');
      });
    return () => {
      live = false;
      if (parcel?.getStatus() === 'MOUNTED') parcel.unmount().catch(() => undefined);
    };
  }, [module, username, role]);

  return (
    <section
      className="ops-screen ops-slot"
      aria-labelledby={state === 'mounted' ? undefined : 'ops-screen-title'}
      data-remote={item.remote}
      data-screen={item.id}
    >
      {state !== 'mounted' && <h1 id="ops-screen-title">{t(`menu.${item.id}`)}</h1>}
      {state === 'loading' && <DelayedLoader active variant="inline" label={t('loading')} />}
      {(state === 'missing' || !module) && (
        <>
          <p>{t('slot.owner', { remote: item.remote })}</p>
          <p className="ops-hint">{t('slot.notYet')}</p>
        </>
      )}
      <div ref={host} className="ops-slot__remote" />
    </section>
  );
}
