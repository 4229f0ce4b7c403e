import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  escapeHtml,
  fillMemberScreen,
  formatMinor,
  FRAME_ID,
  IndexPageFiles,
  jsonForScript,
  PAGE_ROUTES,
  parseManifest,
  parsePrerenderIndex,
  remoteDirectory,
  renderIndexPage,
  routeFor,
} from '../src/platform/index-page';
import { FRAME_STRINGS } from '../src/platform/index-page-strings';
import { PAGE_COOKIE } from '../src/platform/http/auth';
import { siteCsp } from '../src/platform/http/security';
import { REMOTE_ENTRIES } from '../src/platform/static';
import { createTestApp, dbLabel, fund, memberWithToken, setSetting, type TestApp } from './helpers';

const repoRoot = path.join(__dirname, '..', '..');
const root = mkdtempSync(path.join(os.tmpdir(), 'index-page-'));

/** As html-webpack-plugin writes it (minified: attribute quotes dropped). */
const TEMPLATE =
  '<!doctype html><html lang=th><head><meta charset=utf-8><title>Wallet</title>' +
  '<script defer src=/main.js></script><link href=/main.0123abcd.css rel=stylesheet></head>' +
  '<body><div id=root></div></body></html>';

function write(rel: string, content: string, mtime?: Date): void {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  if (mtime) utimesSync(file, mtime, mtime);
}

function manifest(name: string, exposes: Record<string, string[]>): string {
  return JSON.stringify({
    name,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    exposes: Object.entries(exposes).map(([expose, sync]) => ({
      name: expose,
      path: `./${expose}`,
      assets: {
        js: {
          sync,
          // The remote's own strings per language, and its copy of the shared package's (never loaded).
          async: [
            '9.0000aaaa.js',
            'strings-th.0000bbbb.js',
            'strings-en.0000cccc.js',
            'locale-th.0000dddd.js',
          ],
        },
        css: { sync: [], async: [] },
      },
    })),
  });
}

