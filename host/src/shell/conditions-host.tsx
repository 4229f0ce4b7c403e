import { useCallback, useEffect, useMemo, useState } from 'react';
import { bus } from '@wallet/shared';
import { RemoteSlot, useRemoteDirectory } from '@wallet/shared/federation';

/**
 * The bonus-conditions modal of the bottom menu. It belongs to mfe-bonus (`mfe_bonus/Conditions`, a parcel that
 * renders a modal and calls `onClose`); the shell only mounts it when `conditions:open` is emitted. With
 * mfe-bonus disabled the menu entry is hidden and the event is ignored; with mfe-bonus down the slot shows the
 * unavailable panel in a modal (remotes/failure-policy.tsx) that closes the same way.
 */
export function ConditionsHost() {
  const directory = useRemoteDirectory();
  const enabled = directory.isEnabled('mfe_bonus');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const parcelProps = useMemo(() => ({ onClose: close }), [close]);

  useEffect(() => {
    if (!enabled) return undefined;
    const subscription = bus.on('conditions:open').subscribe(() => setOpen(true));
    return () => subscription.unsubscribe();
  }, [enabled]);

  if (!enabled || !open) return null;
  return (
    <RemoteSlot
      module="mfe_bonus/Conditions"
      parcelProps={parcelProps}
      whileLoading="overlay"
      className="host-conditions"
    />
  );
}
