import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ParcelConfig } from 'single-spa';

/** One entry of `/remotes.json` (served by the server, never cached). */
interface RemoteDescriptor {
  name: string;
  folder: string;
  entry: string;
  enabled: boolean;
}

/**
 * An operator screen a remote exposes: `<remote>/<Module>` (`mfe_wallet/OpsSlips`, `mfe_chat/AgentInbox`), its
 * default export a parcel made with `createRemoteParcel` of `@wallet/shared`, exactly like a member page of that
 * remote.
 */
export type OperatorModuleId = `mfe_${string}/${string}`;

let registered: Promise<void> | undefined;

/**
 * Registers every remote of `/remotes.json` with the page's Module Federation runtime, once per page. The
 * `enabled` flag is the member site's switch (`remote.<folder>.enabled`): an operator still reaches the screens
 * of a remote switched off for members. Nothing is fetched from a remote until one of its screens is opened.
 */
export function registerRemotesOnce(): Promise<void> {
  registered ??= (async () => {
    init({ name: 'ops_console', remotes: [], shareStrategy: 'loaded-first' });
    const response = await fetch('/remotes.json', { headers: { 'Cache-Control': 'no-cache' } });
    const document = (await response.json()) as { remotes?: RemoteDescriptor[] };
    registerRemotes((document.remotes ?? []).map(({ name, entry }) => ({ name, entry })));
  })().catch((error: unknown) => {
    registered = undefined;
    throw error;
  });
  return registered;
}

/** Loads a remote's operator screen; rejects when the remote is unreachable or does not expose it (yet). */
export async function loadOperatorScreen(id: OperatorModuleId): Promise<ParcelConfig> {
  await registerRemotesOnce();
  const loaded = await loadRemote<{ default?: unknown }>(id);
  const parcel = loaded?.default;
  if (typeof parcel !== 'object' || parcel === null || !('mount' in parcel))
    throw new Error(`${id} is not a parcel`);
  return parcel as ParcelConfig;
}
