import { init, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import remotesList from '../../../remotes.json';
import { FAILURE_POLICY, remoteFailurePolicyPlugin, type FailurePolicy } from './failure-policy';
import { remotesApi, type RemoteDescriptor } from './remotes-api';

/** A remote's federation scope, the name the shells register it under: `mfe_<x>`. */
export type RemoteName = `mfe_${string}`;

/** The remotes a shell knows how to place: the scopes of the one list of remotes (remotes.json at the root). */
export const REMOTE_NAMES: readonly RemoteName[] = remotesList.remotes.map(
  ({ scope }) => scope as RemoteName,
);

/** `mfe_auth/Login`: a remote name and one of its exposed modules. */
export type RemoteModuleId = `${RemoteName}/${string}`;

export function remoteNameOf(id: RemoteModuleId): RemoteName {
  return id.slice(0, id.indexOf('/')) as RemoteName;
}

/** What the operator enabled, as read once per page load from `/remotes.json`. */
export interface RemoteDirectory {
  isEnabled(name: RemoteName): boolean;
  enabled: readonly RemoteDescriptor[];
}

export function createRemoteDirectory(descriptors: readonly RemoteDescriptor[]): RemoteDirectory {
  const enabled = descriptors.filter(
    (d) => d.enabled && (REMOTE_NAMES as readonly string[]).includes(d.name),
  );
  const names = new Set(enabled.map((d) => d.name));
  return { enabled, isEnabled: (name) => names.has(name) };
}

/**
 * Where the server serves each remote (`/remotes/<folder>/`). Used only when `/remotes.json` cannot be read, so
 * that a hiccup of that one request does not take the sign-in page away.
 */
export const DEFAULT_REMOTES: readonly RemoteDescriptor[] = remotesList.remotes.map(({ scope, folder }) => ({
  name: scope,
  folder,
  entry: `/remotes/${folder}/mf-manifest.json`,
  enabled: true,
}));

/** The id of the remotes map the server renders into index.html (`<script type="application/json" id="remotes">`). */
export const INLINE_REMOTES_ID = 'remotes';

/**
 * The remotes map the server rendered into the page, read without a request; undefined when the page has none
 * (or it is not readable), then the host asks `/remotes.json`.
 */
export function readInlineRemoteDirectory(doc: Document = document): RemoteDirectory | undefined {
  const text = doc.getElementById(INLINE_REMOTES_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as { remotes?: unknown };
    return Array.isArray(parsed.remotes)
      ? createRemoteDirectory(parsed.remotes as RemoteDescriptor[])
      : undefined;
  } catch {
    return undefined;
  }
}

/** The page's own map when the server rendered one (first load), else `/remotes.json`. */
export async function loadRemoteDirectory(): Promise<RemoteDirectory> {
  return readInlineRemoteDirectory() ?? fetchRemoteDirectory();
}

/**
 * Reads the operator's list; falls back to the default layout when it cannot be fetched. `everyRemote`: the
 * operators' console, which reaches the screens of a remote the operator switched off for members (the `enabled`
 * flag is the member site's switch).
 */
export async function fetchRemoteDirectory({ everyRemote = false } = {}): Promise<RemoteDirectory> {
  let descriptors: readonly RemoteDescriptor[];
  try {
    const doc = await remotesApi.list();
    descriptors = Array.isArray(doc?.remotes) ? doc.remotes : [];
  } catch {
    descriptors = DEFAULT_REMOTES;
  }
  return createRemoteDirectory(everyRemote ? descriptors.map((d) => ({ ...d, enabled: true })) : descriptors);
}

export interface FederationOptions {
  /** The page's Module Federation name: its build's `name` (`host`, `ops_console`). */
  name: string;
  /** The failure policy's numbers (tests scale them down). */
  policy?: FailurePolicy;
}

/**
 * Registers the enabled remotes with the page's Module Federation runtime, with the failure policy's plugin.
 * Nothing is fetched here: with the `loaded-first` strategy a remote's manifest and code are requested only when
 * a page mounts one of its modules, and a disabled remote is never registered, so its code is never fetched.
 */
export function registerWithFederation(
  directory: RemoteDirectory,
  { name, policy = FAILURE_POLICY }: FederationOptions,
): void {
  init({
    name,
    remotes: [],
    shareStrategy: 'loaded-first',
    plugins: [remoteFailurePolicyPlugin(policy)],
  });
  registerRemotes(
    directory.enabled.map(({ name: remote, entry }) => ({ name: remote, entry })),
    { force: true },
  );
}

/**
 * Starts loading a remote module before anything renders it: its manifest, its entry (run, so the container is
 * ready) and the exposed module's chunks, while the host's bootstrap and first render go on. The slot that mounts
 * it later finds it loaded. A failure here is silent: the slot's own load applies the failure policy and reports.
 */
export function startRemoteModule(id: RemoteModuleId, directory: RemoteDirectory): void {
  const name = remoteNameOf(id);
  if (!directory.isEnabled(name)) return;
  const expose = id.slice(id.indexOf('/') + 1);
  preloadRemote([{ nameOrAlias: name, exposes: [expose], resourceCategory: 'sync', share: false }]).catch(
    () => undefined,
  );
}
