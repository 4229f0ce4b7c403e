import { useCallback, useMemo, useState } from 'react';
import { mountRootParcel } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { DelayedLoader } from '../ui/delayed-loader';
import { FAILURE_POLICY, loadRemoteParcelOrFallback, RemoteSkeleton } from './failure-policy';
import { FirstScreenHolder, findFirstScreen } from './first-screen';
import { useRemoteDirectory } from './remote-directory-context';
import { remoteNameOf, type RemoteModuleId } from './registry';

/**
 * What shows until the remote's parcel (or the unavailable panel) is mounted: `page`, the page-shaped skeleton
 * (pages); `overlay`, the shared spinner after 200 ms (a modal remote); `none` (a floating widget).
 */
export type RemoteLoadingView = 'page' | 'overlay' | 'none';

export interface RemoteSlotProps {
  /** The exposed module to mount, e.g. `mfe_wallet/Home`. */
  module: RemoteModuleId;
  /** Extra props handed to the parcel (e.g. `onClose` of the conditions modal). */
  parcelProps?: Record<string, unknown>;
  /** Overrides the load timeout (tests). */
  timeoutMs?: number;
  /** What shows while the module loads (default `page`). */
  whileLoading?: RemoteLoadingView;
  className?: string;
}

/**
 * Where a remote module lives on a page. It renders nothing for a disabled remote (whose code is then never
 * fetched); otherwise it shows the placeholder at once and mounts the module's parcel in its own React root,
 * which replaces the placeholder. Whatever goes wrong (the remote is down, hangs past the timeout, or is not a
 * parcel) the slot shows the translated "unavailable, try again" panel, whose retry loads the module again; the
 * rest of the page is untouched. The policy itself lives in failure-policy.tsx.
 */
export function RemoteSlot({
  module,
  parcelProps,
  timeoutMs = FAILURE_POLICY.loadTimeoutMs,
  whileLoading = 'page',
  className,
}: RemoteSlotProps) {
  const directory = useRemoteDirectory();
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (!directory.isEnabled(remoteNameOf(module))) return null;

  return (
    <SlotAttempt
      // A new key per retry: a fresh placeholder and a fresh parcel, whose loader asks the runtime again (it
      // keeps nothing of a failed load).
      key={`${module}#${attempt}`}
      module={module}
      parcelProps={parcelProps}
      timeoutMs={timeoutMs}
      whileLoading={whileLoading}
      className={className}
      onRetry={retry}
    />
  );
}

function SlotAttempt({
  module,
  parcelProps,
  timeoutMs,
  whileLoading,
  className,
  onRetry,
}: Required<Omit<RemoteSlotProps, 'parcelProps' | 'className'>> &
  Pick<RemoteSlotProps, 'parcelProps' | 'className'> & { onRetry: () => void }) {
  const [mounted, setMounted] = useState(false);
  const onMounted = useCallback(() => setMounted(true), []);
  // The first attempt of a page shows the server's prerendered first screen, when the page has one for the module.
  const [firstScreen] = useState(() => (whileLoading === 'page' ? findFirstScreen(module) : undefined));

  // The same element across the placeholder's own re-render, so the parcel is not updated for nothing.
  const parcel = useMemo(
    () => (
      <Parcel
        config={() => loadRemoteParcelOrFallback(module, timeoutMs)}
        mountParcel={mountRootParcel}
        parcelDidMount={onMounted}
        wrapWith="div"
        wrapClassName={['host-remote-slot', className].filter(Boolean).join(' ')}
        remoteModule={module}
        onRetry={onRetry}
        {...parcelProps}
      />
    ),
    [module, timeoutMs, onMounted, className, onRetry, parcelProps],
  );

  // The placeholder follows the parcel's element: CSS hides it as soon as the parcel has rendered anything, in the
  // same frame, before `parcelDidMount` removes it.
  return (
    <>
      {parcel}
      {!mounted && whileLoading === 'page' && firstScreen && <FirstScreenHolder element={firstScreen} />}
      {!mounted && whileLoading === 'page' && !firstScreen && <RemoteSkeleton remoteModule={module} />}
      {!mounted && whileLoading === 'overlay' && <DelayedLoader active />}
    </>
  );
}
