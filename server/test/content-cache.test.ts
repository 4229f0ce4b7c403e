import { body, createTestApp, dbLabel, type TestApp } from './helpers';
import { countQueries } from './query-counter';

/**
 * Operator settings, lookup content, the bank list and banners are read from memory (platform/settings.ts,
 * features/content): a repeated read makes no query, and an operator's change is what the next read answers.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ JOB_INTERVAL_MS: '0' });
});
afterAll(() => t.close());

const opsHeaders = () => ({ 'x-ops-secret': t.app.ctx.secrets.opsSecret });
const lookup = async (path: string, language = 'th') =>
  body(await t.app.inject({ url: `/api/lookup/${path}`, headers: { 'accept-language': language } })).data;

describe(`settings and content from memory (${dbLabel})`, () => {
  test('repeated lookups and settings make no query', async () => {
    const counter = countQueries(t.app);
    try {
      // Warm: each read once.
      for (const path of ['registerOTP', 'conditions', 'banks', 'info', 'withdraw']) await lookup(path);
      await t.app.inject({ url: '/api/invite/banners' });
      expect(counter.sql.length).toBeGreaterThan(0);
      counter.sql.length = 0;
      for (const path of ['registerOTP', 'conditions', 'banks', 'info', 'withdraw']) await lookup(path);
      expect((await t.app.inject({ url: '/api/invite/banners' })).statusCode).toBe(200);
      expect(counter.sql).toEqual([]);
    } finally {
      counter.stop();
    }
  });

  test('an operator setting is answered anew on the next read', async () => {
    expect(await lookup('enableChatWidget')).toEqual({ enableChatWidget: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ops/settings/enableChatWidget',
      headers: opsHeaders(),
      payload: { value: true },
    });
    expect(res.statusCode).toBe(200);
    expect(await lookup('enableChatWidget')).toEqual({ enableChatWidget: true });
    await t.app.ctx.settings.set('enableChatWidget', false);
    expect(await lookup('enableChatWidget')).toEqual({ enableChatWidget: false });
  });

  test('edited content is answered anew on the next read, in its locale; the fallbacks follow', async () => {
    const before = (await lookup('conditions', 'en')) as string[];
    expect(before.length).toBeGreaterThan(0);
    const edited = ['<p>New English conditions</p>'];
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/ops/content/conditions/en',
      headers: opsHeaders(),
      payload: edited,
    });
    expect(put.statusCode).toBe(200);
    expect(await lookup('conditions', 'en')).toEqual(edited);
    const exact = await t.app.inject({ url: '/api/ops/content/conditions/en', headers: opsHeaders() });
    expect(body(exact).data).toEqual(edited);
    // Thai is untouched.
    expect(await lookup('conditions', 'th')).not.toEqual(edited);

    // A key with no row in a locale: the default locale's value, then the new one once it is written.
    const la = await lookup('info', 'la');
    await t.app.inject({
      method: 'PUT',
      url: '/api/ops/content/info/la',
      headers: opsHeaders(),
      payload: { name: 'Lao name', website: 'https://example.la' },
    });
    expect(await lookup('info', 'la')).toEqual({ name: 'Lao name', website: 'https://example.la' });
    expect(la).not.toEqual({ name: 'Lao name', website: 'https://example.la' });
  });

  test('the withdraw limits a member sees follow the content at once', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/ops/content/withdraw/th',
      headers: opsHeaders(),
      payload: { withdrawMin: 12_300, withdrawMax: 4_560_000, currency: 'THB' },
    });
    expect(put.statusCode).toBe(200);
    expect(await t.app.withdrawals.limits()).toEqual({ withdrawMin: 12_300, withdrawMax: 4_560_000 });
  });

  test('banners and banks changed in the database are answered after the invalidation', async () => {
    const before = body<{ image: string }[]>(await t.app.inject({ url: '/api/invite/banners' })).data;
    await t.app.ctx.db
      .withTables<{ money_in_banners: { kind: string; active: boolean } }>()
      .updateTable('money_in_banners')
      .set({ active: false })
      .where('kind', '=', 'invite')
      .execute();
    // Until invalidated, the copy in memory answers (its time to live is the safety net).
    expect(body(await t.app.inject({ url: '/api/invite/banners' })).data).toEqual(before);
    await t.app.banners.invalidate();
    expect(body(await t.app.inject({ url: '/api/invite/banners' })).data).toEqual([]);

    const banks = (await lookup('banks')) as { code: string }[];
    await t.app.ctx.db
      .updateTable('banks')
      .set({ active: false })
      .where('code', '=', banks[0]?.code ?? '')
      .execute();
    await t.app.caches.publish('banks');
    expect(((await lookup('banks')) as { code: string }[]).map((b) => b.code)).toEqual(
      banks.slice(1).map((b) => b.code),
    );
  });

  test('cached values are shared read-only: a caller cannot change what the next one reads', async () => {
    const value = (await t.app.content.get('conditions', 'th')) as string[];
    expect(() => value.push('<p>x</p>')).toThrow(TypeError);
    const settings = await t.app.ctx.settings.all();
    expect(Object.isFrozen(settings)).toBe(true);
  });
});
