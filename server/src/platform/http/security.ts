import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { AppConfig } from '../config';

/**
 * Security headers of every answer (docs/server.md "Headers, CSP, CORS and input"): helmet with the site's
 * Content-Security-Policy, frame-ancestors 'none' (and X-Frame-Options DENY), nosniff, Referrer-Policy no-referrer;
 * `Cache-Control: no-store` on every authenticated /api answer; CORS only for CORS_ORIGINS; POST /csp-report.
 */

/** Where browsers send CSP violation reports (report-uri and the Reporting API's `csp` endpoint). */
export const CSP_REPORT_PATH = '/csp-report';

/** `'sha256-…'` source of an inline `<script>` or `<style>` text, for a page's CSP. */
export const cspHash = (inline: string): string =>
  `'sha256-${createHash('sha256').update(inline, 'utf8').digest('base64')}'`;

const reporting = `report-uri ${CSP_REPORT_PATH}; report-to csp`;

/** The origin of an absolute http(s) URL; undefined for a same-origin (relative) one. */
export function originOf(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The member site's CSP: its own origin plus the origins of the remotes' entries (today all same-origin, so only
 * 'self'). No inline script or style at all: the front ends' CSS is applied as constructed stylesheets (CSSOM,
 * tooling/style-adopt.js), which CSP does not govern, so `style-src` needs no 'unsafe-inline'. `data:` images are
 * the QR codes the wallet renders from the server's SVG; `blob:` images and media are the page's own previews of a
 * file the person is uploading (a chat picture or video, `URL.createObjectURL`), never fetched from elsewhere.
 */
export function siteCsp(remoteEntries: readonly string[]): string {
  const remotes = [...new Set(remoteEntries.map(originOf).filter((o): o is string => o !== undefined))];
  const own = ["'self'", ...remotes].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${own}`,
    `style-src ${own}`,
    `img-src ${own} data: blob:`,
    `font-src ${own}`,
    `connect-src ${own}`,
    `media-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    reporting,
  ].join('; ');
}

/** JSON answers render nothing: nothing may load, and they may not be framed. */
export const API_CSP = `default-src 'none'; frame-ancestors 'none'; ${reporting}`;

/** Uploaded files (slip images, chat media): shown as an image at most, never as a document of the site. */
export const MEDIA_CSP = `default-src 'none'; sandbox; frame-ancestors 'none'`;

/** Swagger UI at /docs: its own scripts and styles, and inline styles (its renderer sets them); not framed. */
export const DOCS_CSP = [
  `default-src 'self'`,
  `script-src 'self'`,
  `style-src 'self' 'unsafe-inline'`,
  `img-src 'self' data:`,
  `object-src 'none'`,
  `base-uri 'self'`,
  `form-action 'self'`,
  `frame-ancestors 'none'`,
  reporting,
].join('; ');

/** A server-rendered page's CSP (sandbox pages): only the inline blocks it names by hash. */
export function pageCsp(inline: { scripts?: string[]; styles?: string[] }): string {
  const src = (list: string[] | undefined) =>
    list && list.length > 0 ? list.map(cspHash).join(' ') : `'none'`;
  return [
    `default-src 'none'`,
    `script-src ${src(inline.scripts)}`,
    `style-src ${src(inline.styles)}`,
    `img-src 'self'`,
    `connect-src 'self'`,
    `form-action 'self'`,
    `base-uri 'none'`,
    `frame-ancestors 'none'`,
    reporting,
  ].join('; ');
}

/** Serves an uploaded file (slip image, chat media) so that it can never run as a page of the site. */
export function sendUpload(
  reply: FastifyReply,
  file: { mime: string; data: Buffer; name: string },
): FastifyReply {
  const name = file.name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100) || 'file';
  return reply
    .type(file.mime)
    .header('content-security-policy', MEDIA_CSP)
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(file.data);
}

const isApi = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Registers helmet, CORS, the member-data cache rule and the CSP report endpoint. */
export async function registerSecurity(
  app: FastifyInstance,
  config: AppConfig,
  remoteEntries: readonly string[],
): Promise<void> {
  const csp = siteCsp(remoteEntries);
  await app.register(fastifyHelmet, {
    // Written out in full (helmet's defaults add upgrade-insecure-requests and allow inline styles).
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', isApi(request.url) ? API_CSP : csp);
    reply.header('reporting-endpoints', `csp="${CSP_REPORT_PATH}"`);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Member data is never stored by a browser or a proxy: every authenticated /api answer, every operator one.
    if (
      isApi(request.url) &&
      (request.headers.authorization !== undefined || request.auth || request.url.startsWith('/api/ops/'))
    ) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  const allowed = new Set(config.corsOrigins);
  await app.register(fastifyCors, {
    // Same-origin by default: no Access-Control-Allow-Origin unless the origin is configured.
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Requested-By', 'Accept-Language', 'Idempotency-Key'],
    maxAge: 600,
  });

  // CSP violation reports: report-uri sends application/csp-report, the Reporting API application/reports+json.
  await app.register(async (reports) => {
    reports.addContentTypeParser(
      ['application/csp-report', 'application/reports+json'],
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(typeof body === 'string' ? body : body.toString('utf8')));
        } catch {
          done(null, { unparsed: true });
        }
      },
    );
    reports.post(
      CSP_REPORT_PATH,
      { schema: { hide: true }, bodyLimit: 16 * 1024 },
      async (request, reply) => {
        request.log.warn({ cspReport: request.body }, 'csp-report');
        return reply.status(204).send();
      },
    );
  });
}
