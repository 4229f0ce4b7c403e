import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { remoteDirectory } from '../src/platform/index-page';
import { siteCsp } from '../src/platform/http/security';
import { REMOTE_ENTRIES } from '../src/platform/static';
import { createTestApp, dbLabel, setSetting, type TestApp } from './helpers';
import {
  buildPageFrame,
  FRAME_BUILD_TIMEOUT_MS,
  dataBlock,
  manifest,
  preloads,
  repoRoot,
  staticRoot,
  TEMPLATE,
} from './index-page-fixture';

const { root, write } = staticRoot('index-page-');

/** The host's strings in a language, which its React shell renders (host/src/locales). */
const host = (locale: string) =>
  JSON.parse(readFileSync(path.join(repoRoot, 'host', 'src', 'locales', locale, 'host.json'), 'utf8')) as {
    menu: Record<string, string>;
    titles: Record<string, string>;
    terminated: { pageTitle: string };
  };
const FRAME_ID = 'shell-frame';

let t: TestApp;
beforeAll(async () => {
  buildPageFrame(root);
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
}, FRAME_BUILD_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

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

    const th = host('th');
    expect(html).toContain(`<title>${th.titles.login} · Lucky Wallet</title>`);
    expect(html).toContain(`<div id="${FRAME_ID}" class="host-shell host-shell--public">`);
    expect(html).toContain(
      `<a aria-current="page" class="host-menu__item host-menu__item--active" href="/login" data-discover="true">${th.menu.home}</a>`,
    );
    expect(html).toContain(`>${th.menu.register}</a>`);
    expect(html).toContain('data-remote="mfe_auth/Login"');
    expect(html).toContain(`<div id="${FRAME_ID}"`);
    expect(html.indexOf(FRAME_ID)).toBeLessThan(html.indexOf('<div id=root>'));
  });

  test('a signed-in route gets the member frame and its own remote; a page without a remote gets no hints', async () => {
    const home = (await get('/user/home')).body;
    expect(home).toContain('class="host-shell host-shell--member"');
    expect(home).toMatch(/<button type="button" class="host-logout">[^<]+<\/button>/);
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
    expect(terminated).toContain(`<title>${host('th').terminated.pageTitle}</title>`);
  });

  test("the member's language: the i18next cookie, else Thai whatever the browser's language", async () => {
    const en = (await get('/login', { cookie: 'i18next=en', 'accept-language': 'th' })).body;
    expect(en).toContain('<html lang="en" data-locale="en">');
    expect(en).toContain('<title>Sign in · Lucky Wallet</title>');
    expect(en).toMatch(/<a aria-current="page"[^>]*>Home<\/a>/);
    expect(en).toContain('>Register</a>');
    expect(preloads(en)).toEqual(
      expect.arrayContaining(['/remotes/mfe-auth/strings-en.0000cccc.js', '/locale-en.2222bbbb.js']),
    );
    expect(preloads(en)).not.toContain('/locale-th.1111aaaa.js');

    const la = (await get('/user/home', { cookie: 'theme=x; i18next=la' })).body;
    expect(la).toContain('<html lang="lo" data-locale="la">');
    expect(la).toContain(`>${host('la').menu.statement}</a>`);

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
          '<div class="host-first-screen host-page" data-first-screen="mfe_auth/Login" inert="">' +
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
