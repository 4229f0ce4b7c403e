import { body, createTestApp, dbLabel, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  // The dev harness origin is configured, as CORS answers only configured origins (default: none).
  t = await createTestApp({ CORS_ORIGINS: 'http://localhost:3001' });
});
afterAll(() => t.close());

const lookup = async <T = unknown>(name: string, lang?: string): Promise<T> => {
  const res = await t.app.inject({
    url: `/api/lookup/${name}`,
    headers: lang ? { 'accept-language': lang } : {},
  });
  expect([name, res.statusCode]).toEqual([name, 200]);
  const env = body<T>(res);
  expect(env.code).toBe('SUCCESS');
  return env.data;
};

const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;

describe(`lookups (${dbLabel})`, () => {
  test('banks: Thai and Lao banks with code, nameTH, nameEN, nameLA, country', async () => {
    const banks =
      await lookup<{ code: string; nameTH: string; nameEN: string; nameLA: string; country: string }[]>(
        'banks',
      );
    const codes = banks.map((b) => b.code);
    expect(codes).toEqual(
      expect.arrayContaining(['KBANK', 'SCB', 'KTB', 'TMB', 'BBL', 'BAY', 'GSB', 'BCEL', 'LDB']),
    );
    expect(banks.find((b) => b.code === 'BCEL')).toEqual(
      expect.objectContaining({ country: 'LA', nameEN: expect.stringContaining('Lao') }),
    );
    for (const b of banks) {
      expect(b.nameTH).toMatch(THAI);
      // Every bank has a Lao name in Lao script (Thai banks: the Thai name written in Lao) and an English one.
      expect(b.nameLA).toMatch(LAO);
      expect(b.nameEN).toMatch(/^[A-Za-z]/);
      expect(['TH', 'LA']).toContain(b.country);
    }
    expect(banks.find((b) => b.code === 'BCEL')).toEqual(
      expect.objectContaining({
        nameLA: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ ມະຫາຊົນ',
        nameEN: 'BCEL (Banque pour le Commerce Extérieur Lao Public)',
      }),
    );
    expect(banks.find((b) => b.code === 'LDB')?.nameLA).toBe('ທະນາຄານພັດທະນາລາວ');
    // Thai banks first outside Laos.
    expect(banks[0]?.country).toBe('TH');
  });

  test('content lookups are localized by Accept-Language, falling back to Thai', async () => {
    const th = await lookup<string[]>('conditions', 'th');
    const la = await lookup<string[]>('conditions', 'la');
    const en = await lookup<string[]>('conditions', 'en-US,en;q=0.9');
    expect(th[0]).toMatch(THAI);
    expect(la[0]).toMatch(LAO);
    expect(en[0]).toMatch(/^<p>[A-Za-z]/);
    expect(await lookup<string[]>('conditions', 'fr')).toEqual(th);
    expect(await lookup<string[]>('conditions')).toEqual(th);
    expect(await lookup<string[]>('conditions', 'lo-LA')).toEqual(la);
    expect(await lookup<string[]>('conditions', 'fr, en;q=0.5')).toEqual(en);

    const agreements = await lookup<string[]>('agreements', 'la');
    expect(agreements.length).toBeGreaterThan(0);
    expect(agreements[0]).toMatch(/^<p>/);
    expect(agreements[0]).toMatch(LAO);
  });

  test('sources, info, notice, contact', async () => {
    const sources = await lookup<{ code: string; description: string }[]>('sources', 'th');
    expect(sources).toEqual(expect.arrayContaining([{ code: 'FRIEND', description: 'เพื่อนแนะนำ' }]));
    expect(await lookup('info')).toEqual({
      name: expect.any(String),
      website: expect.stringMatching(/^https:\/\//),
    });
    const notice = await lookup<{ text: string }>('notice', 'en');
    expect(notice.text).toContain('{percentFail}');
    const contact = await lookup<Record<string, string>>('contact', 'th');
    expect(contact).toEqual({
      contactText: expect.stringMatching(THAI),
      lineLink: expect.stringMatching(/^https:\/\/line\.me\//),
      lineName: expect.any(String),
      lineQR: '/api/lookup/contact/qr.png',
    });
    const qr = await t.app.inject({ url: contact.lineQR });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(qr.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  test('withdraw limits are integers in minor units; slip settings; deposit shape', async () => {
    expect(await lookup('withdraw')).toEqual({
      withdrawMin: 10_000,
      withdrawMax: 5_000_000,
      currency: 'THB',
    });
    expect(await lookup('slip')).toEqual(
      expect.objectContaining({ enabled: true, maxSizeBytes: expect.any(Number), uploadWithinMinutes: 60 }),
    );
    const deposit = await lookup<{ banks: Record<string, unknown>[]; wallets: unknown[]; isManual: boolean }>(
      'deposit',
    );
    expect(deposit.isManual).toBe(false);
    expect(deposit.banks[0]).toEqual({
      bankType: 'BANK',
      bankCode: 'KBANK',
      mode: 'AUTO',
      bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLA: 'ທະນາຄານກະສິກອນໄທ' },
      bankAccountName: expect.any(String),
      bankAccountNo: expect.stringMatching(/^\d+$/),
      currency: 'THB',
    });
  });

  test('flags: active, registerOTP, enableChatWidget', async () => {
    expect(await lookup('active')).toEqual({ terminated: null });
    expect(await lookup('registerOTP')).toEqual({ registerOTP: true });
    expect(await lookup('enableChatWidget')).toEqual({ enableChatWidget: false });
  });

  test('howto: five localized videos whose files and caption tracks are served', async () => {
    type Howto = {
      id: string;
      title: string;
      src: string;
      poster?: string;
      captions?: Record<string, string>;
    };
    const th = await lookup<Howto[]>('howto', 'th');
    const en = await lookup<{ title: string }[]>('howto', 'en');
    expect(th).toHaveLength(5);
    expect(th[0]?.title).toMatch(THAI);
    expect(en[0]?.title).toBe('How to register');
    for (const v of th) {
      const res = await t.app.inject({ url: v.src, method: 'HEAD' });
      expect([v.src, res.statusCode]).toEqual([v.src, 200]);
      expect(Object.keys(v.captions ?? {}).sort()).toEqual(['en', 'la', 'th']);
      for (const url of Object.values(v.captions ?? {})) {
        const vtt = await t.app.inject({ url });
        expect([url, vtt.statusCode, vtt.body.startsWith('WEBVTT')]).toEqual([url, 200, true]);
      }
    }
  });
});

describe(`envelope and errors (${dbLabel})`, () => {
  test('CORS allows the wallet-user header', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: {
        origin: 'http://localhost:3001',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization,x-requested-by',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3001');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('x-requested-by');
  });

  test('a body that is not JSON is a 400 with a catalogue code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: 'KEY_INVALID', message: 'KEY_INVALID' });
  });

  test('every /api route is documented with request and response schemas', async () => {
    const doc = JSON.parse((await t.app.inject({ url: '/docs/json' })).body) as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>>;
    };
    const apiPaths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/'));
    expect(apiPaths.length).toBeGreaterThanOrEqual(22);
    for (const p of apiPaths) {
      for (const [method, op] of Object.entries(doc.paths[p] ?? {})) {
        expect([p, method, Object.keys(op.responses ?? {})]).toEqual([
          p,
          method,
          expect.arrayContaining(['200']),
        ]);
        if (method === 'post' || method === 'put')
          expect([p, op.requestBody]).toEqual([p, expect.anything()]);
      }
    }
  });

  test('concurrent transactions do not lose updates (PGlite serialises them)', async () => {
    const { db } = t.app.ctx;
    const account = await db
      .insertInto('ledger_accounts')
      .values({ owner_type: 'system', member_id: null, code: 'test:counter', currency: 'THB' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await Promise.all(
      Array.from({ length: 50 }, () =>
        db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('ledger_accounts')
            .select('balance')
            .where('id', '=', account.id)
            .forUpdate()
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('ledger_accounts')
            .set({ balance: Number(row.balance) + 1 })
            .where('id', '=', account.id)
            .execute();
        }),
      ),
    );
    const after = await db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(after.balance).toBe(50);
  });

  test('member ledger accounts can never go negative (checked in SQL); system accounts may', async () => {
    const { db } = t.app.ctx;
    await db
      .insertInto('ledger_accounts')
      .values({ owner_type: 'system', member_id: null, code: 'test:negative', currency: 'THB', balance: -5 })
      .execute();
    await db
      .insertInto('members')
      .values({
        id: 'abcdefabcdefabcdefabcdef',
        username: '0899999999',
        name: 'Ledger Test',
        password_hash: 'x',
        bank_code: 'KBANK',
        bank_account_name: 'LEDGER TEST',
        bank_account_no: '9999999999',
        currency: 'THB',
      })
      .execute();
    await expect(
      db
        .insertInto('ledger_accounts')
        .values({
          owner_type: 'member',
          member_id: 'abcdefabcdefabcdefabcdef',
          code: 'main',
          currency: 'THB',
          balance: -1,
        })
        .execute(),
    ).rejects.toThrow(/ledger_accounts_member_non_negative/);
  });

  // Last: breaks the database on purpose.
  test('a 5xx never carries internals', async () => {
    await t.app.ctx.db.schema.dropTable('banks').cascade().execute();
    // The bank list is served from memory until it changes: forget it, so the next read meets the missing table.
    await t.app.caches.publish('banks');
    const res = await t.app.inject({ url: '/api/lookup/banks' });
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ code: 'INTERNAL_SERVER_ERROR', message: 'INTERNAL_SERVER_ERROR' });
  });
});
