import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runRelease } from '../src/cli/release-client';
import { body, createTestApp, dbLabel, type TestApp } from './helpers';
import { buildPageFrame, FRAME_BUILD_TIMEOUT_MS } from './index-page-fixture';

/**
 * Remote releases (docs/releases.md): a temporary STATIC_ROOT with a built host (its manifest's shared versions)
 * and mfe-wallet's own dist; builds of mfe-wallet released, switched, rolled back and refused through the CLI
 * (a listening app) and the operator API.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'releases-root-'));
const builds = mkdtempSync(path.join(os.tmpdir(), 'releases-builds-'));

function write(dir: string, rel: string, content: string): void {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const HOST_VERSIONS: Record<string, string> = {
  react: '19.2.0',
  'react-dom': '19.2.0',
  'react-dom/client': '19.2.0',
  'single-spa': '6.0.3',
  'single-spa-react': '6.0.2',
  '@wallet/shared': '0.1.0',
};

/** An mf-manifest.json shaped as @module-federation/enhanced writes it (sdk `Manifest`), trimmed. */
function manifest(
  name: string,
  shared: Record<string, { version: string; requiredVersion: string }>,
  exposes: Record<string, string[]>,
): string {
  const assets = (sync: string[]) => ({ js: { sync, async: [] }, css: { sync: [], async: [] } });
  return JSON.stringify({
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      buildInfo: { buildVersion: '0.1.0', buildName: name },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: name,
      pluginVersion: '0.21.0',
      publicPath: 'auto',
    },
    shared: Object.entries(shared).map(([pkg, v]) => ({
      id: `${name}:${pkg}`,
      name: pkg,
      version: v.version,
      singleton: true,
      requiredVersion: v.requiredVersion,
      hash: '',
      assets: assets([]),
    })),
    remotes: [],
    exposes: Object.entries(exposes).map(([key, files]) => ({
      id: `${name}:${key.slice(2)}`,
      name: key.slice(2),
      path: key,
      assets: assets(files),
    })),
  });
}

const fits = Object.fromEntries(
  Object.entries(HOST_VERSIONS).map(([pkg, version]) => [pkg, { version, requiredVersion: `^${version}` }]),
);

/** What mfe-wallet exposes: the member shell's ./Home and the operators' console's screens. */
const WALLET_MODULES = ['./Home', './OpsMembers', './OpsSlips', './OpsWithdrawals', './OpsIncoming'];

/** A build of mfe-wallet: its manifest, entry and one content-hashed chunk for ./Home. */
function walletBuild(
  dir: string,
  chunk: string,
  options: { shared?: typeof fits; exposes?: string[] } = {},
): string {
  const full = path.join(builds, dir);
  const exposes = Object.fromEntries((options.exposes ?? WALLET_MODULES).map((k) => [k, [chunk]]));
  write(full, 'mf-manifest.json', manifest('mfe_wallet', options.shared ?? fits, exposes));
  write(full, 'remoteEntry.js', `var mfe_wallet = ${JSON.stringify(dir)};`);
  write(full, chunk, `export default ${JSON.stringify(dir)};`);
  return full;
}

let t: TestApp;
let buildA: string;
let buildB: string;
let oldReact: string;
let noHome: string;

