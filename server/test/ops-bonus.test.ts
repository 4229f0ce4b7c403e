import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runOps } from '../src/cli/ops-client';
import type { BonusDefinition, PromotionDefinition } from '../src/features/bonus/definitions';
import type { ActiveCheck, Bonus } from '../src/features/bonus/schemas';
import { body, createTestApp, dbLabel, setSetting, type TestApp } from './helpers';
import { call, expectError, newMember, type TestMember } from './money-in-support';

/**
 * Operators edit bonus definitions and promotions (/api/ops/bonuses, /api/ops/promotions and `npm run ops -- bonus …`):
 * what members see changes at once, while an open condition keeps the rules it was received with.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

type BonusListItem = BonusDefinition & { activations: { open: number; total: number } };
type PromotionListItem = PromotionDefinition & { received: number };

const secret = () => ({ 'x-ops-secret': t.app.ctx.secrets.opsSecret });
const ops = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: secret(), ...(payload ? { payload } : {}) });
const opsData = async <T>(url: string): Promise<T> => {
  const res = await ops('GET', url);
  expect(res.statusCode).toBe(200);
  return body<T>(res).data;
};
const memberGet = async <T>(m: TestMember, url: string): Promise<{ status: number; data: T }> => {
  const res = await call(t.app, m, 'GET', url);
  return { status: res.statusCode, data: body<T>(res).data };
};
const offeredCodes = async (m: TestMember) =>
  (await memberGet<Bonus[]>(m, '/api/bonus')).data.map((b) => b.code);

/** A listed fixed bonus without a deposit condition (like the seeded PROMO100). */
const freeBonus = (code: string, over: Partial<BonusDefinition> = {}): BonusDefinition => ({
  code,
  type: 'limit',
  maxReceived: 1,
  rewardKind: 'fixed',
  percent: 0,
  amounts: { THB: { fixed: 2_000, cap: 0, minDeposit: 0 }, LAK: { fixed: 12_000, cap: 0, minDeposit: 0 } },
  turnoverMultiple: 4,
  turnoverBase: 'bonus',
  contributions: { slot: 100, sport: 100, lotto: 0 },
  percentFail: 0,
  cancellable: true,
  listed: true,
  active: true,
  sortOrder: 5,
  names: { th: 'โบนัสทดลอง', la: 'ໂບນັດທົດລອງ', en: 'Trial bonus' },
  banners: [
    {
      image: '/media/banners/bonus-promo.svg',
      html: { th: '<p>โบนัสทดลอง</p>', la: '<p>ໂບນັດທົດລອງ</p>', en: '<p>Trial bonus</p>' },
    },
  ],
  ...over,
});