let t: TestApp;
beforeAll(async () => {
  write('host/dist/index.html', TEMPLATE);
  write('host/dist/main.js', '');
  write(
    'host/dist/first-load-chunks.json',
    JSON.stringify({
      './bootstrap': ['470.0000000a.js', 'bootstrap.0000000b.js'],
      './shell/member-shell': ['146.00000001.js', '331.00000002.js'],
      './pages/howto-page': ['498.00000003.js'],
      'chunk:socket-io': ['socket-io.00000004.js'],
      'chunk:http': ['http.00000005.js'],
      'chunk:locale-th': ['locale-th.1111aaaa.js'],
      'chunk:locale-en': ['locale-en.2222bbbb.js'],
      'chunk:evil': ['../../etc/passwd'],
    }),
  );
  write(
    'mfe-auth/dist/mf-manifest.json',
    manifest('mfe_auth', {
      Login: ['683.2f491d71.js', '__federation_expose_Login.5a073d87.js'],
      Register: ['683.2f491d71.js', '__federation_expose_Register.15a43649.js'],
    }),
  );
  write('mfe-wallet/dist/mf-manifest.json', manifest('mfe_wallet', { Home: ['12.aaaabbbb.js'] }));
  t = await createTestApp({ STATIC_ROOT: root });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

/** The JSON of a `<script type="application/json" id="…">` block of a page. */
function dataBlock<T>(html: string, id: string): T {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  if (!match?.[1]) throw new Error(`no ${id} block in ${html}`);
  return JSON.parse(match[1]) as T;
}

const preloads = (html: string): string[] =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => m[1] ?? '');

describe(`index.html rendered per request (${dbLabel})`, () => {
  test('/login: the remotes map inline, hints for the route remote, no-cache, the Thai frame', async () => {
    const res = await get('/login');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.headers.vary).toBe('Cookie');

    const html = res.body;
    expect(dataBlock<{ remotes: unknown[] }>(html, 'remotes')).toEqual({
      remotes: remoteDirectory(() => true),
    });
    expect(dataBlock(html, 'site')).toMatchObject({ locale: 'th', module: 'mfe_auth/Login' });
    expect(preloads(html)).toEqual([
      '/remotes/mfe-auth/mf-manifest.json',
      '/remotes/mfe-auth/remoteEntry.js',
      '/remotes/mfe-auth/683.2f491d71.js',
      '/remotes/mfe-auth/__federation_expose_Login.5a073d87.js',
      // The strings in the page's language only: the remote module's and the host's (with the bootstrap's
      // chunks: this build of mfe-auth has no prerendered first screen).
      '/remotes/mfe-auth/strings-th.0000bbbb.js',
      '/470.0000000a.js',
      '/bootstrap.0000000b.js',
      '/locale-th.1111aaaa.js',
    ]);
    // Fetches are asked as the page's fetch()/XHR asks them (CORS mode, same-origin credentials), scripts as the
    // script elements the runtime adds: otherwise the browser would fetch them a second time.
    expect(html).toContain(
      '<link rel="preload" href="/remotes/mfe-auth/mf-manifest.json" as="fetch" crossorigin>',
    );
    // Scripts at low priority: the stylesheets and the first paint come first (the bootstrap waits for that paint).
    expect(html).toContain(
      '<link rel="preload" href="/remotes/mfe-auth/remoteEntry.js" as="script" fetchpriority="low">',
    );
    // Hints come before the host's own script, so the route's remote is asked for first.
    expect(html.indexOf('/remotes/mfe-auth/remoteEntry.js')).toBeLessThan(html.indexOf('/main.js'));
    expect(html).toMatch(/^<!doctype html><html lang="th" data-locale="th"><head><meta charset=utf-8>/);

    const th = FRAME_STRINGS.th;
    expect(html).toContain(`<title>${th.titles.login} · Lucky Wallet</title>`);
    expect(html).toContain(`<div id="${FRAME_ID}" class="host-shell host-shell--public">`);
    expect(html).toContain(
      `<a href="/login" class="host-menu__item host-menu__item--active" aria-current="page">${th.menu.home}</a>`,
    );
    expect(html).toContain(`>${th.menu.register}</a>`);
    expect(html).toContain('data-remote="mfe_auth/Login"');
    expect(html).toContain(`<div id="${FRAME_ID}"`);
    expect(html.indexOf(FRAME_ID)).toBeLessThan(html.indexOf('<div id=root>'));
  });

  test('a signed-in route gets the member frame and its own remote; a page without a remote gets no hints', async () => {
    const home = (await get('/user/home')).body;
    expect(home).toContain('class="host-shell host-shell--member"');
    expect(home).toContain(`>${FRAME_STRINGS.th.logout}</button>`);
    expect(preloads(home)).toEqual([
      '/remotes/mfe-wallet/mf-manifest.json',
      '/remotes/mfe-wallet/remoteEntry.js',
      '/remotes/mfe-wallet/12.aaaabbbb.js',
      '/remotes/mfe-wallet/strings-th.0000bbbb.js',
      // The host's bootstrap (nothing to show before it runs), its strings, its lazy member shell, the realtime
      // client the shell starts and the HTTP client.
      '/470.0000000a.js',
      '/bootstrap.0000000b.js',
      '/locale-th.1111aaaa.js',
      '/146.00000001.js',
      '/331.00000002.js',
      '/socket-io.00000004.js',
      '/http.00000005.js',
    ]);
    // `/` goes to /user/home in the host.
    expect(preloads((await get('/')).body)).toEqual(preloads(home));

    const howto = (await get('/howto')).body;
    expect(preloads(howto)).toEqual([
      '/470.0000000a.js',
      '/bootstrap.0000000b.js',
      '/locale-th.1111aaaa.js',
      '/498.00000003.js',
      // The page asks for the how-to videos as it opens: the HTTP client comes at once.
      '/http.00000005.js',
    ]);
    expect(howto).toContain('host-shell--public');
    expect(howto).not.toContain('host-skeleton');
    // A file name in the build's list that is not a plain file name is never hinted.
    expect(howto).not.toContain('passwd');
    expect(dataBlock<{ module?: string }>(howto, 'site').module).toBeUndefined();

    const terminated = (await get('/terminated')).body;
    expect(terminated).not.toContain(FRAME_ID);
    expect(terminated).toContain(`<title>${FRAME_STRINGS.th.titles.terminated}</title>`);
  });

  test("the member's language: the i18next cookie, else Thai whatever the browser's language", async () => {
    const en = (await get('/login', { cookie: 'i18next=en', 'accept-language': 'th' })).body;
    expect(en).toContain('<html lang="en" data-locale="en">');
    expect(en).toContain('<title>Sign in · Lucky Wallet</title>');
    expect(en).toContain('aria-current="page">Home</a>');
    expect(en).toContain('>Register</a>');
    expect(preloads(en)).toEqual(
      expect.arrayContaining(['/remotes/mfe-auth/strings-en.0000cccc.js', '/locale-en.2222bbbb.js']),
    );
    expect(preloads(en)).not.toContain('/locale-th.1111aaaa.js');

    const la = (await get('/user/home', { cookie: 'theme=x; i18next=la' })).body;
    expect(la).toContain('<html lang="lo" data-locale="la">');
    expect(la).toContain(`>${FRAME_STRINGS.la.menu.statement}</a>`);

    // Without a choice the site's default, not the browser's language (the app decides the same way).
    const browserEnglish = (await get('/login', { 'accept-language': 'en-US,en;q=0.9' })).body;
    expect(browserEnglish).toContain('<html lang="th"');
    // A cookie that is not a language of the site is ignored.
    const junk = (await get('/login', { cookie: 'i18next=%3Cscript%3E' })).body;
    expect(junk).toContain('<html lang="th"');
  });

  test('a disabled remote is not hinted and its menu entries are left out; the map says it is off', async () => {
    await setSetting(t.app, 'remote.mfe-auth.enabled', false);
    try {
      const html = (await get('/login')).body;
      expect(preloads(html)).toEqual([
        '/470.0000000a.js',
        '/bootstrap.0000000b.js',
        '/locale-th.1111aaaa.js',
      ]);
      expect(html).not.toContain('href="/remotes/mfe-auth/');
      expect(html).not.toContain('host-skeleton');
      expect(html).not.toContain('href="/register"');
      const { remotes } = dataBlock<{ remotes: { name: string; enabled: boolean }[] }>(html, 'remotes');
      expect(remotes.find((r) => r.name === 'mfe_auth')?.enabled).toBe(false);
      expect(dataBlock<{ module?: string }>(html, 'site').module).toBeUndefined();
    } finally {
      await setSetting(t.app, 'remote.mfe-auth.enabled', true);
    }
  });

  test('a remote released anew is hinted anew, and a new host release shows without a restart', async () => {
    expect(preloads((await get('/register')).body)).toContain(
      '/remotes/mfe-auth/__federation_expose_Register.15a43649.js',
    );
    const later = new Date(Date.now() + 60_000);
    write(
      'mfe-auth/dist/mf-manifest.json',
      manifest('mfe_auth', { Register: ['77.cafe0001.js', '__federation_expose_Register.beef0002.js'] }),
      later,
    );
    const hints = preloads((await get('/register')).body);
    expect(hints).toContain('/remotes/mfe-auth/__federation_expose_Register.beef0002.js');
    expect(hints).not.toContain('/remotes/mfe-auth/__federation_expose_Register.15a43649.js');

    write('host/dist/index.html', TEMPLATE.replace('/main.js', '/main.js?release=2'), later);
    expect((await get('/login')).body).toContain('/main.js?release=2');
    write('host/dist/index.html', TEMPLATE, new Date(later.getTime() + 60_000));
    expect((await get('/login')).body).not.toContain('release=2');
  });

  test('the manifest link in the language of the page only when the build has that manifest', async () => {
    expect((await get('/login')).body).not.toContain('rel="manifest"');
    write('host/dist/manifest.en.webmanifest', '{}');
    expect((await get('/login', { cookie: 'i18next=en' })).body).toContain(
      '<link rel="manifest" href="/manifest.en.webmanifest">',
    );
    expect((await get('/login')).body).not.toContain('rel="manifest"');
  });

  test('the CSP is as strict as before: no inline script or style allowed, and the page has no inline script', async () => {
    const res = await get('/login');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toBe(siteCsp(REMOTE_ENTRIES));
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).toMatch(/style-src 'self';/);
    // Every <script> either loads a file or is a data block, which browsers never run.
    const scripts = [...res.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs = '', text = ''] of scripts) {
      expect(/type="application\/json"/.test(attrs) || (/src=/.test(attrs) && text === '')).toBe(true);
    }
    expect(res.body).not.toMatch(/<style|style="/);
  });

  test("the page answers the shell's lookups itself, with what the API answers now, in the page's language", async () => {
    const paths = ['/api/lookup/active', '/api/lookup/enableChatWidget', '/api/lookup/info'];
    const fromApi = async (language: string) => {
      const answers: Record<string, unknown> = {};
      for (const url of paths) {
        const res = await t.app.inject({ url, headers: { 'accept-language': language } });
        answers[url] = (res.json() as { data: unknown }).data;
      }
      return answers;
    };
    expect(dataBlock((await get('/login')).body, 'lookups')).toEqual(await fromApi('th'));
    expect(dataBlock((await get('/howto', { cookie: 'i18next=en' })).body, 'lookups')).toEqual(
      await fromApi('en'),
    );
    await setSetting(t.app, 'service.active', false);
    await setSetting(t.app, 'enableChatWidget', true);
    try {
      const lookups = dataBlock<Record<string, unknown>>((await get('/login')).body, 'lookups');
      expect(lookups['/api/lookup/active']).toEqual({ terminated: 'gone' });
      expect(lookups['/api/lookup/enableChatWidget']).toEqual({ enableChatWidget: true });
      expect(lookups).toEqual(await fromApi('th'));
    } finally {
      await setSetting(t.app, 'service.active', true);
      await setSetting(t.app, 'enableChatWidget', false);
    }
  });

  test("a remote's prerendered first screen is painted inert in its slot, with its stylesheet after the host's", async () => {
    write('mfe-auth/dist/prerender/Login.th.html', '<section class="auth-page">เข้าสู่ระบบ</section>');
    write('mfe-auth/dist/prerender/Login.en.html', '<section class="auth-page">Sign in</section>');
    write('mfe-auth/dist/prerender/first-screen.0a1b2c3d4e.css', '.auth-page{}');
    write(
      'mfe-auth/dist/prerender/index.json',
      JSON.stringify({
        css: 'prerender/first-screen.0a1b2c3d4e.css',
        screens: {
          Login: { th: 'prerender/Login.th.html', en: 'prerender/Login.en.html', la: '../../../etc/passwd' },
          Register: { th: '/abs.html' },
        },
      }),
    );
    try {
      const html = (await get('/login')).body;
      expect(html).toContain(
        '<main class="host-main"><div class="host-remote-slot host-page"></div>' +
          '<div class="host-first-screen host-page" data-first-screen="mfe_auth/Login" inert>' +
          '<section class="auth-page">เข้าสู่ระบบ</section></div></main>',
      );
      expect(html).not.toContain('host-skeleton');
      // The page paints its first screen before the bootstrap's chunks are asked for (main.js asks after it).
      expect(preloads(html)).not.toContain('/bootstrap.0000000b.js');
      expect(preloads(html)).toContain('/remotes/mfe-auth/remoteEntry.js');
      const sheet = '<link rel="stylesheet" href="/remotes/mfe-auth/prerender/first-screen.0a1b2c3d4e.css">';
      expect(html).toContain(`${sheet}</head>`);
      expect(html.indexOf('/main.0123abcd.css')).toBeLessThan(html.indexOf(sheet));
      expect((await get('/login', { cookie: 'i18next=en' })).body).toContain(
        '<section class="auth-page">Sign in</section>',
      );
      // A language, or a screen, whose file is not a plain name inside the remote's folder: the skeleton.
      const la = (await get('/login', { cookie: 'i18next=la' })).body;
      expect(la).toContain('host-skeleton');
      expect(la).not.toContain('first-screen');
      expect((await get('/register')).body).not.toContain('first-screen');
      // A disabled remote's first screen is never shown.
      await setSetting(t.app, 'remote.mfe-auth.enabled', false);
      try {
        expect((await get('/login')).body).not.toContain('first-screen');
      } finally {
        await setSetting(t.app, 'remote.mfe-auth.enabled', true);
      }
      // A new build of the remote replaces its first screen without a restart.
      write(
        'mfe-auth/dist/prerender/Login.th.html',
        '<section class="auth-page">ใหม่</section>',
        new Date(Date.now() + 120_000),
      );
      expect((await get('/login')).body).toContain('<section class="auth-page">ใหม่</section>');
    } finally {
      rmSync(path.join(root, 'mfe-auth', 'dist', 'prerender'), { recursive: true, force: true });
    }
    expect((await get('/login')).body).toContain('host-skeleton');
  });

  test('the page revalidates: the same page answers 304 to its ETag, another language does not', async () => {
    const first = await get('/login');
    const etag = String(first.headers.etag);
    expect((await get('/login', { 'if-none-match': etag })).statusCode).toBe(304);
    const en = await get('/login', { 'if-none-match': etag, cookie: 'i18next=en' });
    expect(en.statusCode).toBe(200);
  });

  test('/index.html is rendered too; reserved paths and assets still never fall back to it', async () => {
    expect((await get('/index.html')).body).toContain('id="remotes"');
    for (const url of ['/api/nope', '/remotes/mfe-auth/nope.js', '/missing.js', '/sandbox/x']) {
      expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
    }
  });
});

