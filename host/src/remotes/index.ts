// Remote composition and the remote-failure policy of the shell, in one place.
export {
  REMOTE_NAMES,
  DEFAULT_REMOTES,
  createRemoteDirectory,
  fetchRemoteDirectory,
  registerWithFederation,
  remoteNameOf,
  type RemoteDirectory,
  type RemoteModuleId,
  type RemoteName,
} from './registry';
export { RemoteDirectoryProvider, useRemoteDirectory } from './remote-directory-context';
export { RemoteSlot, type RemoteSlotProps } from './remote-slot';
export { RemoteRoute } from './remote-route';
export { REMOTE_LOAD_TIMEOUT_MS, loadRemoteParcel, loadRemoteParcelOrFallback } from './load-remote-parcel';
export {
  failurePolicyPlugin,
  fetchWithRetry,
  DEFAULT_RETRY,
  type RetryPolicy,
} from './failure-policy-plugin';
export { createFallbackParcel, type SlotParcelProps } from './fallback-parcel';