beforeAll(async () => {
  // The host's page table (its build's page-frame.json) says /user/home mounts mfe_wallet/Home.
  buildPageFrame(root);
  write(
    root,
    'host/dist/index.html',
    '<!doctype html><html><head><meta charset="utf-8"><title>x</title></head><body><div id="root"></div></body></html>',
  );
  write(
    root,
    'host/dist/mf-manifest.json',
    manifest(
      'host',
      Object.fromEntries(
        Object.entries(HOST_VERSIONS).map(([p, v]) => [p, { version: v, requiredVersion: `^${v}` }]),
      ),
      {},
    ),
  );
  // The remote's own build, served while no release is recorded.
  write(
    root,
    'mfe-wallet/dist/mf-manifest.json',
    manifest('mfe_wallet', fits, Object.fromEntries(WALLET_MODULES.map((k) => [k, ['home.0d150d15.js']]))),
  );
  write(root, 'mfe-wallet/dist/remoteEntry.js', 'var mfe_wallet = "dist";');
  write(root, 'mfe-wallet/dist/home.0d150d15.js', 'export default "dist";');
  buildA = walletBuild('a', 'home.aaaa1111.js');
  buildB = walletBuild('b', 'home.bbbb2222.js');
  oldReact = walletBuild('old-react', 'home.cccc3333.js', {
    shared: { ...fits, react: { version: '18.3.1', requiredVersion: '^18.2.0' } },
  });
  noHome = walletBuild('no-home', 'home.dddd4444.js', { exposes: ['./Wallet', './OpsMembers'] });
  t = await createTestApp({ STATIC_ROOT: root });
}, FRAME_BUILD_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(builds, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ url });
const asCli = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { 'x-ops-secret': t.app.ctx.secrets.opsSecret },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
const served = async (file: string) => {
  const res = await get(`/remotes/mfe-wallet/${file}`);
  return res.statusCode === 200 ? res.body : res.statusCode;
};
/** The ./Home chunk the page for /user/home hints (read from the manifest the site serves now). */
const hintedChunk = async () =>
  /\/remotes\/mfe-wallet\/(home\.[0-9a-f]+\.js)/.exec((await get('/user/home')).body)?.[1];
const activeVersion = async () =>
  body<{ folder: string; active: string | null }[]>(await asCli('GET', '/api/ops/releases')).data.find(
    (r) => r.folder === 'mfe-wallet',
  )?.active;

