// Bundle sizes of the built front end, compressed the way the server sends them (@fastify/compress: brotli
// quality 5 when the browser accepts it, else gzip level 6; bodies under 1 KiB go uncompressed).
//
//   npm run bench:bundle            (after `npm run build`)
//   npm run bench:bundle -- --json  machine-readable
//
// 1. Every app: all JavaScript in its dist folder.
// 2. First load of /login: what the browser fetches before the sign-in form shows, read from the builds:
//    - the host: index.html's entry (main.js) and every chunk the host loads at start — the host has no lazy
//      routes, so that is all of host/dist/*.js (its bootstrap and the shared singletons it provides);
//    - mfe_auth: mf-manifest.json, remoteEntry.js, and the sync JS assets its manifest lists for ./Login;
//    - shared singletons: with `loaded-first` every singleton comes from the host, so a remote's own copies of
//      shared packages are not fetched (listed under "not fetched" for the record).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { apps, root } from './apps.mjs';

const TARGET_KB = 140;
const THRESHOLD = 1024;
const asJson = process.argv.includes('--json');

function sizes(file) {
  const body = readFileSync(file);
  const raw = body.length;
  if (raw < THRESHOLD) return { raw, gzip: raw, brotli: raw };
  return {
    raw,
    gzip: gzipSync(body, { level: 6 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length,
  };
}

function add(a, b) {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}
const zero = () => ({ raw: 0, gzip: 0, brotli: 0 });
const kb = (n) => (n / 1024).toFixed(1);

function jsFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return name.endsWith('.js') ? [path] : [];
  });
}

const missing = [];
const perApp = apps.map((app) => {
  const dist = join(root, app, 'dist');
  const files = jsFiles(dist);
  if (files.length === 0) missing.push(app);
  const total = files.reduce((sum, f) => add(sum, sizes(f)), zero());
  return { app, files: files.length, ...total };
});

function loginFirstLoad() {
  const hostDist = join(root, 'host', 'dist');
  const authDist = join(root, 'mfe-auth', 'dist');
  if (!existsSync(join(hostDist, 'index.html')) || !existsSync(join(authDist, 'mf-manifest.json')))
    return null;

  const parts = [];
  const push = (label, file) => parts.push({ label, file: relative(root, file), ...sizes(file) });

  push('host index.html', join(hostDist, 'index.html'));
  for (const file of jsFiles(hostDist)) push('host', file);

  const manifestPath = join(authDist, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  push('mfe_auth manifest', manifestPath);
  const entry = manifest.metaData?.remoteEntry;
  push('mfe_auth remoteEntry', join(authDist, entry?.path ?? '', entry?.name ?? 'remoteEntry.js'));
  const login = (manifest.exposes ?? []).find((e) => e.name === 'Login' || e.path === './Login');
  if (!login) throw new Error('mfe-auth/dist/mf-manifest.json has no ./Login expose');
  const sharedFiles = new Set((manifest.shared ?? []).flatMap((s) => s.assets?.js?.sync ?? []));
  const loginAssets = (login.assets?.js?.sync ?? []).filter((f) => !sharedFiles.has(f));
  for (const asset of loginAssets) push('mfe_auth ./Login', join(authDist, asset));

  const notFetched = [...sharedFiles];
  const total = parts.reduce((sum, p) => add(sum, p), zero());
  return { parts, total, notFetched, loginAsync: login.assets?.js?.async ?? [] };
}

const login = loginFirstLoad();

if (asJson) {
  console.log(JSON.stringify({ perApp, login, targetKB: TARGET_KB, missing }, null, 2));
} else {
  console.log('JavaScript per app (KiB; as sent: brotli q5 / gzip 6; raw)');
  console.log('app          files     brotli      gzip       raw');
  for (const a of perApp) {
    console.log(
      `${a.app.padEnd(12)} ${String(a.files).padStart(5)} ${kb(a.brotli).padStart(10)} ${kb(a.gzip).padStart(9)} ${kb(a.raw).padStart(9)}`,
    );
  }
  if (missing.length) console.log(`not built: ${missing.join(', ')} (run npm run build)`);
  console.log('');
  if (!login) {
    console.log('/login first load: host or mfe-auth not built');
  } else {
    console.log('/login first load (KiB)');
    for (const p of login.parts) {
      console.log(
        `  ${p.label.padEnd(22)} ${p.file.padEnd(40)} br ${kb(p.brotli).padStart(6)}  gz ${kb(p.gzip).padStart(6)}  raw ${kb(p.raw).padStart(7)}`,
      );
    }
    const { brotli, gzip, raw } = login.total;
    console.log(
      `  total: brotli ${kb(brotli)} KiB, gzip ${kb(gzip)} KiB, raw ${kb(raw)} KiB; target ${TARGET_KB} KiB as sent (brotli): ${brotli / 1024 <= TARGET_KB ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  mfe_auth shared copies not fetched (the host provides them): ${login.notFetched.length} files`,
    );
  }
}
