import { useCallback, useState } from 'react';
import { mountRootParcel } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { loadRemoteParcelOrFallback, REMOTE_LOAD_TIMEOUT_MS } from './load-remote-parcel';
import { useRemoteDirectory } from './remote-directory-context';
import { remoteNameOf, type RemoteModuleId } from './registry';

export interface RemoteSlotProps {
  /** The exposed module to mount, e.g. `mfe_wallet/Home`. */
  module: RemoteModuleId;
  /** Extra props handed to the parcel (e.g. `onClose` of the conditions modal). */
  parcelProps?: Record<string, unknown>;
  /** Overrides the load timeout (tests). */
  timeoutMs?: number;
  className?: string;
}

/**
 * Where a remote module lives on a page. It renders nothing for a disabled remote (whose code is then never
 * fetched); otherwise it mounts the module's parcel in its own React root. Whatever goes wrong (the remote is
 * down, hangs past the timeout, or is not a parcel) the slot shows the translated "unavailable, retry" panel,
 * whose retry loads the module again; the rest of the page is untouched.
 */
export function RemoteSlot({
  module,
  parcelProps,
  timeoutMs = REMOTE_LOAD_TIMEOUT_MS,
  className,
}: RemoteSlotProps) {
  const directory = useRemoteDirectory();
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (!directory.isEnabled(remoteNameOf(module))) return null;

  return (
    <Parcel
      key={`${module}#${attempt}`}
      // The key remounts the parcel on retry, which calls the loader again; a failed load is not cached by the
      // runtime, so the retry really fetches the remote again.
      config={() => loadRemoteParcelOrFallback(module, timeoutMs)}
      mountParcel={mountRootParcel}
      wrapWith="div"
      wrapClassName={['host-remote-slot', className].filter(Boolean).join(' ')}
      remoteModule={module}
      onRetry={retry}
      {...parcelProps}
    />
  );
}