describe(`operator bonuses and promotions (${dbLabel})`, () => {
  test('the bonus and promotion endpoints need the ops secret', async () => {
    for (const [method, url] of [
      ['GET', '/api/ops/bonuses'],
      ['GET', '/api/ops/bonuses/WELCOME'],
      ['PUT', '/api/ops/bonuses/WELCOME'],
      ['GET', '/api/ops/promotions'],
      ['PUT', '/api/ops/promotions/HAPPY2027'],
    ] as const) {
      const payload = method === 'PUT' ? { payload: freeBonus('WELCOME') } : {};
      const missing = await t.app.inject({ method, url, ...payload });
      expect([url, missing.statusCode, body(missing).code]).toEqual([url, 401, 'KEY_MISSING']);
      const wrong = await t.app.inject({ method, url, headers: { 'x-ops-secret': 'nope' }, ...payload });
      expect([url, wrong.statusCode, body(wrong).code]).toEqual([url, 403, 'KEY_INVALID']);
    }
    // Nothing was saved by the refused PUT.
    expect((await t.app.bonusCatalogue.definition('WELCOME'))?.rewardKind).toBe('percent');
  });

  test('the lists show the seeded bonuses (listed or not) and the promotion, with their counts', async () => {
    const bonuses = await opsData<BonusListItem[]>('/api/ops/bonuses');
    expect(bonuses.map((b) => [b.code, b.listed, b.active, b.activations])).toEqual([
      ['WELCOME', true, true, { open: 0, total: 0 }],
      ['DAILY10', true, true, { open: 0, total: 0 }],
      ['WEEKLY', true, true, { open: 0, total: 0 }],
      ['PROMO100', false, true, { open: 0, total: 0 }],
    ]);
    expect(bonuses[0]).toMatchObject({
      rewardKind: 'percent',
      percent: 50,
      amounts: { THB: { fixed: 0, cap: 50_000, minDeposit: 10_000 } },
      turnoverMultiple: 5,
    });
    const promotions = await opsData<PromotionListItem[]>('/api/ops/promotions');
    expect(promotions).toEqual([
      expect.objectContaining({ code: 'HAPPY2027', bonusCode: 'PROMO100', received: 0 }),
    ]);
    expect(await opsData<PromotionDefinition>('/api/ops/promotions/HAPPY2027')).toMatchObject({
      maxTotal: 1000,
      active: true,
    });
    const unknown = await ops('GET', '/api/ops/bonuses/NOPE');
    expectError(unknown, 404, 'NO_DATA');
  });

  test('an invalid definition is refused with every problem, and nothing changes', async () => {
    const welcome = await opsData<BonusDefinition>('/api/ops/bonuses/WELCOME');
    const bad = {
      ...welcome,
      maxReceived: 0,
      percentFail: 150,
      names: { ...welcome.names, la: '' },
      banners: [{ image: 'ftp://example.com/a.png', html: welcome.names }],
    };
    const res = await ops('PUT', '/api/ops/bonuses/WELCOME', bad);
    expectError(res, 400, 'KEY_INVALID');
    const problems = body(res).message?.split('; ');
    expect(problems).toEqual([
      'maxReceived: 1 to 1000',
      'percentFail: 0 to 100',
      'names: th, la and en, 1 to 80 characters',
      'banners[0].image: a /path or https:// URL',
    ]);
    // A wrong JSON shape is refused by the schema, naming the field.
    const shape = await ops('PUT', '/api/ops/bonuses/WELCOME', { ...welcome, type: 'month' });
    expect([shape.statusCode, body(shape).code, body<unknown>(shape)]).toEqual([
      400,
      'KEY_INVALID',
      expect.objectContaining({ field: 'type' }),
    ]);
    // The body's code must be the path's.
    const other = await ops('PUT', '/api/ops/bonuses/WELCOME', { ...welcome, code: 'DAILY10' });
    expectError(other, 400, 'KEY_INVALID');
    expect(await opsData<BonusDefinition>('/api/ops/bonuses/WELCOME')).toEqual(welcome);
    expect(await opsData<BonusDefinition>('/api/ops/bonuses/DAILY10')).toMatchObject({ percent: 10 });
  });

  test('a new bonus is offered to members at once; off hides it and it cannot be received', async () => {
    const m = await newMember(t.app);
    expect(await offeredCodes(m)).toEqual(['WELCOME', 'DAILY10', 'WEEKLY']);
    const saved = await ops('PUT', '/api/ops/bonuses/TRIAL', freeBonus('TRIAL'));
    expect(saved.statusCode).toBe(200);
    expect(body(saved).data).toEqual(freeBonus('TRIAL'));
    expect(await offeredCodes(m)).toEqual(['WELCOME', 'DAILY10', 'WEEKLY', 'TRIAL']);
    const offered = (await memberGet<Bonus[]>(m, '/api/bonus')).data.find((b) => b.code === 'TRIAL');
    expect(offered).toMatchObject({ reward: { kind: 'fixed', amount: 2_000 }, minDeposit: 0 });

    const off = await ops('PUT', '/api/ops/bonuses/TRIAL', freeBonus('TRIAL', { active: false }));
    expect(off.statusCode).toBe(200);
    expect(await offeredCodes(m)).toEqual(['WELCOME', 'DAILY10', 'WEEKLY']);
    expect((await memberGet(m, '/api/bonus/activate/TRIAL')).status).toBe(404);
    const listed = await opsData<BonusListItem[]>('/api/ops/bonuses');
    expect(listed.find((b) => b.code === 'TRIAL')).toMatchObject({ active: false, listed: true });
  });

  test('an edit does not change the condition a member holds; the next member gets the new rules', async () => {
    const holder = await newMember(t.app);
    const got = await memberGet<{ amount: number }>(holder, '/api/promotion/activate/HAPPY2027');
    expect([got.status, got.data.amount]).toEqual([200, 10_000]);
    const before = (await memberGet<ActiveCheck>(holder, '/api/bonus/check/active')).data;
    expect(before.bonus).toMatchObject({
      code: 'PROMO100',
      turnover: { needed: 100_000, done: 0 },
      percentFail: 0,
      cancellable: true,
    });

    const promo = await opsData<BonusDefinition>('/api/ops/bonuses/PROMO100');
    const edited = { ...promo, turnoverMultiple: 20, percentFail: 50, cancellable: false };
    expect((await ops('PUT', '/api/ops/bonuses/PROMO100', edited)).statusCode).toBe(200);

    expect((await memberGet<ActiveCheck>(holder, '/api/bonus/check/active')).data).toEqual(before);
    const next = await newMember(t.app);
    await memberGet(next, '/api/promotion/activate/HAPPY2027');
    expect((await memberGet<ActiveCheck>(next, '/api/bonus/check/active')).data.bonus).toMatchObject({
      turnover: { needed: 200_000 },
      percentFail: 50,
      cancellable: false,
    });

    const bonuses = await opsData<BonusListItem[]>('/api/ops/bonuses');
    expect(bonuses.find((b) => b.code === 'PROMO100')?.activations).toEqual({ open: 2, total: 2 });
    const promotions = await opsData<PromotionListItem[]>('/api/ops/promotions');
    expect(promotions.find((p) => p.code === 'HAPPY2027')?.received).toBe(2);
  });

  test('a promotion needs a bonus that exists; an edited promotion applies at once', async () => {
    const happy = await opsData<PromotionDefinition>('/api/ops/promotions/HAPPY2027');
    const unknown = await ops('PUT', '/api/ops/promotions/NEWYEAR', {
      ...happy,
      code: 'NEWYEAR',
      bonusCode: 'NOPE',
    });
    expectError(unknown, 400, 'KEY_INVALID');
    expect(body(unknown).message).toMatch(/bonusCode: no bonus NOPE/);
    expectError(await ops('GET', '/api/ops/promotions/NEWYEAR'), 404, 'NO_DATA');

    const m = await newMember(t.app);
    const find = async () => (await memberGet<object>(m, '/api/promotion/find/newyear')).data;
    expect(await find()).toEqual({});
    const created = await ops('PUT', '/api/ops/promotions/NEWYEAR', {
      ...happy,
      code: 'NEWYEAR',
      bonusCode: 'TRIAL',
      maxTotal: null,
      endsAt: '2099-01-01T00:00:00.000Z',
    });
    expect(created.statusCode).toBe(200);
    expect(body(created).data).toMatchObject({
      code: 'NEWYEAR',
      maxTotal: null,
      endsAt: '2099-01-01T00:00:00.000Z',
    });
    // TRIAL is off, so its promotion is not running.
    expect(await find()).toEqual({});
    await ops('PUT', '/api/ops/bonuses/TRIAL', freeBonus('TRIAL'));
    expect(await find()).toMatchObject({ code: 'NEWYEAR', percentFail: 0 });
  });
});

