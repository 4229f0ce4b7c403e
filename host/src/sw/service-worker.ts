/// <reference lib="webworker" />
// The site's service worker, served at /sw.js (scope /). Built by the host's production build (InjectManifest in
// host/webpack.config.js, which fills in self.__WB_MANIFEST). What is cached how, and why: docs/architecture.md,
// "Service worker".
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  CACHES,
  HOST_ENTRY,
  NETWORK_ONLY_PREFIXES,
  enabledManifestUrls,
  isNetworkOnly,
  isRemoteChunk,
  isRefreshDue,
  isRemoteEntry,
  remoteFiles,
  remoteUrlsOf,
} from './remotes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// An update takes over at once: every file whose name stays the same from release to release (the server-rendered
// page, main.js, remotes.json, the remotes' entries) is network-first, so a page never mixes two releases while the
// server answers; the rest has content-hashed names, in the precache or the chunks' cache.
void self.skipWaiting();
clientsClaim();

// The host's build: its content-hashed chunks and styles, icons and the web app manifests. Not index.html (the
// server renders it per request and language) nor main.js (network-first below, like the page it belongs to).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const OWN_CACHES: readonly string[] = Object.values(CACHES);

/** A server error or a page that is not HTML (the server's JSON 404 when the host's files are gone) is a failure. */
const failOverOnServerError = (requireHtml: boolean): WorkboxPlugin => ({
  fetchDidSucceed: async ({ response }) => {
    const type = response.headers.get('content-type') ?? '';
    if (response.status >= 500 || (requireHtml && !type.includes('text/html')))
      throw new Error(`${response.status} ${type}`);
    if (!requireHtml && !response.ok) throw new Error(`${response.status}`);
    return response;
  },
});

/** With no copy of this very page, the last page the server rendered: the shell is the same, the router does the rest. */
const lastShell: WorkboxPlugin = {
  handlerDidError: async ({ request }) => {
    const cache = await caches.open(CACHES.shell);
    const own = await cache.match(request, { ignoreVary: true, ignoreSearch: true });
    if (own) return own;
    const keys = await cache.keys();
    const last = keys[keys.length - 1];
    return (last && (await cache.match(last, { ignoreVary: true }))) ?? Response.error();
  },
};

/**
 * A page the server marks `no-store` holds a member's figures (the home's balance painted before the JavaScript,
 * server/src/platform/static.ts): it is shown, never kept, so no later or offline load shows old money or another
 * member's. (Like Workbox's default, only a 200 is kept.)
 */
const keepOnlyStorable: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status !== 200 || /(^|,)\s*no-store\s*(,|$)/i.test(response.headers.get('cache-control') ?? '')
      ? null
      : response,
};

const shellStrategy = new NetworkFirst({
  cacheName: CACHES.shell,
  matchOptions: { ignoreVary: true },
  plugins: [
    keepOnlyStorable,
    failOverOnServerError(true),
    lastShell,
    new ExpirationPlugin({ maxEntries: 20, purgeOnQuotaError: true }),
  ],
});

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Every page of the site, network-first; the server's own pages (API docs, sandbox, operators) are not the app's.
registerRoute(
  new NavigationRoute(
    async (options) => {
      const response = await shellStrategy.handle(options);
      // After the page has what it needs, now and then: the remotes map and the enabled remotes' entries.
      options.event.waitUntil(refreshRemotesSoon(options.event, 2000));
      return response;
    },
    { denylist: NETWORK_ONLY_PREFIXES.map((p) => new RegExp(`^${escape(p)}(?:/|$)`)) },
  ),
);

// The host's entry script: the network's when it answers (the page it starts is network-first too).
const hostEntryStrategy = new NetworkFirst({
  cacheName: CACHES.hostEntry,
  plugins: [failOverOnServerError(false)],
});
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === HOST_ENTRY,
  hostEntryStrategy,
);

// Which remotes are enabled: always the server's answer when there is one.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && url.pathname === '/remotes.json' && request.method === 'GET',
  new NetworkFirst({ cacheName: CACHES.remotesMap, plugins: [failOverOnServerError(false)] }),
);

// A remote's entry points change with each of its releases (same URL): the network's when it answers.
const entryStrategy = new NetworkFirst({
  cacheName: CACHES.remoteEntries,
  plugins: [failOverOnServerError(false)],
});
registerRoute(({ url }) => url.origin === self.location.origin && isRemoteEntry(url.pathname), entryStrategy);

// A remote's content-hashed chunks never change: from the cache once there; old releases' chunks expire.
const chunkStrategy = new CacheFirst({
  cacheName: CACHES.remoteChunks,
  plugins: [
    new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ url }) => url.origin === self.location.origin && isRemoteChunk(url.pathname), chunkStrategy);

