import { init, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { remotesApi, type RemoteDescriptor } from '@wallet/shared';
import { remoteFailurePolicyPlugin } from './failure-policy';

/** The remotes the shell knows how to place (docs/architecture.md, route ownership). */
export const REMOTE_NAMES = ['mfe_auth', 'mfe_wallet', 'mfe_bonus', 'mfe_spin', 'mfe_chat'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

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
export const DEFAULT_REMOTES: readonly RemoteDescriptor[] = REMOTE_NAMES.map((name) => {
  const folder = name.replace('_', '-');
  return { name, folder, entry: `/remotes/${folder}/mf-manifest.json`, enabled: true };
});

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

/** Reads the operator's list; falls back to the default layout when it cannot be fetched. */
export async function fetchRemoteDirectory(): Promise<RemoteDirectory> {
  try {
    const doc = await remotesApi.list();
    return createRemoteDirectory(Array.isArray(doc?.remotes) ? doc.remotes : []);
  } catch {
    return createRemoteDirectory(DEFAULT_REMOTES);
  }
}

/**
 * Registers the enabled remotes with the Module Federation runtime. Nothing is fetched here: with the
 * `loaded-first` strategy a remote's manifest and code are requested only when a page mounts one of its modules,
 * and a disabled remote is never registered, so its code is never fetched.
 */
export function registerWithFederation(directory: RemoteDirectory): void {
  init({
    name: 'host',
    remotes: [],
    shareStrategy: 'loaded-first',
    plugins: [remoteFailurePolicyPlugin()],
  });
  registerRemotes(directory.enabled.map(({ name, entry }) => ({ name, entry })));
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
