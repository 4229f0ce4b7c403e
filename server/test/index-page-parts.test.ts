import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  escapeHtml,
  fillMemberScreen,
  formatMinor,
  jsonForScript,
  parseManifest,
  parsePageFrame,
  parsePrerenderIndex,
  remoteDirectory,
  renderIndexPage,
  routeFor,
  type PageFrame,
} from '../src/platform/index-page';
import {
  buildPageFrame,
  dataBlock,
  FRAME_BUILD_TIMEOUT_MS,
  manifest,
  preloads,
  staticRoot,
  TEMPLATE,
} from './index-page-fixture';

/** The page frame the host's build renders from its React shell. */
let frame: PageFrame;
beforeAll(() => {
  const { root } = staticRoot('index-page-parts-');
  try {
    buildPageFrame(root);
    const parsed = parsePageFrame(readFileSync(path.join(root, 'host', 'dist', 'page-frame.json'), 'utf8'));
    if (!parsed) throw new Error('page-frame.json not parsed');
    frame = parsed;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}, FRAME_BUILD_TIMEOUT_MS);

describe('escaping', () => {
  const remotes = remoteDirectory(() => true);
  const hostile = `</script><script>alert(1)</script><!-- "'&`;

  test('the site name in the title, the frame and the data block cannot break out', () => {
    const html = renderIndexPage(
      TEMPLATE,
      { pathname: '/login', locale: 'en', siteName: hostile, remotes },
      new Map(),
      frame,
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
      frame,
    );
    expect(preloads(html)).toContain('/remotes/mfe-auth/ok.1234abcd.js');
    expect(html).not.toContain('../../host');
  });
});

describe("a member's first screen's parts", () => {
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

describe("the build's page frame, filled per request", () => {
  const remotes = remoteDirectory(() => true);
  const render = (pathname: string, extra: { siteName?: string; remotes?: typeof remotes } = {}) =>
    renderIndexPage(TEMPLATE, { pathname, locale: 'en', remotes, ...extra }, new Map(), frame);

  test("the route table is the host's: pages, their frames and modules, the redirects, unknown paths", () => {
    expect(routeFor(frame, '/login').route).toMatchObject({ frame: 'public', module: 'mfe_auth/Login' });
    expect(routeFor(frame, '/user/').route).toMatchObject({ frame: 'member', module: 'mfe_wallet/Home' });
    expect(routeFor(frame, '/').key).toBe('/user/home');
    expect(routeFor(frame, '/user/nope')).toEqual({ key: '/user/*', route: { frame: 'member' } });
    expect(routeFor(frame, '/nope').route.frame).toBe('none');
    expect(routeFor(frame, '/terminated').route).toMatchObject({ frame: 'none', bare: true });
    // Without the build's file: no table, no frame.
    expect(routeFor(undefined, '/login')).toEqual({ key: '*', route: { frame: 'none' } });
  });

  test("the site's name fills every place of it, escaped, and nothing filled in is read as a placeholder", () => {
    const name = `${frame.placeholders.slot}<b>&`;
    const html = render('/login', { siteName: name });
    expect(html).toContain(`title="${escapeHtml(name)}">${escapeHtml(name)}</span>`);
    expect(html).not.toContain(frame.placeholders.siteName);
    // The slot was filled once, with the skeleton; the name's copy of the placeholder stayed text.
    expect(html.split('host-skeleton"').length).toBe(2);
    // Without an operator's name: the catalogue's, in the page's language.
    expect(render('/login')).toContain(`>${frame.locales.get('en')?.appName}</span>`);
  });

  test("the menus follow the enabled remotes as the shell's do, and the page's entry is active", () => {
    const withoutBonus = remoteDirectory((folder) => folder !== 'mfe-bonus');
    const full = render('/user/statement');
    expect(full).toMatch(
      /aria-current="page" class="[^"]*host-menu__item--active[^"]*" href="\/user\/statement"/,
    );
    expect(full).toContain('href="/user/profile"');
    const partial = render('/user/home', { remotes: withoutBonus });
    expect(partial).not.toContain('href="/user/statement"');
    expect(partial).toContain('href="/user/profile"');
    expect(frame.remotes).toEqual(expect.arrayContaining(['mfe_auth', 'mfe_bonus']));
  });

  test("a file that is not the build's frame is no frame", () => {
    expect(parsePageFrame('{not json')).toBeUndefined();
    expect(parsePageFrame(JSON.stringify({ version: 2 }))).toBeUndefined();
    const html = renderIndexPage(
      TEMPLATE,
      { pathname: '/login', locale: 'th', remotes },
      new Map(),
      undefined,
    );
    expect(html).not.toContain('shell-frame');
    expect(html).toContain('<title>Wallet</title>');
    expect(dataBlock<{ locale: string }>(html, 'site').locale).toBe('th');
  });
});
