import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../../src/platform/config';
import { GAMES } from '../../src/features/games/catalogue';
import { PLAY_PAGE_CSP, playPage } from '../../src/features/games/play-page';
import { API_CSP, DOCS_CSP, MEDIA_CSP, cspHash, siteCsp } from '../../src/platform/http/security';
import { REMOTE_ENTRIES } from '../../src/platform/static';
import { body, createTestApp, dbLabel, moveSlipWindowAway, setSetting, type TestApp } from '../helpers';
import { bearerOf, call, newMember, type TestMember } from '../money-in-support';

/**
 * Issue 7 findings "no CSP, no frame protection, no nosniff on HTML/API, no Referrer-Policy, CORS reflects any
 * origin, member data is cacheable", reproduced against the app and now refused.
 */
const PARTNER = 'https://partner.example';
const root = mkdtempSync(path.join(os.tmpdir(), 'headers-root-'));
const write = (rel: string, content: string) => {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
};

let t: TestApp;
let a: TestMember;
beforeAll(async () => {
  write('host/dist/index.html', '<!doctype html><title>host</title><script defer src="/main.js"></script>');
  write('host/dist/main.js', 'void 0;');
  write('host/dist/264.46814e6b.js', 'void 0;');
  write('mfe-auth/dist/mf-manifest.json', '{"name":"mfe_auth"}');
  t = await createTestApp({ STATIC_ROOT: root, CORS_ORIGINS: PARTNER });
  await setSetting(t.app, 'registerOTP', false);
  await moveSlipWindowAway(t.app);
  a = await newMember(t.app);
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** The directives of a CSP header as a map (name → sources). */
const directives = (csp: unknown): Map<string, string[]> =>
  new Map(
    String(csp)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );

const expectCommon = (headers: Record<string, unknown>) => {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(directives(headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
};

describe(`security headers (${dbLabel})`, () => {
  test('HTML of the site: the CSP allows the own origin and the remotes only, nothing inline', async () => {
    for (const url of ['/', '/login', '/user/home']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expectCommon(res.headers);
      expect(res.headers['content-security-policy']).toBe(siteCsp(REMOTE_ENTRIES));
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const csp = directives((await get('/')).headers['content-security-policy']);
    // The remotes are same-origin today (remotes.json lists /remotes/<folder>/mf-manifest.json).
    for (const d of ['default-src', 'script-src', 'style-src', 'connect-src', 'font-src'])
      expect([d, csp.get(d)]).toEqual([d, ["'self'"]]);
    // blob: for the page's own preview of a file being uploaded (chat media), nothing remote.
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('report-uri')).toEqual(['/csp-report']);
    expect(String(csp)).not.toContain('unsafe');
    const remotes = JSON.parse((await get('/remotes.json')).body) as { remotes: { entry: string }[] };
    expect(remotes.remotes.map((r) => r.entry)).toEqual([...REMOTE_ENTRIES]);
  });

  test('a remote served from another origin is allowed by origin, nothing more', () => {
    const csp = directives(
      siteCsp(['/remotes/mfe-auth/mf-manifest.json', 'https://cdn.example/x/mf-manifest.json']),
    );
    expect(csp.get('script-src')).toEqual(["'self'", 'https://cdn.example']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://cdn.example']);
  });

  test('static files keep their cache policy and get the headers', async () => {
    const chunk = await get('/264.46814e6b.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectCommon(chunk.headers);
    const manifest = await get('/remotes/mfe-auth/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['x-content-type-options']).toBe('nosniff');
  });

  test('API answers: nosniff, a CSP that loads nothing, no framing; member data is never stored', async () => {
    const lookup = await get('/api/lookup/banks');
    expectCommon(lookup.headers);
    expect(lookup.headers['content-security-policy']).toBe(API_CSP);

    for (const url of ['/api/account/profile', '/api/wallet']) {
      const res = await get(url, bearerOf(a));
      expect([url, res.statusCode]).toEqual([url, 200]);
      expectCommon(res.headers);
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
    }
    const statement = await call(t.app, a, 'POST', '/api/statement/slip', { page: 1, limit: 10 });
    expect(statement.headers['cache-control']).toBe('no-store');
    // A refused token is member data too (nothing cached for it).
    const refused = await get('/api/wallet', { authorization: 'Bearer nope' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  test('errors and unknown routes carry the headers', async () => {
    const res = await get('/api/no/such/route');
    expect(res.statusCode).toBe(404);
    expectCommon(res.headers);
  });

  test('slip images: Content-Disposition, a sandboxing CSP, nosniff, never stored', async () => {
    const boundary = `----t${randomBytes(6).toString('hex')}`;
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(32),
    ]);
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip-120.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/slip',
      headers: { ...bearerOf(a), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(up.statusCode).toBe(200);
    const link = body<{ link: string }>(up).data.link;
    const img = await get(link);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-security-policy']).toBe(MEDIA_CSP);
    expect(directives(MEDIA_CSP).get('default-src')).toEqual(["'none'"]);
    expect(directives(MEDIA_CSP).has('sandbox')).toBe(true);
    expect(String(img.headers['content-disposition'])).toMatch(
      /^inline; filename="slip-[A-Za-z0-9_-]+\.png"$/,
    );
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.headers['cache-control']).toBe('private, no-store');
  });

  test('sandbox pages name their inline style and script by hash, nothing else inline', async () => {
    const qr = await call(t.app, a, 'POST', '/api/qrcode/PAYTIMZ', { amount: 5_000 });
    expect(qr.statusCode).toBe(200);
    const page = await get(`/sandbox/pay/${body<{ qrcodeId: string }>(qr).data.qrcodeId}`);
    expect(page.statusCode).toBe(200);
    const csp = directives(page.headers['content-security-policy']);
    const inline = (tag: string) =>
      [...page.body.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] ?? '');
    expect(csp.get('script-src')).toEqual(inline('script').map(cspHash));
    expect(csp.get('style-src')).toEqual(inline('style').map(cspHash));
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(page.body).not.toMatch(/ on[a-z]+=/);

    const game = GAMES[0];
    if (!game) throw new Error('no game');
    const html = playPage({
      game,
      username: 'u1',
      session: 's',
      balance: 100,
      currency: 'THB',
      rounds: [],
      message: null,
      lang: 'en',
    });
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
    expect(directives(PLAY_PAGE_CSP).get('style-src')).toEqual(styles.map(cspHash));
    expect(directives(PLAY_PAGE_CSP).get('script-src')).toEqual(["'none'"]);
    expect(html).not.toContain('<script');
  });

  test('/docs has a CSP of its own (Swagger UI), still not framable', async () => {
    const res = await get('/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(DOCS_CSP);
    expectCommon(res.headers);
  });

  test('CORS: an unknown origin gets no access, a configured one does', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/login',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
    const evil = await preflight('https://evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    const evilGet = await get('/api/lookup/banks', { origin: 'https://evil.example' });
    expect(evilGet.headers['access-control-allow-origin']).toBeUndefined();

    const partner = await preflight(PARTNER);
    expect(partner.statusCode).toBe(204);
    expect(partner.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(String(partner.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const partnerGet = await get('/api/lookup/banks', { origin: PARTNER });
    expect(partnerGet.headers['access-control-allow-origin']).toBe(PARTNER);
  });

  test('CORS_ORIGINS: none by default; only plain origins accepted', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, http://localhost:3001' }).corsOrigins).toEqual([
      'https://a.example',
      'http://localhost:3001',
    ]);
    for (const bad of ['*', 'https://a.example/path', 'ftp://a.example', 'a.example', 'null'])
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS/);
  });

  test('POST /csp-report takes a browser report (both formats) and answers 204', async () => {
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': { 'violated-directive': 'script-src', 'blocked-uri': 'inline' },
      }),
    });
    expect(legacy.statusCode).toBe(204);
    const reporting = await t.app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify([{ type: 'csp-violation', body: { effectiveDirective: 'style-src-elem' } }]),
    });
    expect(reporting.statusCode).toBe(204);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: '{not json',
    });
    expect(garbage.statusCode).toBe(204);
  });
});
