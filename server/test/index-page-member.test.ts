import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { formatMinor, IndexPageFiles, remoteDirectory } from '../src/platform/index-page';
import { PAGE_COOKIE } from '../src/platform/http/auth';
import { createTestApp, dbLabel, fund, memberWithToken, setSetting, type TestApp } from './helpers';
import {
  buildPageFrame,
  dataBlock,
  FRAME_BUILD_TIMEOUT_MS,
  manifest,
  repoRoot,
  staticRoot,
  TEMPLATE,
} from './index-page-fixture';

const { root, write } = staticRoot('index-page-member-');

let t: TestApp;
beforeAll(async () => {
  buildPageFrame(root);
  write('host/dist/index.html', TEMPLATE);
  write('mfe-wallet/dist/mf-manifest.json', manifest('mfe_wallet', { Home: ['12.aaaabbbb.js'] }));
  t = await createTestApp({ STATIC_ROOT: root });
}, FRAME_BUILD_TIMEOUT_MS);
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

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
      '<div class="host-first-screen host-page" data-first-screen="mfe_wallet/Home" inert="">' +
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
});
