import '@fastify/static';
import '@fastify/swagger';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  IndexPageFiles,
  pageEtag,
  pageLocale,
  remoteDirectory,
  remoteEntry,
  type MemberPageFacts,
  type RemoteDescriptor,
  type RemoteSources,
} from './index-page';
import { pageMember } from './http/auth';
import type { Locale } from './locale';
import { assetsDir } from './paths';
import { REMOTE_FOLDERS, type RemoteFolder, type SettingValues } from './settings';

export const CACHE_NO_CACHE = 'no-cache';
/** A page that holds a member's figures. */
export const CACHE_PERSONAL = 'private, no-store';
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';

const ENTRY_FILES = new Set(['remoteEntry.js', 'mf-manifest.json', 'index.html', 'main.js']);
/** `[name].[8+ hex].ext` as emitted with [contenthash:8]. */
const HASHED = /\.[0-9a-f]{8,32}\.(?:m?js|css|woff2?|png|jpe?g|svg|webp|gif|ico)$/i;

/** Cache policy by file name: entry points revalidate every time, content-hashed files are immutable. */
export function cacheControlFor(file: string): string {
  const base = path.basename(file);
  if (ENTRY_FILES.has(base)) return CACHE_NO_CACHE;
  if (HASHED.test(base)) return CACHE_IMMUTABLE;
  return CACHE_NO_CACHE;
}

export { remoteEntry };
/** The entries (manifests) the host loads, as listed in remotes.json; the site's CSP allows their origins. */
export const REMOTE_ENTRIES: readonly string[] = REMOTE_FOLDERS.map(remoteEntry);

/** Prefixes that never fall back to the host's index.html. */
export const RESERVED_PREFIXES = ['/api', '/docs', '/sandbox', '/ops', '/media', '/remotes', '/csp-report'];

export const isReserved = (url: string): boolean =>
  RESERVED_PREFIXES.some((p) => url === p || url.startsWith(`${p}/`) || url.startsWith(`${p}?`)) ||
  url.startsWith('/remotes.json');

