import {
  fetchRemoteDirectory,
  registerWithFederation,
  type FailurePolicy,
  type RemoteDirectory,
  type RemoteModuleId,
} from '@wallet/shared/federation';

/**
 * An operator screen a remote exposes: `<remote>/<Module>` (`mfe_wallet/OpsSlips`, `mfe_chat/AgentInbox`), its
 * default export a parcel made with `createRemoteParcel` of `@wallet/shared`, exactly like a member page of that
 * remote.
 */
export type OperatorModuleId = RemoteModuleId;

let started: Promise<RemoteDirectory> | undefined;

/**
 * Registers every remote of `/remotes.json` with the page's Module Federation runtime, once per page, through the
 * federation layer the member shell uses too (`@wallet/shared/federation`: retries with backoff, time limits, the
 * fallback panel). The `enabled` flag is the member site's switch (`remote.<folder>.enabled`): an operator still
 * reaches the screens of a remote switched off for members. Nothing is fetched from a remote until one of its
 * screens is opened. Never rejects: an unreadable `/remotes.json` leaves the default layout.
 */
export function startConsoleFederation(policy?: FailurePolicy): Promise<RemoteDirectory> {
  started ??= fetchRemoteDirectory({ everyRemote: true }).then((directory) => {
    registerWithFederation(directory, { name: 'ops_console', policy });
    return directory;
  });
  return started;
}