// Everything else (the API above all: no stale money) is not routed: the browser goes to the network as if there
// were no service worker.

/** GET from the network (revalidating with the HTTP cache); undefined unless a 2xx came back. */
async function fetchOk(url: string, accept?: string): Promise<Response | undefined> {
  try {
    const response = await fetch(url, {
      cache: 'no-cache',
      credentials: 'same-origin',
      ...(accept ? { headers: { Accept: accept } } : {}),
    });
    return response.ok ? response : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads /remotes.json and caches each enabled remote's manifest and remoteEntry.js (always the network's copy) and
 * the chunks of its exposed modules that are not cached yet; drops the entries of remotes no longer enabled. Never
 * rejects: offline, it keeps what it has.
 */
async function refreshRemotes(event: ExtendableEvent): Promise<void> {
  const mapResponse = await fetchOk('/remotes.json', 'application/json');
  if (!mapResponse) return;
  const [mapCache, entryCache] = await Promise.all([
    caches.open(CACHES.remotesMap),
    caches.open(CACHES.remoteEntries),
  ]);
  await mapCache.put('/remotes.json', mapResponse.clone());
  const manifests = enabledManifestUrls(await mapResponse.json().catch(() => null), self.location.origin);
  const keep = new Set<string>();
  await Promise.all(
    manifests.map(async (manifestUrl) => {
      keep.add(manifestUrl);
      const manifestResponse = await fetchOk(manifestUrl, 'application/json');
      if (!manifestResponse) return;
      const manifest: unknown = await manifestResponse
        .clone()
        .json()
        .catch(() => null);
      const { entry, chunks } = remoteFiles(manifest, manifestUrl);
      keep.add(entry);
      const entryResponse = await fetchOk(entry);
      if (!entryResponse) return;
      // Chunks first, then the entries that point at them: a cached entry always has its chunks.
      // (through the chunks' route: fetched only when not cached yet, and counted for expiry).
      for (const chunk of chunks)
        await chunkStrategy.handle({ request: new Request(chunk), event }).catch(() => undefined);
      await entryCache.put(entry, entryResponse);
      await entryCache.put(manifestUrl, manifestResponse);
    }),
  );
  for (const request of await entryCache.keys()) if (!keep.has(request.url)) await entryCache.delete(request);
}

let running: Promise<void> | undefined;
/**
 * Refreshes the remotes in the background (`delayMs` later, so that it does not compete with the page's own
 * requests) when the last refresh is older than REMOTES_REFRESH_MS, or always with `force` (activation).
 */
function refreshRemotesSoon(event: ExtendableEvent, delayMs: number, force = false): Promise<void> {
  if (running) return running;
  running = (async () => {
    if (!force) {
      const cached = await caches.match('/remotes.json', { cacheName: CACHES.remotesMap });
      if (!isRefreshDue(cached?.headers.get('date'), Date.now())) return;
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await refreshRemotes(event);
  })()
    .catch(() => undefined)
    .finally(() => {
      running = undefined;
    });
  return running;
}

/** The pages open now (the visit that installed this worker): their server-rendered page, for offline use. */
async function cacheOpenPages(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const cache = await caches.open(CACHES.shell);
  for (const { url } of windows) {
    const { origin, pathname } = new URL(url);
    if (origin !== self.location.origin || isNetworkOnly(pathname)) continue;
    const response = await fetchOk(url, 'text/html');
    if (response && (response.headers.get('content-type') ?? '').includes('text/html'))
      await cache.put(url, response);
  }
}

// The visit that installed the worker loaded its remote's files before the worker controlled the page: the page
// lists them (src/sw/register.ts) and they are cached through their routes (chunks mostly from the HTTP cache).
self.addEventListener('message', (event) => {
  const urls = remoteUrlsOf(event.data, self.location.origin);
  if (urls.length === 0) return;
  event.waitUntil(
    (async () => {
      for (const href of urls) {
        const strategy = isRemoteEntry(new URL(href).pathname) ? entryStrategy : chunkStrategy;
        await strategy.handle({ request: new Request(href), event }).catch(() => undefined);
      }
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Caches of an earlier layout of this worker (the precache cleans up after itself).
      for (const name of await caches.keys())
        if (name.startsWith('wallet-') && !OWN_CACHES.includes(name)) await caches.delete(name);
      await Promise.all([
        cacheOpenPages().catch(() => undefined),
        hostEntryStrategy.handle({ request: new Request(HOST_ENTRY), event }).catch(() => undefined),
        refreshRemotesSoon(event, 0, true),
      ]);
    })(),
  );
});