describe(`ops CLI: bonus and promotion (${dbLabel})`, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ops-bonus-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('list, show, set from a file or stdin, off and on, through the running server', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const env = { PORT: String((t.app.server.address() as AddressInfo).port), DATA_DIR: t.config.dataDir };
    let out: string[] = [];
    let err: string[] = [];
    let stdin = '';
    const run = (...argv: string[]) => {
      out = [];
      err = [];
      return runOps(
        argv,
        env,
        (l) => out.push(l),
        (l) => err.push(l),
        () => Promise.resolve(stdin),
      );
    };

    expect(await run('bonus', 'list')).toBe(0);
    expect(out[0]).toMatch(
      /^CODE +TYPE +MAX +REWARD +MIN DEPOSIT +TURNOVER +FAIL +LISTED\/ACTIVE +OPEN\/TOTAL$/,
    );
    const welcome = out.find((l) => l.startsWith('WELCOME'));
    expect(welcome?.split(/ {2,}/)).toEqual([
      'WELCOME',
      'limit',
      '1',
      '50% up to 500.00 THB, 300,000 LAK',
      '100.00 THB, 60,000 LAK',
      '5× bonus+deposit',
      '0%',
      'yes/yes',
      '0/0',
    ]);
    // PROMO100 as the edit above left it, with the two members who hold it.
    expect(out.find((l) => l.startsWith('PROMO100'))?.split(/ {2,}/)).toEqual([
      'PROMO100',
      'limit',
      '1',
      '100.00 THB, 60,000 LAK',
      '0.00 THB, 0 LAK',
      '20× bonus',
      '50%',
      'no/yes',
      '2/2',
    ]);

    expect(await run('bonus', 'show', 'weekly')).toBe(0);
    expect(JSON.parse(out.join('\n'))).toEqual(await t.app.bonusCatalogue.definition('WEEKLY'));

    const file = path.join(dir, 'cli.json');
    writeFileSync(
      file,
      JSON.stringify(freeBonus('CLI_BONUS', { names: { th: 'ซีแอลไอ', la: 'ຊີແອວໄອ', en: 'CLI' } })),
    );
    expect(await run('bonus', 'set', 'CLI_BONUS', file)).toBe(0);
    expect(out).toEqual(['CLI_BONUS saved, active=true']);
    const m = await newMember(t.app);
    expect(await offeredCodes(m)).toContain('CLI_BONUS');

    expect(await run('bonus', 'off', 'CLI_BONUS')).toBe(0);
    expect(out).toEqual(['CLI_BONUS saved, active=false']);
    expect(await offeredCodes(m)).not.toContain('CLI_BONUS');
    expect(await run('bonus', 'on', 'cli_bonus')).toBe(0);
    expect(await offeredCodes(m)).toContain('CLI_BONUS');

    // A refused definition prints the server's problems and exits 1; nothing changes.
    stdin = JSON.stringify(freeBonus('CLI_BONUS', { maxReceived: 0, turnoverMultiple: 500 }));
    expect(await run('bonus', 'set', 'CLI_BONUS', '-')).toBe(1);
    expect(err).toEqual(['KEY_INVALID:', '  - maxReceived: 1 to 1000', '  - turnoverMultiple: 0 to 100']);
    expect((await t.app.bonusCatalogue.definition('CLI_BONUS'))?.maxReceived).toBe(1);
    stdin = '{ not json';
    expect(await run('bonus', 'set', 'CLI_BONUS', '-')).toBe(1);
    expect(err[0]).toMatch(/^stdin: not JSON/);
    expect(await run('bonus', 'show', 'NOPE')).toBe(1);
    expect(err).toEqual(['NO_DATA (unknown key or code)']);
    expect(await run('bonus', 'set', 'CLI_BONUS')).toBe(1);
    expect(err[0]).toMatch(/^Usage:/);

    expect(await run('promotion', 'list')).toBe(0);
    expect(out[0]).toMatch(/^CODE +BONUS +ACTIVE +RECEIVED\/MAX +STARTS +ENDS$/);
    expect(out.find((l) => l.startsWith('HAPPY2027'))?.split(/ {2,}/)).toEqual([
      'HAPPY2027',
      'PROMO100',
      'yes',
      '2/1000',
      '-',
      '-',
    ]);
    expect(await run('promotion', 'off', 'HAPPY2027')).toBe(0);
    expect(out).toEqual(['HAPPY2027 saved, active=false']);
    expect((await memberGet(m, '/api/promotion/find/HAPPY2027')).data).toEqual({});
    expectError(await call(t.app, m, 'GET', '/api/promotion/activate/HAPPY2027'), 404, 'NO_PROMOTION');
    expect(await run('promotion', 'on', 'HAPPY2027')).toBe(0);
    expect((await memberGet(m, '/api/promotion/find/HAPPY2027')).data).toMatchObject({ code: 'HAPPY2027' });
  });
});
