// Remote composition and the remote-failure policy of the shell, in one place.
export {
  REMOTE_NAMES,
  DEFAULT_REMOTES,
  createRemoteDirectory,
  fetchRemoteDirectory,
  loadRemoteDirectory,
  readInlineRemoteDirectory,
  startRemoteModule,
  INLINE_REMOTES_ID,
  registerWithFederation,
  remoteNameOf,
  type RemoteDirectory,
  type RemoteModuleId,
  type RemoteName,
} from './registry';
export { RemoteDirectoryProvider, useRemoteDirectory } from './remote-directory-context';
export { RemoteSlot, type RemoteSlotProps, type RemoteLoadingView } from './remote-slot';
export { RemoteRoute } from './remote-route';
export {
  FAILURE_POLICY,
  backoffDelay,
  createFallbackParcel,
  loadRemoteParcel,
  loadRemoteParcelOrFallback,
  remoteFailurePolicyPlugin,
  RemoteLoadError,
  RemoteSkeleton,
  type FailurePolicy,
  type SlotParcelProps,
} from './failure-policy';