/** A safe relative path inside a root, or undefined (empty, absolute, or escaping with ..). */
function safeRelative(raw: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (decoded === '' || decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const parts = decoded.split('/');
  if (parts.some((p) => p === '..' || p === '.')) return undefined;
  const rel = path.posix.normalize(decoded).replace(/^\/+/, '');
  return rel === '' ? undefined : rel;
}

/** Is root/rel an existing regular file? Checked on every request (no file-list cache). */
async function isFile(root: string, rel: string): Promise<boolean> {
  try {
    return (await stat(path.join(root, rel))).isFile();
  } catch {
    return false;
  }
}

function sendWithPolicy(reply: FastifyReply, root: string, rel: string, cacheControl: string): FastifyReply {
  reply.header('cache-control', cacheControl);
  return reply.sendFile(rel, root, { cacheControl: false, lastModified: true, etag: true, dotfiles: 'deny' });
}

/**
 * Serves the host at /, the operators' console at /ops/, each remote at /remotes/<folder>/, how-to media at /media,
 * and remotes.json.
 */
export const staticRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const hostDist = (): string => path.join(ctx.config.staticRoot, 'host', 'dist');
  const remoteDist = (folder: RemoteFolder): string => path.join(ctx.config.staticRoot, folder, 'dist');
  const hidden = { hide: true };

  app.get(
    '/remotes.json',
    {
      schema: {
        tags: ['static'],
        summary: 'Remotes the host loads at run time (never cached)',
        response: {
          200: Type.Object({
            remotes: Type.Array(
              Type.Object({
                name: Type.String(),
                folder: Type.String(),
                entry: Type.String(),
                enabled: Type.Boolean(),
              }),
            ),
          }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_NO_CACHE);
      return { remotes: await remotesOf(ctx.settings) };
    },
  );

  // A remote from its active release when one is recorded (features/releases), else from <folder>/dist. A
  // content-hashed file the active build lacks is looked for in the earlier releases (and dist): a page loaded
  // before a release switch still gets the chunks it asks for. Entry files only ever come from the active build.
  app.get('/remotes/:folder/*', { schema: hidden }, async (request, reply) => {
    const { folder } = request.params as { folder: string; '*': string };
    const rel = safeRelative((request.params as { '*': string })['*']);
    if (!(REMOTE_FOLDERS as readonly string[]).includes(folder) || rel === undefined) {
      return reply.callNotFound();
    }
    const remote = folder as RemoteFolder;
    const sources = remoteSourcesOf(app);
    const active = await sources?.activeDir(remote);
    const root = active ?? remoteDist(remote);
    if (await isFile(root, rel)) return sendWithPolicy(reply, root, rel, cacheControlFor(rel));
    if (sources && active && HASHED.test(path.basename(rel))) {
      for (const earlier of [...(await sources.earlierDirs(remote)), remoteDist(remote)])
        if (await isFile(earlier, rel)) return sendWithPolicy(reply, earlier, rel, cacheControlFor(rel));
    }
    return reply.callNotFound();
  });

  // The operators' console (ops-console/dist): its files under /ops/, its index.html for /ops and every route of
  // it (history mode). Not the member shell: when the console is not built, /ops answers 404.
  const consoleDist = (): string => path.join(ctx.config.staticRoot, 'ops-console', 'dist');
  const sendConsole = async (raw: string, reply: FastifyReply): Promise<FastifyReply | void> => {
    const root = consoleDist();
    const rel = raw === '' ? undefined : safeRelative(raw);
    if (raw !== '' && rel === undefined) return reply.callNotFound();
    if (rel !== undefined && rel !== 'index.html' && (await isFile(root, rel)))
      return sendWithPolicy(reply, root, rel, cacheControlFor(rel));
    const last = rel?.split('/').pop() ?? '';
    if (/\.[A-Za-z0-9]{1,8}$/.test(last) && !last.endsWith('.html')) return reply.callNotFound();
    if (!(await isFile(root, 'index.html'))) return reply.callNotFound();
    reply.header('x-robots-tag', 'noindex, nofollow');
    return sendWithPolicy(reply, root, 'index.html', CACHE_NO_CACHE);
  };
  app.get('/ops', { schema: hidden }, async (_request, reply) => sendConsole('', reply));
  app.get('/ops/*', { schema: hidden }, async (request, reply) =>
    sendConsole((request.params as { '*': string })['*'], reply),
  );

  app.get('/media/*', { schema: hidden }, async (request, reply) => {
    const rel = safeRelative((request.params as { '*': string })['*']);
    if (rel === undefined || !(await isFile(assetsDir, rel))) return reply.callNotFound();
    return sendWithPolicy(reply, assetsDir, rel, 'public, max-age=86400');
  });

  app.get('/*', { schema: hidden }, async (request, reply) => {
    const rel = safeRelative((request.params as { '*': string })['*']);
    if (rel !== undefined && !isReserved(request.url)) {
      const root = hostDist();
      // The built index.html itself is a template: it is answered rendered, as for `/`.
      if (rel !== 'index.html' && (await isFile(root, rel)))
        return sendWithPolicy(reply, root, rel, cacheControlFor(rel));
    }
    if (await sendHostIndex(reply, ctx.config.staticRoot, request.method, request.url)) return reply;
    return reply.callNotFound();
  });
};

type SettingsReader = { all(): Promise<Record<string, unknown>> };

/** The remotes map with the operator's enabled flags (remotes.json and the page's data block). */
async function remotesOf(settings: SettingsReader): Promise<RemoteDescriptor[]> {
  const values = await settings.all();
  return remoteDirectory((folder) => values[`remote.${folder}.enabled`] === true);
}

/** Where the remotes are served from when the releases feature is there (features/releases). */
function remoteSourcesOf(server: FastifyInstance): RemoteSources | undefined {
  return server.hasDecorator('releases')
    ? (server as unknown as { releases: RemoteSources }).releases
    : undefined;
}

/** One set of cached files (template, manifests) per static root, and per app when releases are recorded. */
const pageFiles = new Map<string, IndexPageFiles>();
const releasedPageFiles = new WeakMap<RemoteSources, Map<string, IndexPageFiles>>();
function filesFor(staticRoot: string, sources: RemoteSources | undefined): IndexPageFiles {
  let byRoot = pageFiles;
  if (sources) {
    byRoot = releasedPageFiles.get(sources) ?? new Map<string, IndexPageFiles>();
    releasedPageFiles.set(sources, byRoot);
  }
  let files = byRoot.get(staticRoot);
  if (!files) {
    files = new IndexPageFiles(staticRoot, sources);
    byRoot.set(staticRoot, files);
  }
  return files;
}

/**
 * History-mode fallback (and `/`, `/index.html`): GET/HEAD of a non-reserved path whose last segment has no file
 * extension gets the host's index.html, rendered for the route and the member's language (platform/index-page/).
 * Returns false when it did not answer.
 */
export async function sendHostIndex(
  reply: FastifyReply,
  staticRoot: string,
  method: string,
  url: string,
): Promise<boolean> {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0] ?? '/';
  if (isReserved(pathname)) return false;
  const last = pathname.split('/').pop() ?? '';
  if (/\.[A-Za-z0-9]{1,8}$/.test(last) && !last.endsWith('.html')) return false;
  const { request, server } = reply;
  const { ctx } = server;
  const locale = pageLocale(request.cookies, ctx.defaultLocale);
  const [settings, info] = await Promise.all([ctx.settings.all(), siteInfoOf(server, locale)]);
  const siteName = typeof info?.name === 'string' ? info.name : undefined;
  const rendered = await filesFor(staticRoot, remoteSourcesOf(server)).render(
    {
      pathname: pathname === '/index.html' ? '/' : pathname,
      locale,
      remotes: remoteDirectory((folder) => settings[`remote.${folder}.enabled`] === true),
      ...(siteName ? { siteName } : {}),
      lookups: pageLookups(settings, info),
    },
    // A closed site (the terminated page) shows no member's money.
    async () => (settings['service.active'] ? memberFactsOf(reply) : undefined),
  );
  if (rendered === undefined) return false;
  const { html, personal } = rendered;
  if (personal) {
    // The member's money in the page: no cache (the service worker's included, host/src/sw) may keep it.
    reply
      .header('cache-control', CACHE_PERSONAL)
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(html);
    return true;
  }
  const etag = pageEtag(html);
  reply
    .header('cache-control', CACHE_NO_CACHE)
    .header('vary', 'Cookie')
    .header('etag', etag)
    .type('text/html; charset=utf-8');
  if (request.headers['if-none-match'] === etag) {
    reply.status(304).send();
    return true;
  }
  reply.send(html);
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A member's figures for their first screen (features/wallet); absent without that feature. */
    memberPageFacts?: (memberId: string) => Promise<MemberPageFacts | undefined>;
  }
}

