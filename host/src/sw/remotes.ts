// Pure helpers of the service worker (no worker globals): which URLs belong to which cache. Unit-tested in jsdom.

/** Cache names; the `-v1` suffix changes when a cache's layout changes (old ones are deleted on activate). */
export const CACHES = {
  /** The last server-rendered page per URL (network-first; the offline fallback of a navigation). */
  shell: 'wallet-shell-v1',
  /** The host's `main.js` (network-first: it must match the page the server rendered, both of one release). */
  hostEntry: 'wallet-host-entry-v1',
  /** `/remotes.json` (network-first). */
  remotesMap: 'wallet-remotes-map-v1',
  /** Each remote's `mf-manifest.json` and `remoteEntry.js` (network-first: a new release is used on the next load). */
  remoteEntries: 'wallet-remote-entries-v1',
  /** Remotes' content-hashed chunks (cache-first, immutable, expired by count and age). */
  remoteChunks: 'wallet-remote-chunks-v1',
} as const;

/** Paths the service worker never answers: the API (no stale money) and the server's own pages and uploads. */
export const NETWORK_ONLY_PREFIXES = [
  '/api',
  '/socket.io',
  '/docs',
  '/sandbox',
  '/ops',
  '/media',
  '/csp-report',
] as const;

export function isNetworkOnly(pathname: string): boolean {
  return NETWORK_ONLY_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** The host's entry script, the one file of the host's build that keeps its name from release to release. */
export const HOST_ENTRY = '/main.js';

/** `/remotes/<folder>/mf-manifest.json` or `/remotes/<folder>/remoteEntry.js`: a remote's entry points. */
const REMOTE_ENTRY = /^\/remotes\/[a-z0-9-]+\/(?:mf-manifest\.json|remoteEntry\.js)$/;
/** A remote's content-hashed file (`[name].[contenthash:8].ext`, as tooling/webpack.app.js names chunks). */
const REMOTE_HASHED = /^\/remotes\/[a-z0-9-]+\/(?:.+\/)?[^/]+\.[0-9a-f]{8,32}\.[a-z0-9]+$/i;

export const isRemoteEntry = (pathname: string): boolean => REMOTE_ENTRY.test(pathname);
export const isRemoteChunk = (pathname: string): boolean =>
  REMOTE_HASHED.test(pathname) && !pathname.endsWith('.LICENSE.txt');

/** One row of `/remotes.json` (server/src/platform/static.ts). */
export interface RemoteRow {
  name: string;
  folder: string;
  entry: string;
  enabled: boolean;
}

/** The enabled remotes' manifest URLs, resolved against `base` (the site's origin); anything malformed is skipped. */
export function enabledManifestUrls(doc: unknown, base: string): string[] {
  const remotes = (doc as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes)) return [];
  const urls: string[] = [];
  for (const row of remotes as Partial<RemoteRow>[]) {
    if (row?.enabled !== true || typeof row.entry !== 'string') continue;
    try {
      const url = new URL(row.entry, base);
      // Same origin only: the service worker caches the site's own files.
      if (url.origin === new URL(base).origin) urls.push(url.href);
    } catch {
      // not a URL: skipped
    }
  }
  return urls;
}

interface AssetLists {
  sync?: unknown;
  async?: unknown;
}
interface ManifestShape {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { assets?: { js?: AssetLists; css?: AssetLists } }[];
}

const strings = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];

/**
 * What a remote's Module Federation manifest points at, as absolute URLs: its `remoteEntry.js` and the
 * content-hashed files its exposed modules load up front (`sync` JS and CSS). Not the `async` ones: in the site they
 * are mostly the remote's fallback copies of the shared libraries (~80 KB compressed per remote), which the host
 * provides, so they are never loaded; a lazy chunk that is loaded is cached by the chunks' route on first use.
 * Relative to the manifest's URL, as the remotes are built with `publicPath: 'auto'`.
 */
export function remoteFiles(manifest: unknown, manifestUrl: string): { entry: string; chunks: string[] } {
  const m = (manifest ?? {}) as ManifestShape;
  const meta = m.metaData?.remoteEntry;
  const name = typeof meta?.name === 'string' && meta.name !== '' ? meta.name : 'remoteEntry.js';
  const dir = typeof meta?.path === 'string' && meta.path !== '' ? `${meta.path.replace(/\/+$/, '')}/` : '';
  const entry = new URL(`${dir}${name}`, manifestUrl).href;
  const chunks = new Set<string>();
  for (const expose of Array.isArray(m.exposes) ? m.exposes : []) {
    for (const kind of [expose?.assets?.js, expose?.assets?.css]) {
      for (const file of strings(kind?.sync)) {
        const url = new URL(file, manifestUrl);
        if (isRemoteChunk(url.pathname)) chunks.add(url.href);
      }
    }
  }
  return { entry, chunks: [...chunks] };
}

/** How long a refresh of the remotes' entries holds (see `isRefreshDue`). */
export const REMOTES_REFRESH_MS = 10 * 60 * 1000;

/**
 * Whether the worker should read /remotes.json and the enabled remotes' entries again, from when the cached
 * /remotes.json was fetched (its `Date` header; none cached: due). Pages get the entries network-first anyway, so
 * this background copy only keeps the offline set current and picks up remotes newly enabled: every navigation
 * would cost ~1 KB of revalidation per file for nothing.
 */
export function isRefreshDue(cachedDate: string | null | undefined, now: number): boolean {
  const at = cachedDate ? Date.parse(cachedDate) : NaN;
  return Number.isNaN(at) || now - at >= REMOTES_REFRESH_MS || at > now + 60_000;
}

/** The message a page posts to the worker with the remotes' files it loaded before the worker controlled it. */
export const CACHE_URLS = 'wallet:cache-urls';

/** The same-origin remote files (entries and hashed chunks) of a CACHE_URLS message; nothing for any other data. */
export function remoteUrlsOf(data: unknown, origin: string): string[] {
  const message = data as { type?: unknown; urls?: unknown } | null;
  if (message?.type !== CACHE_URLS || !Array.isArray(message.urls)) return [];
  const urls = new Set<string>();
  for (const raw of message.urls.slice(0, 500)) {
    if (typeof raw !== 'string') continue;
    try {
      const url = new URL(raw, origin);
      if (url.origin !== origin || url.search !== '' || url.hash !== '') continue;
      if (isRemoteEntry(url.pathname) || isRemoteChunk(url.pathname)) urls.add(url.href);
    } catch {
      // not a URL
    }
  }
  return [...urls];
}
