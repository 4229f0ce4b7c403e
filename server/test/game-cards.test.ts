import { body, createTestApp, dbLabel, memberWithToken, setSetting, type TestApp } from './helpers';

/** What GET /api/wallet answers per game card (the fields these tests look at). */
interface Card {
  code: string;
  name: string;
  logo: string;
  background: string;
  category: 'slot' | 'sport' | 'lotto';
  web: string | null;
  android: string | null;
  ios: string | null;
}

const PLATFORMS = ['web', 'android', 'ios'] as const;

async function cardsOf(t: TestApp, token?: string): Promise<Card[]> {
  const bearer = token ?? (await memberWithToken(t.app)).token;
  const res = await t.app.inject({ url: '/api/wallet', headers: { authorization: `Bearer ${bearer}` } });
  expect(res.statusCode).toBe(200);
  return body<{ slots: Card[] }>(res).data.slots;
}

describe(`game card art and provider links, sandbox on (${dbLabel})`, () => {
  let t: TestApp;
  let cards: Card[];
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ GAME_LATENCY_MS: '0', JOB_INTERVAL_MS: '0' });
    await setSetting(t.app, 'registerOTP', false);
    ({ token } = await memberWithToken(t.app));
    cards = await cardsOf(t, token);
  });
  afterAll(() => t.close());

  test('every background is words-free art: no <text>, no name, no category word, cached a day', async () => {
    expect(cards).toHaveLength(16);
    const seen = new Set<string>();
    for (const card of cards) {
      const res = await t.app.inject({ url: card.background });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
      expect(res.body).not.toMatch(/<text\b|<tspan\b|<textPath\b/i);
      expect(res.body.toLowerCase()).not.toContain(card.name.toLowerCase());
      expect(res.body).not.toMatch(/slot|sport|lotto/i);
      // The same game draws the same picture every time; no two games share one.
      expect((await t.app.inject({ url: card.background })).body).toBe(res.body);
      seen.add(res.body);
    }
    expect(seen.size).toBe(16);
  });

  test('each category has its own motif: reels for slots, a pitch for sport, balls for lotto', async () => {
    const art = async (code: string) => (await t.app.inject({ url: `/media/games/${code}-bg.svg` })).body;
    expect(await art('PG')).toContain('id="reel"');
    expect(await art('UFABET')).toMatch(/<line x1="150" y1="24" x2="150" y2="196"/);
    expect(await art('HUAYHD')).toContain('id="ball0"');
    expect(await art('PG')).not.toContain('id="ball0"');
  });

  test('a logo is an emblem with a short monogram, named by role=img and aria-label', async () => {
    for (const card of cards) {
      const res = await t.app.inject({ url: card.logo });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.body).toContain(`role="img" aria-label="${card.name}"`);
      expect(res.body).toContain(`<title>${card.name}</title>`);
      const texts = [...res.body.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
      expect(texts).toHaveLength(1);
      expect(texts[0]).toMatch(/^[A-Z0-9]{1,3}$/);
    }
  });

  test('web / android / ios links open the sandbox provider pages of this server, which answer 200', async () => {
    let links = 0;
    for (const card of cards) {
      for (const platform of PLATFORMS) {
        const link = card[platform];
        if (link === null) continue;
        links += 1;
        expect(link).toBe(`/sandbox/games/${card.code}/${platform}`);
        const res = await t.app.inject({ url: link });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['content-security-policy']).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.body).toContain(`<h1>${card.name} · `);
        expect(res.body).toContain(`data-platform="${platform}"`);
        expect(res.body).toContain('href="/user/home"');
      }
    }
    // Every game can be opened somewhere, and not every game has every app.
    expect(links).toBeGreaterThan(16);
    expect(cards.filter((c) => c.android === null).map((c) => c.code)).toContain('BETFLIX');
    expect(cards.find((c) => c.code === 'CIRCUS')?.web).toBeNull();
  });

  test('the pages speak th by default, la and en when asked or by Accept-Language', async () => {
    const th = await t.app.inject({ url: '/sandbox/games/PG/android' });
    expect(th.body).toContain('<html lang="th">');
    expect(th.body).toContain('แอป Android');
    const la = await t.app.inject({ url: '/sandbox/games/PG/ios?lang=la' });
    expect(la.body).toContain('<html lang="la">');
    expect(la.body).toContain('ກັບໄປທີ່ກະເປົາເງິນ');
    const en = await t.app.inject({ url: '/sandbox/games/PG/web', headers: { 'accept-language': 'en-GB' } });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('<title>PG Soft · Website</title>');
  });

  test('the play page an auto-login link opens speaks th, la and en too', async () => {
    const authorization = `Bearer ${token}`;
    expect(
      (await t.app.inject({ url: '/api/wallet/activate/HUAYHD', headers: { authorization } })).statusCode,
    ).toBe(200);
    const { username } = body<{ username: string }>(
      await t.app.inject({ url: '/api/wallet/account/HUAYHD', headers: { authorization } }),
    ).data;
    const { link } = body<{ link: string }>(
      await t.app.inject({ url: `/api/autoLogin/huayhd/${username}`, headers: { authorization } }),
    ).data;
    const la = await t.app.inject({ url: `${link}&lang=la` });
    expect(la.statusCode).toBe(200);
    expect(la.body).toContain('<html lang="la">');
    expect(la.body).toContain('ຍອດເງິນໃນເກມ');
    // Links to the other two languages keep the session.
    expect(la.body).toMatch(
      /href="\/sandbox\/games\/HUAYHD\/play\?session=[^"]+&amp;lang=en" lang="en">English</,
    );
    const en = await t.app.inject({ url: link, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.body).toContain('Game balance');
    expect((await t.app.inject({ url: link })).body).toContain('ยอดเงินในเกม');
  });

  test('a platform the game does not offer, or an unknown game, is 404', async () => {
    expect((await t.app.inject({ url: '/sandbox/games/BETFLIX/android' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sandbox/games/CIRCUS/web' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sandbox/games/NOPE/web' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sandbox/games/PG/desktop' })).statusCode).toBe(400);
  });
});

describe(`game provider links without the sandbox (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX: 'off' });
    await setSetting(t.app, 'registerOTP', false);
  });
  afterAll(() => t.close());

  test('no card links to the sandbox (no provider is configured), and the sandbox pages do not exist', async () => {
    const cards = await cardsOf(t);
    expect(cards).toHaveLength(16);
    for (const card of cards) expect([card.web, card.android, card.ios]).toEqual([null, null, null]);
    expect((await t.app.inject({ url: '/sandbox/games/PG/web' })).statusCode).toBe(404);
    // The art does not depend on the sandbox.
    expect((await t.app.inject({ url: '/media/games/PG-bg.svg' })).statusCode).toBe(200);
  });
});
