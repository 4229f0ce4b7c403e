import { loadRemote } from '@module-federation/enhanced/runtime';
import type { ParcelConfigObject } from 'single-spa';
import { bus } from '@wallet/shared';
import { createFallbackParcel, type SlotParcelProps } from './fallback-parcel';
import type { RemoteModuleId } from './registry';

/** How long a remote module may take (manifest, entry, chunks and retries included) before the panel shows. */
export const REMOTE_LOAD_TIMEOUT_MS = 10_000;

export class RemoteLoadError extends Error {
  constructor(
    readonly remoteModule: string,
    reason: string,
  ) {
    super(`${remoteModule}: ${reason}`);
    this.name = 'RemoteLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, remoteModule: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError(remoteModule, `no answer in ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new RemoteLoadError(remoteModule, String(error)));
      },
    );
  });
}

function isParcelConfig(value: unknown): value is ParcelConfigObject<SlotParcelProps> {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (typeof v.bootstrap === 'function' || Array.isArray(v.bootstrap)) &&
    (typeof v.mount === 'function' || Array.isArray(v.mount)) &&
    (typeof v.unmount === 'function' || Array.isArray(v.unmount))
  );
}

/** Loads a remote module and checks that its default export is a parcel (the contract of every expose). */
export async function loadRemoteParcel(
  id: RemoteModuleId,
  timeoutMs: number = REMOTE_LOAD_TIMEOUT_MS,
): Promise<ParcelConfigObject<SlotParcelProps>> {
  const loaded = await withTimeout(loadRemote<{ default?: unknown }>(id), timeoutMs, id);
  const parcel = loaded?.default;
  if (!isParcelConfig(parcel)) throw new RemoteLoadError(id, 'the module is not a parcel');
  return parcel;
}

/**
 * The loader every remote slot gives to `<Parcel config>`: it never rejects. `<Parcel handleError>` would
 * rethrow, so failures are turned into the fallback parcel here, at the loader.
 */
export function loadRemoteParcelOrFallback(
  id: RemoteModuleId,
  timeoutMs: number = REMOTE_LOAD_TIMEOUT_MS,
): Promise<ParcelConfigObject<SlotParcelProps>> {
  return loadRemoteParcel(id, timeoutMs).catch((error: unknown) => {
    bus.emit('remote:failed', { remote: id, error: error instanceof Error ? error.message : String(error) });
    return createFallbackParcel(id);
  });
}
