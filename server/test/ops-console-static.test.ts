import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, dbLabel, type TestApp } from './helpers';

/** The console's index.html and the host's, each recognisable in an answer. */
const CONSOLE_MARK = '<title>ops console</title>';
const HOST_MARK = '<script src="/main.js"></script>';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function makeRoot(withConsole: boolean): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'ops-static-'));
  const write = (rel: string, content: string): void => {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  };
  write('host/dist/index.html', `<!doctype html><title>host</title>${HOST_MARK}`);
  write('host/dist/main.js', "import('./bootstrap');");
  if (withConsole) {
    write(
      'ops-console/dist/index.html',
      `<!doctype html>${CONSOLE_MARK}<script defer src="/ops/main.js"></script>`,
    );
    write('ops-console/dist/main.js', "import('./bootstrap');");
    write('ops-console/dist/bootstrap.0a1b2c3d.js', 'export default 1;');
  }
  return root;
}

describe(`the operators' console at /ops/ (${dbLabel})`, () => {
  const root = makeRoot(true);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STATIC_ROOT: root });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('its index.html for /ops and every route of it, never cached, with the site CSP', async () => {
    for (const url of ['/ops', '/ops/', '/ops/settings', '/ops/audit?before=10', '/ops/members/abc']) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain(CONSOLE_MARK);
      expect(res.body).not.toContain(HOST_MARK);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
  });

  test('its files: the entry revalidates, hashed chunks are immutable, a missing file is 404', async () => {
    const main = await t.app.inject({ url: '/ops/main.js' });
    expect([main.statusCode, main.headers['cache-control']]).toEqual([200, 'no-cache']);
    expect(main.headers['content-type']).toMatch(/javascript/);
    const chunk = await t.app.inject({ url: '/ops/bootstrap.0a1b2c3d.js' });
    expect([chunk.statusCode, chunk.headers['cache-control']]).toEqual([200, IMMUTABLE]);
    expect((await t.app.inject({ url: '/ops/nothing.12345678.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/ops/..%2F..%2Fhost/dist/main.js' })).statusCode).toBe(404);
  });

  test('the member site is unchanged: / is the host, the API under /api/ops is not the console', async () => {
    const home = await t.app.inject({ url: '/' });
    expect(home.body).toContain(HOST_MARK);
    expect(home.body).not.toContain(CONSOLE_MARK);
    const api = await t.app.inject({ url: '/api/ops/auth/me' });
    expect(api.statusCode).toBe(401);
    expect(api.body).not.toContain(CONSOLE_MARK);
  });
});

describe(`/ops/ when the console is not built (${dbLabel})`, () => {
  const root = makeRoot(false);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STATIC_ROOT: root });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  test('answers 404, never the member shell', async () => {
    for (const url of ['/ops', '/ops/', '/ops/settings']) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.body).not.toContain(HOST_MARK);
    }
  });
});
