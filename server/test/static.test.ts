import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, dbLabel, type TestApp } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The host's index.html, recognisable in an answer (the server renders the rest of it per request). */
const HOST_MARK = '<script src="/main.js"></script>';
const root = mkdtempSync(path.join(os.tmpdir(), 'static-root-'));
const bigJs = `console.log(${JSON.stringify('x'.repeat(20_000))});\n`;

function write(rel: string, content: string): void {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

let t: TestApp;
beforeAll(async () => {
  write('host/dist/index.html', '<!doctype html><title>host</title><script src="/main.js"></script>');
  write('host/dist/main.js', "import('./bootstrap');");
  write('host/dist/vendor.1a2b3c4d.js', bigJs);
  write('host/dist/app.deadbeef.css', 'body{margin:0}');
  write('host/dist/favicon.ico', 'icon');
  write('mfe-auth/dist/remoteEntry.js', 'var mfe_auth = "v1";');
  write('mfe-auth/dist/mf-manifest.json', '{"name":"mfe_auth"}');
  write('mfe-auth/dist/src_Login.0badc0de.js', 'export default 1;');
  t = await createTestApp({ STATIC_ROOT: root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe(`static serving (${dbLabel})`, () => {
  test('the host index at / and as history-mode fallback, never cached', async () => {
    for (const url of ['/', '/login', '/user/home', '/user/profile?tab=1', '/terminated', '/no/such/page']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(HOST_MARK);
    }
  });

  test('entry files revalidate, content-hashed files are immutable', async () => {
    expect((await get('/main.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
    expect((await get('/vendor.1a2b3c4d.js')).headers['cache-control']).toBe(IMMUTABLE);
    expect((await get('/app.deadbeef.css')).headers['cache-control']).toBe(IMMUTABLE);
    const remoteEntry = await get('/remotes/mfe-auth/remoteEntry.js');
    expect(remoteEntry.statusCode).toBe(200);
    expect(remoteEntry.headers['cache-control']).toBe('no-cache');
    expect(remoteEntry.headers['content-type']).toMatch(/javascript/);
    const manifest = await get('/remotes/mfe-auth/mf-manifest.json');
    expect([manifest.statusCode, manifest.headers['cache-control']]).toEqual([200, 'no-cache']);
    const chunk = await get('/remotes/mfe-auth/src_Login.0badc0de.js');
    expect([chunk.statusCode, chunk.headers['cache-control']]).toEqual([200, IMMUTABLE]);
  });

  test('JavaScript is compressed with brotli or gzip', async () => {
    const br = await t.app.inject({ url: '/vendor.1a2b3c4d.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(bigJs.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigJs);
    const gz = await t.app.inject({ url: '/vendor.1a2b3c4d.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigJs);
  });

  test("a build's precompressed copies are sent as they are, to the browsers that accept them", async () => {
    // As tooling/webpack.app.js writes them: brotli at best quality, gzip level 9 (here marked to tell them apart).
    const code = `console.log(${JSON.stringify('y'.repeat(20_000))});\n`;
    const br = brotliCompressSync(code);
    const gz = gzipSync(code, { level: 9 });
    write('mfe-auth/dist/big.0a0b0c0d.js', code);
    writeFileSync(path.join(root, 'mfe-auth/dist/big.0a0b0c0d.js.br'), br);
    writeFileSync(path.join(root, 'mfe-auth/dist/big.0a0b0c0d.js.gz'), gz);
    const url = '/remotes/mfe-auth/big.0a0b0c0d.js';

    const asBr = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect([asBr.statusCode, asBr.headers['content-encoding']]).toEqual([200, 'br']);
    expect(asBr.rawPayload.equals(br)).toBe(true);
    expect(asBr.headers['content-type']).toMatch(/javascript/);
    expect(asBr.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(asBr.headers.vary)).toMatch(/accept-encoding/i);

    const asGz = await get(url, { 'accept-encoding': 'gzip' });
    expect(asGz.headers['content-encoding']).toBe('gzip');
    expect(asGz.rawPayload.equals(gz)).toBe(true);
    expect(gunzipSync(asGz.rawPayload).toString()).toBe(code);

    const plain = await get(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(code);
    // Each encoding its own validator, so a cached copy is never revalidated against another one.
    expect(new Set([asBr.headers.etag, asGz.headers.etag, plain.headers.etag]).size).toBe(3);
    expect(
      (await get(url, { 'accept-encoding': 'br', 'if-none-match': String(asBr.headers.etag) })).statusCode,
    ).toBe(304);
  });

  test('missing remote files are 404, never the host index', async () => {
    for (const url of [
      '/remotes/mfe-auth/missing.js',
      '/remotes/mfe-auth/some/route',
      '/remotes/mfe-wallet/remoteEntry.js',
      '/remotes/unknown/remoteEntry.js',
      '/remotes/mfe-auth/..%2f..%2fhost/dist/index.html',
      '/remotes/mfe-auth/',
    ]) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain(HOST_MARK);
    }
  });

  test('reserved prefixes and missing assets do not fall back', async () => {
    for (const url of ['/api/nope', '/ops', '/sandbox/nope', '/media/nope.mp4', '/missing.js', '/x/y.css']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain(HOST_MARK);
    }
    const api = await get('/api/nope');
    expect(JSON.parse(api.body)).toEqual({ code: 'NO_DATA', message: 'NO_DATA' });
    const post = await t.app.inject({ method: 'POST', url: '/user/home' });
    expect(post.statusCode).toBe(404);
  });

  test('a replaced remote folder is served at once, without restart', async () => {
    expect((await get('/remotes/mfe-auth/remoteEntry.js')).body).toContain('v1');
    const dist = path.join(root, 'mfe-auth', 'dist');
    const next = path.join(root, 'mfe-auth', 'dist-next');
    mkdirSync(next, { recursive: true });
    writeFileSync(path.join(next, 'remoteEntry.js'), 'var mfe_auth = "v2";');
    writeFileSync(path.join(next, 'src_Login.feedface.js'), 'export default 2;');
    renameSync(dist, path.join(root, 'mfe-auth', 'dist-old'));
    renameSync(next, dist);
    expect((await get('/remotes/mfe-auth/remoteEntry.js')).body).toContain('v2');
    expect((await get('/remotes/mfe-auth/src_Login.feedface.js')).statusCode).toBe(200);
    expect((await get('/remotes/mfe-auth/src_Login.0badc0de.js')).statusCode).toBe(404);
  });

  test('how-to videos, posters and caption tracks are served from /media/howto', async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await get(`/media/howto/howto-${n}.mp4`);
      expect([n, res.statusCode, res.headers['content-type']]).toEqual([n, 200, 'video/mp4']);
      // Recorded from the site (npm run howto:record): a real flow, small enough for a phone.
      expect(res.rawPayload.length).toBeGreaterThan(50 * 1024);
      expect(res.rawPayload.length).toBeLessThan(1.5 * 1024 * 1024);
      for (const lang of ['th', 'la', 'en']) {
        const vtt = await get(`/media/howto/howto-${n}.${lang}.vtt`);
        expect([vtt.statusCode, vtt.headers['content-type']]).toEqual([200, 'text/vtt; charset=utf-8']);
        expect(vtt.body).toMatch(/^WEBVTT\n/);
      }
    }
    const poster = await get('/media/howto/howto-5.jpg');
    expect([poster.statusCode, poster.headers['content-type']]).toEqual([200, 'image/jpeg']);
  });

  test("the banner images carry no words (the banner text is its HTML, in the member's language)", async () => {
    for (const name of ['invite-1', 'invite-2', 'refund-1']) {
      const res = await get(`/media/banners/${name}.svg`);
      expect([name, res.statusCode]).toEqual([name, 200]);
      const texts = [...res.body.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1] ?? '');
      // Figures and signs (5%) read the same in Thai, Lao and English; letters would not.
      expect([name, texts.filter((t) => /\p{L}/u.test(t))]).toEqual([name, []]);
    }
  });

  test('the API docs are served at /docs', async () => {
    const ui = await get('/docs');
    expect([200, 302]).toContain(ui.statusCode);
    const doc = JSON.parse((await get('/docs/json')).body) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/lookup/banks',
        '/api/account',
        '/api/login',
        '/api/otp/send',
        '/api/wallet',
      ]),
    );
  });
});
