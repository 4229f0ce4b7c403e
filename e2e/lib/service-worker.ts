import { existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { APPS } from './deploy';

/** The service worker's runtime caches (host/src/sw/remotes.ts, CACHES). */
export const SW_CACHES = {
  shell: 'wallet-shell-v1',
  hostEntry: 'wallet-host-entry-v1',
  remotesMap: 'wallet-remotes-map-v1',
  remoteEntries: 'wallet-remote-entries-v1',
  remoteChunks: 'wallet-remote-chunks-v1',
} as const;

/** The paths (with search) of every request stored in each of the page's caches, by cache name. */
export async function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => {
        const url = new URL(r.url);
        return url.pathname + url.search;
      });
    }
    return out;
  });
}

/**
 * Waits until the site's service worker controls `page` and its caches hold what `ready` accepts (it is called
 * with `cachedPaths`), e.g. the page's shell and its remote's entries after the worker's first activation.
 */
export async function waitForServiceWorker(
  page: Page,
  ready: (cached: Record<string, string[]>) => boolean,
  timeoutMs = 30_000,
): Promise<Record<string, string[]>> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: timeoutMs,
  });
  const deadline = Date.now() + timeoutMs;
  let cached = await cachedPaths(page);
  while (!ready(cached)) {
    if (Date.now() > deadline)
      throw new Error(`service worker caches not ready: ${JSON.stringify(cached, null, 1)}`);
    await new Promise((r) => setTimeout(r, 250));
    cached = await cachedPaths(page);
  }
  return cached;
}

/**
 * Stops serving every app's files from a deployment (`copyBuiltSite`): each `dist` is moved aside, so the server
 * answers 404 for the host's files, the remotes' files and the pages themselves, while the API keeps running.
 * Returns the function that puts them back.
 */
export function hideStaticFiles(staticRoot: string): () => void {
  const moved: string[] = [];
  for (const app of APPS) {
    const served = join(staticRoot, app, 'dist');
    if (!existsSync(served)) continue;
    renameSync(served, `${served}.hidden`);
    moved.push(served);
  }
  return () => {
    for (const served of moved) renameSync(`${served}.hidden`, served);
  };
}