/** The figures of the page cookie's member (platform/http/auth.ts `pageMember`), when the page can show them. */
async function memberFactsOf(reply: FastifyReply): Promise<MemberPageFacts | undefined> {
  const { request, server } = reply;
  if (!server.memberPageFacts || !server.hasDecorator('sessions')) return undefined;
  const memberId = await pageMember(request);
  if (!memberId) return undefined;
  try {
    return await server.memberPageFacts(memberId);
  } catch (error) {
    request.log.warn({ err: error }, 'member first screen: figures not read; the page shows the skeleton');
    return undefined;
  }
}

/** The operator's site information in a language (content `info`: name, website), when the content feature is there. */
async function siteInfoOf(
  server: FastifyReply['server'],
  locale: Locale,
): Promise<Record<string, unknown> | undefined> {
  if (!server.hasDecorator('content')) return undefined;
  try {
    const info = await server.content.get('info', locale);
    return typeof info === 'object' && info !== null ? (info as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The public lookups the shell asks for on every first load (the terminated check of /login, the chat widget
 * flag, the site's name), answered by the page itself so its first screen needs no API call: the same `data` as
 * `GET /api/lookup/active`, `/enableChatWidget` and `/info` (features/content/routes.ts) would answer now.
 */
export function pageLookups(
  settings: SettingValues,
  info: Record<string, unknown> | undefined,
): Record<string, unknown> {
  return {
    '/api/lookup/active': { terminated: settings['service.active'] ? null : 'gone' },
    '/api/lookup/enableChatWidget': { enableChatWidget: settings.enableChatWidget },
    ...(info ? { '/api/lookup/info': info } : {}),
  };
}