describe('escaping', () => {
  const remotes = remoteDirectory(() => true);
  const hostile = `</script><script>alert(1)</script><!-- "'&`;

  test('the site name in the title, the frame and the data block cannot break out', () => {
    const html = renderIndexPage(
      TEMPLATE,
      { pathname: '/login', locale: 'en', siteName: hostile, remotes },
      new Map(),
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!-- "');
    expect(html).toContain(`<title>Sign in · ${escapeHtml(hostile)}</title>`);
    expect(html).toContain(`title="${escapeHtml(hostile)}">${escapeHtml(hostile)}</span>`);
    expect(dataBlock<{ name: string }>(html, 'site').name).toBe(hostile);
    expect(jsonForScript({ a: '</script>\u2028' })).toBe('{"a":"\\u003c/script\\u003e\\u2028"}');
  });

  test("a manifest's file names that are not plain file names are not hinted", () => {
    const parsed = parseManifest(
      manifest('mfe_auth', {
        Login: ['ok.1234abcd.js', '../../host/dist/x.js', '"><script>x</script>', '/abs.js'],
      }),
    );
    expect(parsed?.exposes.get('Login')).toEqual(['ok.1234abcd.js']);
    expect(parseManifest('{not json')).toBeUndefined();
    const html = renderIndexPage(
      TEMPLATE,
      { pathname: '/login', locale: 'th', remotes },
      new Map(parsed ? [['mfe-auth', parsed]] : []),
    );
    expect(preloads(html)).toContain('/remotes/mfe-auth/ok.1234abcd.js');
    expect(html).not.toContain('../../host');
  });
});

describe('the route table agrees with the host', () => {
  /** `path → remote module` of every route of host/src/routes.tsx that mounts a remote module. */
  function hostRouteModules(): Map<string, string> {
    const source = readFileSync(path.join(repoRoot, 'host', 'src', 'routes.tsx'), 'utf8');
    const found = new Map<string, string>();
    // Each route object starts at its `path:`; the member routes are the ones after `path: 'user'`.
    const pieces = source.split(/\bpath:\s*/).slice(1);
    let prefix = '';
    for (const piece of pieces) {
      const segment = /^['"]([^'"]*)['"]/.exec(piece)?.[1];
      if (segment === undefined) continue;
      if (segment === 'user') {
        prefix = '/user/';
        continue;
      }
      if (segment === 'terminated' || segment === '*') {
        if (segment === 'terminated') prefix = '/';
        continue;
      }
      const module = /\bmodule=["'](mfe_\w+\/\w+)["']|\bmodule:\s*["'](mfe_\w+\/\w+)["']/.exec(piece);
      const full = segment.startsWith('/') ? segment : `${prefix || '/'}${segment}`;
      if (module) found.set(full, module[1] ?? module[2] ?? '');
    }
    return found;
  }

  test('every host route with a remote module is in the server table with the same module, and back', () => {
    const host = hostRouteModules();
    expect(host.size).toBeGreaterThanOrEqual(8);
    const server = new Map(
      Object.entries(PAGE_ROUTES)
        .filter(([, route]) => route.module)
        .map(([route, { module }]) => [route, module]),
    );
    expect(Object.fromEntries(server)).toEqual(Object.fromEntries(host));
  });

  test("every lazy chunk the server preloads for a route is an import() of the host's routes", () => {
    const source = readFileSync(path.join(repoRoot, 'host', 'src', 'routes.tsx'), 'utf8');
    const requests = new Set(
      Object.values(PAGE_ROUTES).flatMap((route) =>
        (route.hostChunks ?? []).filter((c) => c.startsWith('./')),
      ),
    );
    expect(requests.size).toBeGreaterThan(0);
    for (const request of requests)
      expect([request, source.includes(`import('${request}')`)]).toEqual([request, true]);
  });

  test('signed-in routes get the member frame, the others the public one', () => {
    for (const [route, { frame }] of Object.entries(PAGE_ROUTES)) {
      if (route === '/terminated') expect(frame).toBe('none');
      else expect([route, frame]).toEqual([route, route.startsWith('/user/') ? 'member' : 'public']);
    }
    expect(routeFor('/user/nope').frame).toBe('member');
    expect(routeFor('/nope').frame).toBe('none');
    expect(routeFor('/user/').module).toBe('mfe_wallet/Home');
  });

  test("the frame's words are the host's and the shared catalogues' words", () => {
    for (const locale of ['th', 'la', 'en'] as const) {
      const read = (file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as unknown;
      const host = read(`host/src/locales/${locale}/host.json`) as {
        appName: string;
        menu: Record<string, string>;
        titles: Record<string, string>;
        terminated: { pageTitle: string };
      };
      const common = read(`shared/src/i18n/locales/${locale}/common.json`) as {
        actions: { logout: string };
        status: { loading: string };
      };
      const s = FRAME_STRINGS[locale];
      expect(s.appName).toBe(host.appName);
      for (const [key, value] of Object.entries(s.menu))
        expect([locale, key, value]).toEqual([locale, key, host.menu[key]]);
      for (const [key, value] of Object.entries(s.titles)) {
        const expected = key === 'terminated' ? host.terminated.pageTitle : host.titles[key];
        expect([locale, key, value]).toEqual([locale, key, expected]);
      }
      expect(s.logout).toBe(common.actions.logout);
      expect(s.loading).toBe(common.status.loading);
    }
  });
});

describe(`a member's first screen: the home's balance painted by the server (${dbLabel})`, () => {
  const HOME = (label: string) =>
    `<section class="wallet-home"><p class="wallet-balance__name">{{member.name}}</p>` +
    `<p class="wallet-balance__total"><span>{{wallet.total}}</span> ${label}</p>` +
    `<p class="wallet-balance__main"><strong><span>{{wallet.main}}</span> ${label}</strong></p>{{member.nope}}</section>`;

  beforeAll(() => {
    write('mfe-wallet/dist/prerender/Home.THB.th.html', HOME('บาท'));
    write('mfe-wallet/dist/prerender/Home.THB.en.html', HOME('baht'));
    write('mfe-wallet/dist/prerender/Home.LAK.th.html', HOME('กีบ'));
    write('mfe-wallet/dist/prerender/first-screen.0123456789.css', '.wallet-home{}');
    write(
      'mfe-wallet/dist/prerender/index.json',
      JSON.stringify({
        css: 'prerender/first-screen.0123456789.css',
        screens: {
          Home: {
            member: true,
            variants: {
              THB: { th: 'prerender/Home.THB.th.html', en: 'prerender/Home.THB.en.html' },
              LAK: { th: 'prerender/Home.LAK.th.html' },
            },
          },
        },
      }),
    );
  });
  afterAll(() =>
    rmSync(path.join(root, 'mfe-wallet', 'dist', 'prerender'), { recursive: true, force: true }),
  );

  /** A member with 1,234.56 baht in the main wallet, signed in (remembered): the page cookie's token. */
  async function member(name = 'Malee <Srisuk> & Co') {
    const m = await memberWithToken(t.app);
    await t.app.ctx.db.updateTable('members').set({ name }).where('id', '=', m.memberId).execute();
    await fund(t.app, m.memberId, 123_456);
    return m;
  }
  const home = (token: string | undefined, extra: Record<string, string> = {}) =>
    get('/user/home', {
      ...(token === undefined ? {} : { cookie: `i18next=th; wl_page=${encodeURIComponent(token)}` }),
      ...extra,
    });

  test('with the page cookie of a live session: the balance in the page, escaped, kept by no cache', async () => {
    const { token } = await member();
    const res = await home(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(res.body).toContain(
      '<div class="host-first-screen host-page" data-first-screen="mfe_wallet/Home" inert>' +
        '<section class="wallet-home"><p class="wallet-balance__name">Malee &lt;Srisuk&gt; &amp; Co</p>' +
        '<p class="wallet-balance__total"><span>1,234.56</span> บาท</p>' +
        '<p class="wallet-balance__main"><strong><span>1,234.56</span> บาท</strong></p></section></div>',
    );
    expect(res.body).not.toContain('host-skeleton');
    expect(res.body).toContain(
      '<link rel="stylesheet" href="/remotes/mfe-wallet/prerender/first-screen.0123456789.css">',
    );
    // The live home's first render shows the same figures (shared takeMemberFacts).
    expect(dataBlock(res.body, 'member')).toEqual({
      name: 'Malee <Srisuk> & Co',
      currency: 'THB',
      main: 123_456,
      total: 123_456,
    });
    expect(res.body).not.toMatch(/id="member">[^<]*<Srisuk/);
    // The page's language picks the file.
    const en = await get('/user/home', { cookie: `i18next=en; wl_page=${token}` });
    expect(en.body).toContain('<span>1,234.56</span> baht');
  });

  test('the total counts every game account, as GET /api/wallet does', async () => {
    const { memberId, token } = await member('Noy');
    await t.app.ctx.db.transaction().execute((trx) =>
      t.app.ctx.ledger.post(trx, {
        kind: 'transfer',
        memberId,
        reference: `page-facts-${memberId}`,
        postings: [
          { account: { member: memberId, code: 'main' }, amount: -23_456 },
          { account: { member: memberId, code: 'game:PG' }, amount: 23_456 },
        ],
      }),
    );
    const facts = await t.app.memberPageFacts?.(memberId);
    expect(facts).toMatchObject({ main: 100_000, currency: 'THB' });
    const res = await home(token);
    const wallet = (
      await t.app.inject({ url: '/api/wallet', headers: { authorization: `Bearer ${token}` } })
    ).json<{
      data: { wallet: { amount: number }; slots: { amount: number }[] };
    }>().data;
    const total = wallet.slots.reduce((sum, s) => sum + s.amount, wallet.wallet.amount);
    expect(dataBlock<{ total: number }>(res.body, 'member').total).toBe(total);
    expect(res.body).toContain(`<span>${formatMinor(total, 'THB')}</span> บาท`);
  });

  test("a kip member's page is the kip screen, in whole kip", async () => {
    const files = new IndexPageFiles(root);
    const rendered = await files.render(
      { pathname: '/user/home', locale: 'th', remotes: remoteDirectory(() => true) },
      async () => ({ name: 'Noy', currency: 'LAK', main: 1_500_000, total: 1_750_000 }),
    );
    expect(rendered?.personal).toBe(true);
    expect(rendered?.html).toContain('<span>1,750,000</span> กีบ');
    expect(rendered?.html).toContain(
      '<p class="wallet-balance__main"><strong><span>1,500,000</span> กีบ</strong></p>',
    );
    // A language the build has no file of for that currency: the skeleton, and the page is nobody's.
    const en = await files.render(
      { pathname: '/user/home', locale: 'en', remotes: remoteDirectory(() => true) },
      async () => ({ name: 'Noy', currency: 'LAK', main: 1, total: 1 }),
    );
    expect(en?.personal).toBe(false);
    expect(en?.html).toContain('host-skeleton');
    expect(en?.html).not.toContain('id="member"');
  });

  test('without a live session the home shows its skeleton, as a page anyone may get', async () => {
    const { token } = await member();
    for (const cookie of [undefined, 'not-a-token', `${token}x`]) {
      const res = await home(cookie);
      expect(res.body).toContain('host-skeleton');
      expect(res.body).not.toContain('data-first-screen');
      expect(res.body).not.toContain('id="member"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // Signed out: the token's session is over, so is its page.
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await home(token)).body).not.toContain('1,234.56');
    // A closed site shows no member's money (the host shows the terminated page).
    const open = await member();
    await setSetting(t.app, 'service.active', false);
    try {
      expect((await home(open.token)).body).not.toContain('id="member"');
    } finally {
      await setSetting(t.app, 'service.active', true);
    }
    expect((await home(open.token)).body).toContain('id="member"');
    // Another page of the member area does not read the figures.
    const other = await member();
    const profile = await get('/user/profile', { cookie: `wl_page=${other.token}` });
    expect(profile.body).not.toContain('id="member"');
    expect(profile.headers['cache-control']).toBe('no-cache');
  });

  test('the server reads the cookie the front end writes (shared/src/auth/session.ts)', () => {
    const source = readFileSync(path.join(repoRoot, 'shared', 'src', 'auth', 'session.ts'), 'utf8');
    expect(source).toContain(`export const PAGE_COOKIE = '${PAGE_COOKIE}';`);
    expect(source).toContain('Path=/user');
  });

  test('the cookie authorises nothing in the API', async () => {
    const { token } = await member();
    const res = await t.app.inject({ url: '/api/wallet', headers: { cookie: `wl_page=${token}` } });
    expect(res.statusCode).toBe(401);
  });

  test('filling: each placeholder escaped, an unknown one empty; amounts as the front end shows them', () => {
    const facts = { name: '<b>"x"</b>', currency: 'LAK' as const, main: 1_500_000, total: -5 };
    expect(
      fillMemberScreen('{{member.name}}|{{wallet.main}}|{{wallet.total}}|{{x.y}}|{{ wallet.main }}', facts),
    ).toBe('&lt;b&gt;&quot;x&quot;&lt;/b&gt;|1,500,000|-5||{{ wallet.main }}');
    expect(formatMinor(123_456, 'THB')).toBe('1,234.56');
    expect(formatMinor(5, 'THB')).toBe('0.05');
    expect(formatMinor(-120_000_000, 'THB')).toBe('-1,200,000.00');
    expect(formatMinor(0, 'LAK')).toBe('0');
    expect(formatMinor(999, 'LAK')).toBe('999');
  });

  test('a member screen in index.json: its variants and languages; odd names are dropped', () => {
    const parsed = parsePrerenderIndex(
      JSON.stringify({
        css: 'prerender/a.css',
        screens: {
          Home: { member: true, variants: { THB: { th: 'prerender/h.html', la: '/etc/passwd' }, 'x/y': {} } },
          Login: { en: 'prerender/l.html' },
          Bad: { member: true },
        },
      }),
    );
    expect(parsed?.screens.get('Home')).toEqual({
      member: true,
      files: new Map([['THB', { th: 'prerender/h.html' }]]),
    });
    expect(parsed?.screens.get('Login')).toEqual({
      member: false,
      files: new Map([['', { en: 'prerender/l.html' }]]),
    });
    expect(parsed?.screens.has('Bad')).toBe(false);
  });
});
