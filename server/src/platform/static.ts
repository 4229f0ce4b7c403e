import '@fastify/static';
import '@fastify/swagger';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assetsDir } from './paths';
import { REMOTE_FOLDERS, type RemoteFolder } from './settings';

export const CACHE_NO_CACHE = 'no-cache';
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

/** The entry (manifest) the host loads for a remote, as listed in remotes.json; the site's CSP allows its origin. */
export const remoteEntry = (folder: RemoteFolder): string => `/remotes/${folder}/mf-manifest.json`;
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

/** Serves the host at /, each remote at /remotes/<folder>/, how-to media at /media, and remotes.json. */
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
      const settings = await ctx.settings.all();
      return {
        remotes: REMOTE_FOLDERS.map((folder) => ({
          name: folder.replace('-', '_'),
          folder,
          entry: remoteEntry(folder),
          enabled: settings[`remote.${folder}.enabled`],
        })),
      };
    },
  );

  app.get('/remotes/:folder/*', { schema: hidden }, async (request, reply) => {
    const { folder } = request.params as { folder: string; '*': string };
    const rel = safeRelative((request.params as { '*': string })['*']);
    if (!(REMOTE_FOLDERS as readonly string[]).includes(folder) || rel === undefined) {
      return reply.callNotFound();
    }
    const root = remoteDist(folder as RemoteFolder);
    if (!(await isFile(root, rel))) return reply.callNotFound();
    return sendWithPolicy(reply, root, rel, cacheControlFor(rel));
  });

  app.get('/media/*', { schema: hidden }, async (request, reply) => {
    const rel = safeRelative((request.params as { '*': string })['*']);
    if (rel === undefined || !(await isFile(assetsDir, rel))) return reply.callNotFound();
    return sendWithPolicy(reply, assetsDir, rel, 'public, max-age=86400');
  });

  app.get('/*', { schema: hidden }, async (request, reply) => {
    const rel = safeRelative((request.params as { '*': string })['*']);
    if (rel !== undefined && !isReserved(request.url)) {
      const root = hostDist();
      if (await isFile(root, rel)) return sendWithPolicy(reply, root, rel, cacheControlFor(rel));
    }
    return reply.callNotFound();
  });
};

/**
 * History-mode fallback used by the not-found handler: GET/HEAD of a non-reserved path whose last segment has
 * no file extension gets the host's index.html. Returns false when it did not answer.
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
  const root = path.join(staticRoot, 'host', 'dist');
  if (!(await isFile(root, 'index.html'))) return false;
  sendWithPolicy(reply, root, 'index.html', CACHE_NO_CACHE);
  return true;
}
