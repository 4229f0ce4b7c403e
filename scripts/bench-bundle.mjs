// Bundle sizes of the built front end, compressed the way the server sends them (@fastify/compress: brotli
// quality 5 when the browser accepts it, else gzip level 6; bodies under 1 KiB go uncompressed).
//
//   npm run bench:bundle                 (after `npm run build`)
//   npm run bench:bundle -- --json       machine-readable
//   npm run bench:bundle -- --static     files only: no server, no browser
//
// 1. Every app: all JavaScript in its dist folder (static: read from disk, compressed here).
// 2. First load of /login, measured: the built server (server/dist/main.js, fresh in-memory database) is started
//    on a free port and Chromium (playwright-core; CHROMIUM_PATH, default /usr/bin/chromium) opens /login. Every
//    response until the sign-in form is visible and the network is idle is recorded with the body size the
//    server actually sent (`request.sizes().responseBodySize`, i.e. compressed bytes, headers excluded). It runs
//    twice: once as Chromium asks (brotli) and once with `Accept-Encoding: gzip`. The same files are also
//    compressed here from disk (the static figure), as a cross-check.
// 3. Without a browser or a built server (or with --static), /login is estimated from the builds instead: all of
//    the host's JavaScript (an upper bound: it includes lazy chunks) plus mfe-auth's manifest, remoteEntry.js and
//    the sync chunks its manifest lists for ./Login.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { apps, root, serverBuilt } from './apps.mjs';
import { CHROME_FLAGS } from './bench-site.mjs';
import { startBuiltServer } from './built-server.mjs';

/** The target of issue 2 (acceptance 7): 140 KB = 140,000 bytes of JavaScript as the server sends it. */
const TARGET_BYTES = 140_000;
const THRESHOLD = 1024;
const asJson = process.argv.includes('--json');
const staticOnly = process.argv.includes('--static');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function sizesOf(body) {
  const raw = body.length;
  if (raw < THRESHOLD) return { raw, gzip: raw, brotli: raw };
  return {
    raw,
    gzip: gzipSync(body, { level: 6 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length,
  };
}
const sizes = (file) => sizesOf(readFileSync(file));

function add(a, b) {
  return { raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli };
}
const zero = () => ({ raw: 0, gzip: 0, brotli: 0 });
const kib = (n) => (n / 1024).toFixed(1);
const kb = (n) => (n / 1000).toFixed(1);

function jsFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsFiles(path);
    return name.endsWith('.js') ? [path] : [];
  });
}

// ---------------------------------------------------------------------------------------------------------
// 1. Per app (static)

const missing = [];
const perApp = apps.map((app) => {
  const dist = join(root, app, 'dist');
  const files = jsFiles(dist);
  if (files.length === 0) missing.push(app);
  const total = files.reduce((sum, f) => add(sum, sizes(f)), zero());
  return { app, files: files.length, ...total };
});

// ---------------------------------------------------------------------------------------------------------
// 2. /login measured in Chromium against the built server

/** Local file behind a URL the server serves (the host at /, each remote under /remotes/<folder>/). */
function localFileOf(pathname) {
  const remote = pathname.match(/^\/remotes\/([^/]+)\/(.+)$/);
  const file = remote
    ? join(root, remote[1], 'dist', remote[2])
    : join(root, 'host', 'dist', pathname.slice(1));
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

/** Opens /login once; every response with the body size sent (compressed), until the form shows and all is idle. */
async function loadLogin(browser, url, acceptEncoding) {
  const context = await browser.newContext({
    baseURL: url,
    viewport: { width: 390, height: 844 },
    locale: 'th-TH',
    ...(acceptEncoding ? { extraHTTPHeaders: { 'Accept-Encoding': acceptEncoding } } : {}),
  });
  const page = await context.newPage();
  const pending = [];
  const problems = [];
  let formShown = false;
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (req) => problems.push(`failed: ${req.url()}`));
  page.on('requestfinished', (req) => {
    const afterForm = formShown;
    pending.push(
      (async () => {
        const response = await req.response();
        const sent = await req.sizes();
        const { pathname } = new URL(req.url());
        if (response && response.status() >= 400) problems.push(`HTTP ${response.status()}: ${pathname}`);
        return {
          path: pathname,
          type: req.resourceType(),
          status: response?.status() ?? 0,
          encoding: (await response?.allHeaders())?.['content-encoding'] ?? 'identity',
          body: sent.responseBodySize,
          headers: sent.responseHeadersSize,
          afterForm,
        };
      })(),
    );
  });
  await page.goto('/login');
  await page.getByTestId('login-submit').waitFor({ timeout: 30_000 });
  formShown = true;
  await page.waitForLoadState('networkidle');
  const responses = await Promise.all(pending);
  await context.close();
  return { responses, problems };
}