describe(`remote releases (${dbLabel})`, () => {
  test('release, a second release, rollback and refusals through the CLI; files follow the active release', async () => {
    // No release recorded: the remote's own dist.
    expect(await served('remoteEntry.js')).toBe('var mfe_wallet = "dist";');
    expect(await hintedChunk()).toBe('home.0d150d15.js');

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const env = { PORT: String((t.app.server.address() as AddressInfo).port), DATA_DIR: t.config.dataDir };
    const out: string[] = [];
    const err: string[] = [];
    const run = (argv: string[]) =>
      runRelease(
        argv,
        env,
        (l) => out.push(l),
        (l) => err.push(l),
      );

    // First release: stored under its content hash, then active.
    expect(await run(['mfe-wallet', buildA])).toBe(0);
    const first = readdirSync(path.join(t.config.dataDir, 'releases', 'mfe-wallet'));
    expect(first).toEqual([expect.stringMatching(/^[0-9a-f]{12}$/)]);
    const versionA = first[0] ?? '';
    expect(out.join('\n')).toContain(`Released mfe-wallet ${versionA}`);
    expect(JSON.parse(String(await served('mf-manifest.json')))).toMatchObject({ name: 'mfe_wallet' });
    expect(await served('remoteEntry.js')).toBe('var mfe_wallet = "a";');
    expect(await served('home.aaaa1111.js')).toBe('export default "a";');
    expect(await hintedChunk()).toBe('home.aaaa1111.js');

    // A second release, named: new files; the first's hashed chunk still answers a page loaded before.
    expect(await run(['mfe_wallet', buildB, 'v2'])).toBe(0);
    expect(await served('remoteEntry.js')).toBe('var mfe_wallet = "b";');
    expect(await served('home.bbbb2222.js')).toBe('export default "b";');
    expect(await served('home.aaaa1111.js')).toBe('export default "a";');
    expect(await served('home.0d150d15.js')).toBe('export default "dist";');
    expect(await hintedChunk()).toBe('home.bbbb2222.js');
    expect(await activeVersion()).toBe('v2');

    // Immutable: other files under a taken name are refused, nothing changes.
    expect(await run(['mfe-wallet', buildA, 'v2'])).toBe(1);
    expect(err.pop()).toMatch(/already stored with other files/);
    expect(await served('remoteEntry.js')).toBe('var mfe_wallet = "b";');

    // Rollback: the first again, at once.
    out.length = 0;
    expect(await run(['rollback', 'mfe-wallet'])).toBe(0);
    expect(out.pop()).toBe(`mfe-wallet rolled back from v2 to ${versionA}.`);
    expect(await served('remoteEntry.js')).toBe('var mfe_wallet = "a";');
    expect(await hintedChunk()).toBe('home.aaaa1111.js');
    expect(await activeVersion()).toBe(versionA);

    // An incompatible React major: refused with the reason, nothing changed.
    err.length = 0;
    expect(await run(['mfe-wallet', oldReact])).toBe(1);
    expect(err).toContain('  - react: needs ^18.2.0, host has 19.2.0');
    expect(err[0]).toMatch(/^Refused \(KEY_INVALID\): mfe-wallet [0-9a-f]{12} does not fit the host:$/);
    expect(await served('remoteEntry.js')).toBe('var mfe_wallet = "a";');
    expect(await activeVersion()).toBe(versionA);

    // A build without a module the host routes to: refused.
    err.length = 0;
    expect(await run(['mfe-wallet', noHome])).toBe(1);
    expect(err).toContain('  - missing exposed module ./Home');
    // The console's screens count too: it loads ./OpsSlips from this remote.
    expect(err).toContain("  - missing exposed module ./OpsSlips (the operators' console loads it)");
    expect(err).not.toContain('./OpsMembers');
    expect(await served('remoteEntry.js')).toBe('var mfe_wallet = "a";');

    // A stored version by name; list shows the active one and the history.
    expect(await run(['mfe-wallet', 'v2'])).toBe(0);
    expect(await served('remoteEntry.js')).toBe('var mfe_wallet = "b";');
    out.length = 0;
    expect(await run(['list'])).toBe(0);
    expect(out).toContain('mfe-wallet: v2');
    expect(out).toContain('mfe-auth: its own build (<folder>/dist)');
    expect(out.filter((l) => l.startsWith('  v2  released by cli ')).map((l) => l.split('  ').pop())).toEqual(
      ['active', expect.stringMatching(/^rolled back by cli /)],
    );
    expect(await run(['mfe-wallet', 'nope'])).toBe(1);
    expect(err.pop()).toMatch(/NO_DATA|no stored release/);
    expect(await run(['mfe-nothing', buildA])).toBe(1);
    expect(err.pop()).toMatch(/Unknown remote/);

    // Rolling back past the first release: the remote's own dist again.
    expect(await run(['rollback', 'mfe-wallet'])).toBe(0);
    expect(await run(['rollback', 'mfe-wallet'])).toBe(0);
    expect(await served('remoteEntry.js')).toBe('var mfe_wallet = "dist";');
    expect(await hintedChunk()).toBe('home.0d150d15.js');
    expect(await run(['rollback', 'mfe-wallet'])).toBe(1);
    expect(err.pop()).toMatch(/no active release/);
  });

  test('the API refuses an incompatible build with every reason and changes nothing; actions are audited', async () => {
    const stored = readdirSync(path.join(t.config.dataDir, 'releases', 'mfe-wallet'));
    expect(stored).toHaveLength(4);
    const before = await activeVersion();
    // The old-React build was stored by the CLI before its refusal; activating it is refused again.
    const refused = await Promise.all(
      stored.map(async (version) => ({
        version,
        res: await asCli('POST', '/api/ops/releases/mfe-wallet', { version }),
      })),
    );
    const bad = refused.filter((r) => r.res.statusCode === 400);
    expect(bad.map((r) => body(r.res).code)).toEqual(['KEY_INVALID', 'KEY_INVALID']);
    expect(bad.map((r) => body(r.res).message).join('\n')).toMatch(
      /react: needs \^18\.2\.0, host has 19\.2\.0/,
    );
    expect(bad.map((r) => body(r.res).message).join('\n')).toMatch(/missing exposed module \.\/Home/);
    const active = await activeVersion();
    expect(active).not.toBe(before);
    expect(bad.map((r) => r.version)).not.toContain(active);

    expect((await asCli('POST', '/api/ops/releases/mfe-nothing', { version: 'v2' })).statusCode).toBe(404);
    const audit = body<{ action: string; target: string; after: unknown }[]>(
      await asCli('GET', '/api/ops/audit?limit=50'),
    ).data.filter((e) => e.action.startsWith('release.'));
    expect(audit.map((e) => e.action)).toEqual(
      expect.arrayContaining(['release.activate', 'release.rollback']),
    );
    expect(audit.every((e) => e.target === 'mfe-wallet')).toBe(true);
  });
});
