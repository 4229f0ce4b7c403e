import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { bus } from '@wallet/shared';
import { createFallbackParcel } from './fallback-parcel';

export interface RetryPolicy {
  /** Attempts after the first one. */
  retries: number;
  /** Delay before the first retry; doubles on each further one. */
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 2, baseDelayMs: 400 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const backoff = (policy: RetryPolicy, retry: number) => policy.baseDelayMs * 2 ** (retry - 1);

/**
 * Fetches with retries and exponential backoff. A network error or a 5xx is retried; any other answer (a 404 of
 * a manifest that is not deployed) is returned as it is, since asking again would not change it.
 */
export async function fetchWithRetry(
  url: string,
  init: RequestInit | undefined,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<Response> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= policy.retries; attempt++) {
    if (attempt > 0) await sleep(backoff(policy, attempt));
    try {
      const response = await fetch(url, init);
      if (response.status < 500 || attempt === policy.retries) return response;
      lastError = new Error(`${url}: HTTP ${response.status}`);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

type LoadEntryErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];
type RemoteEntry = NonNullable<LoadEntryErrorArgs['remoteEntryExports']>;

/** Loads a remote's entry script again, with backoff, after the runtime failed to load it once. */
async function retryRemoteEntry(
  { getRemoteEntry, origin, remoteInfo, globalLoading, uniqueKey }: LoadEntryErrorArgs,
  policy: RetryPolicy,
): Promise<RemoteEntry | undefined> {
  for (let retry = 1; retry <= policy.retries; retry++) {
    await sleep(backoff(policy, retry));
    // The failed attempt is still registered as "in flight"; drop it so the script is requested again.
    delete globalLoading[uniqueKey];
    try {
      const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports: undefined });
      if (exports) return exports;
    } catch {
      // Try again until the retries are spent; the load then fails as it would have without this plugin.
    }
  }
  return undefined;
}

/**
 * The Module Federation side of the remote-failure policy (the other side is the load timeout and the panel in
 * remote-slot.tsx):
 * - manifests (`fetch`) and remote entries (`loadEntryError`) are retried with backoff;
 * - when a remote module still cannot be loaded, `errorLoadRemote` reports it on the bus and answers with a
 *   fallback module whose parcel shows the translated "unavailable, retry" panel. Nothing failed is cached by
 *   the runtime, so the panel's retry loads the remote again.
 */
export function failurePolicyPlugin(policy: RetryPolicy = DEFAULT_RETRY): ModuleFederationRuntimePlugin {
  return {
    name: 'wallet-remote-failure-policy',

    fetch(url, init) {
      return fetchWithRetry(url, init, policy);
    },

    loadEntryError(args) {
      // The hook's declared type wants a promise of a promise; a promise resolves the same at run time.
      return retryRemoteEntry(args, policy) as unknown as Promise<
        Promise<RemoteEntry | undefined> | undefined
      >;
    },

    errorLoadRemote({ id, error, lifecycle }) {
      // Only the final `onLoad` stage expects a module back; an earlier stage's error reaches `onLoad` too.
      if (lifecycle !== 'onLoad') return undefined;
      bus.emit('remote:failed', {
        remote: id,
        error: error instanceof Error ? error.message : String(error),
      });
      return { default: createFallbackParcel(id) };
    },
  };
}
