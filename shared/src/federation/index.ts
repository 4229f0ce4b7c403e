// `@wallet/shared/federation`: how a shell loads remotes, for both shells (the member site's host and the
// operators' console). The list of remotes (REMOTE_NAMES), the operator's directory of enabled remotes and its
// registration with the page's Module Federation runtime, the remote-failure policy (retries with backoff, time
// limits, the fallback panel) and the slot that puts a remote module on a page. Not part of '@wallet/shared'
// itself: the remotes never load remotes, so they do not carry this code.
export {
  REMOTE_NAMES,
  DEFAULT_REMOTES,
  createRemoteDirectory,
  fetchRemoteDirectory,
  loadRemoteDirectory,
  readInlineRemoteDirectory,
  startRemoteModule,
  registerWithFederation,
  remoteNameOf,
  type RemoteDirectory,
  type RemoteModuleId,
  type RemoteName,
} from './registry';
export { RemoteDirectoryProvider, useRemoteDirectory } from './remote-directory-context';
export { RemoteSlot } from './remote-slot';
export { FAILURE_POLICY, RemoteSkeleton, backoffDelay, type FailurePolicy } from './failure-policy';
export { FIRST_SCREEN_ATTRIBUTE } from './first-screen';
