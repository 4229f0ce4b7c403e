import { bus } from '@wallet/shared';

export type RemoteFailureSink = (remote: string, error: string) => void;

/** The browser console: where an operator (or an error-monitoring agent reading it) sees which part went down. */
const toConsole: RemoteFailureSink = (remote, error) =>
  console.error(`[wallet] remote ${remote} failed: ${error}`);

/**
 * The host's handler of `remote:failed` (emitted by the remote loader when a remote cannot be loaded, and by a
 * remote's error boundary when it crashes): reports each failure. The member already sees the "unavailable —
 * retry" panel; this is the trace for the people running the site. Returns the unsubscribe.
 */
export function reportRemoteFailures(sink: RemoteFailureSink = toConsole): () => void {
  const subscription = bus.on('remote:failed').subscribe(({ remote, error }) => sink(remote, error));
  return () => subscription.unsubscribe();
}