async function measureLogin() {
  if (staticOnly) return { skipped: '--static' };
  if (!serverBuilt()) return { skipped: 'server/dist/main.js is not built' };
  if (!existsSync(chromiumPath)) return { skipped: `no Chromium at ${chromiumPath} (set CHROMIUM_PATH)` };
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return { skipped: 'playwright-core is not installed' };
  }
  const server = await startBuiltServer();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: CHROME_FLAGS,
  });
  try {
    const asBrowser = await loadLogin(browser, server.url, null);
    const asGzip = await loadLogin(browser, server.url, 'gzip');
    const gzipByPath = new Map(asGzip.responses.map((r) => [r.path, r]));
    const js = asBrowser.responses
      .filter((r) => r.type === 'script')
      .map((r) => {
        const file = localFileOf(r.path);
        return {
          path: r.path,
          file: file ? relative(root, file) : null,
          encoding: r.encoding,
          wire: r.body,
          wireGzip: gzipByPath.get(r.path)?.body ?? null,
          afterForm: r.afterForm,
          local: file ? sizes(file) : null,
        };
      });
    const sum = (rows, key) => rows.reduce((s, r) => s + (r[key] ?? 0), 0);
    const local = js.reduce((s, r) => (r.local ? add(s, r.local) : s), zero());
    const other = asBrowser.responses.filter((r) => r.type !== 'script');
    return {
      js,
      other,
      total: {
        requests: js.length,
        wire: sum(js, 'wire'),
        wireGzip: sum(js, 'wireGzip'),
        local,
        otherWire: sum(other, 'body'),
        jsAfterForm: sum(
          js.filter((r) => r.afterForm),
          'wire',
        ),
      },
      encodings: [...new Set(js.map((r) => r.encoding))],
      problems: [...asBrowser.problems, ...asGzip.problems],
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------
// 3. /login estimated from the builds (no browser)

function estimateLogin() {
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
  for (const asset of (login.assets?.js?.sync ?? []).filter((f) => !sharedFiles.has(f)))
    push('mfe_auth ./Login', join(authDist, asset));
  return { parts, total: parts.reduce((sum, p) => add(sum, p), zero()) };
}

// ---------------------------------------------------------------------------------------------------------

const measured = await measureLogin();
const estimate = measured.js ? null : estimateLogin();

if (asJson) {
  console.log(
    JSON.stringify({ perApp, missing, targetBytes: TARGET_BYTES, login: { measured, estimate } }, null, 2),
  );
} else {
  console.log(
    'JavaScript per app, all files in dist (KiB; brotli q5 / gzip 6 as the server compresses; raw)',
  );
  console.log('app          files     brotli      gzip       raw');
  for (const a of perApp) {
    console.log(
      `${a.app.padEnd(12)} ${String(a.files).padStart(5)} ${kib(a.brotli).padStart(10)} ${kib(a.gzip).padStart(9)} ${kib(a.raw).padStart(9)}`,
    );
  }
  if (missing.length) console.log(`not built: ${missing.join(', ')} (run npm run build)`);
  console.log('');

  if (measured.js) {
    const t = measured.total;
    console.log('/login first load, measured in Chromium against the built server (bytes of body as sent)');
    console.log(
      `  ${'request'.padEnd(52)} ${'enc'.padEnd(4)} ${'wire'.padStart(7)} ${'wire gz'.padStart(8)} ${'local br'.padStart(9)} ${'local gz'.padStart(9)} ${'raw'.padStart(8)}`,
    );
    for (const r of measured.js) {
      console.log(
        `  ${(r.path + (r.afterForm ? ' (after form)' : '')).padEnd(52)} ${r.encoding.padEnd(4)} ${String(r.wire).padStart(7)} ${String(r.wireGzip ?? '-').padStart(8)} ${String(r.local?.brotli ?? '-').padStart(9)} ${String(r.local?.gzip ?? '-').padStart(9)} ${String(r.local?.raw ?? '-').padStart(8)}`,
      );
    }
    console.log(
      `  JavaScript: ${t.requests} requests; on the wire ${t.wire} B = ${kb(t.wire)} KB = ${kib(t.wire)} KiB (${measured.encodings.join('/')}), ` +
        `${t.wireGzip} B = ${kb(t.wireGzip)} KB with Accept-Encoding: gzip; ` +
        `static (same files compressed here): brotli ${kb(t.local.brotli)} KB, gzip ${kb(t.local.gzip)} KB, raw ${kb(t.local.raw)} KB`,
    );
    console.log(
      `  other responses (html, json, manifest): ${kb(t.otherWire)} KB on the wire; JavaScript fetched after the form showed: ${t.jsAfterForm} B`,
    );
    console.log(
      `  target ${TARGET_BYTES / 1000} KB of JavaScript as sent: ${t.wire <= TARGET_BYTES ? 'met' : 'NOT met'} (brotli), ` +
        `${t.wireGzip <= TARGET_BYTES ? 'met' : 'NOT met'} (gzip)`,
    );
    if (measured.problems.length) console.log(`  problems seen: ${measured.problems.join('; ')}`);
  } else {
    console.log(
      `/login first load: not measured in a browser (${measured.skipped}); estimate from the builds`,
    );
    if (!estimate) {
      console.log('  host or mfe-auth not built');
    } else {
      for (const p of estimate.parts) {
        console.log(
          `  ${p.label.padEnd(22)} ${p.file.padEnd(52)} br ${kib(p.brotli).padStart(6)}  gz ${kib(p.gzip).padStart(6)}  raw ${kib(p.raw).padStart(7)}`,
        );
      }
      const { brotli, gzip, raw } = estimate.total;
      console.log(
        `  upper bound (all host chunks, lazy ones included): brotli ${kb(brotli)} KB, gzip ${kb(gzip)} KB, raw ${kb(raw)} KB; ` +
          `target ${TARGET_BYTES / 1000} KB: ${brotli <= TARGET_BYTES ? 'met' : 'NOT met'}`,
      );
    }
  }
}
