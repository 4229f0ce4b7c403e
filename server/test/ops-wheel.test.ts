import { spinDb } from '../src/features/spin/tables';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runOps } from '../src/cli/ops-client';
import type { SpinSetup } from '../src/features/spin/schemas';
import { SEED_WHEEL, type WheelDefinition } from '../src/features/spin/wheels';
import { body, createTestApp, dbLabel, setSetting, type TestApp } from './helpers';
import { call, expectError, newMember, type TestMember } from './money-in-support';

/**
 * Operators define the prize wheel and grant coins (/api/ops/wheels, /api/ops/coins and `npm run ops -- wheel …`,
 * `coins grant`): what members see changes at once, a wrong wheel changes nothing.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t.app, 'registerOTP', false);
  await setSetting(t.app, 'spin.active', true);
});
afterAll(() => t.close());

interface WheelListItem {
  id: string;
  active: boolean;
  totalWeight: number;
  draws: number;
  slices: (WheelDefinition['slices'][number] & { chance: number })[];
}

const secret = () => ({ 'x-ops-secret': t.app.ctx.secrets.opsSecret });
const ops = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: secret(), ...(payload ? { payload } : {}) });
const opsData = async <T>(url: string): Promise<T> => {
  const res = await ops('GET', url);
  expect(res.statusCode).toBe(200);
  return body<T>(res).data;
};
const wheelList = () => opsData<WheelListItem[]>('/api/ops/wheels');
const activeIds = async () => (await wheelList()).filter((w) => w.active).map((w) => w.id);
const memberGet = async <T>(m: TestMember, url: string): Promise<T> => {
  const res = await call(t.app, m, 'GET', url);
  expect(res.statusCode).toBe(200);
  return body<T>(res).data;
};
const coinOf = async (m: TestMember) => (await memberGet<{ coin: number }>(m, '/api/account/profile')).coin;
const setup = (m: TestMember) => memberGet<SpinSetup>(m, '/api/spinwheel/setup');
const spin = (m: TestMember) =>
  t.app.inject({
    method: 'POST',
    url: '/api/spinwheel/spin',
    headers: { authorization: `Bearer ${m.token}`, 'idempotency-key': randomUUID() },
    payload: {},
  });

/** A three-slice wheel: 50 baht (weight 1), two coins (weight 1), nothing (weight 2). */
const smallWheel = (id: string, over: Partial<WheelDefinition> = {}): WheelDefinition => ({
  id,
  names: { th: 'วงล้อเล็ก', la: 'ວົງລໍ້ນ້ອຍ', en: 'Small wheel' },
  active: true,
  slices: [
    {
      code: 'CASH50',
      label: { th: '50 บาท', la: '50 ບາດ', en: '50 baht' },
      bgColor: '#047857',
      textColor: '#ffffff',
      htmlDescription: { th: '<p>50 บาท</p>', la: '<p>50 ບາດ</p>', en: '<p>50 baht</p>' },
      weight: 1,
      prize: { kind: 'money', amounts: { THB: 5_000, LAK: 30_000 } },
    },
    {
      code: 'COIN2',
      label: { th: '+2 เหรียญ', la: '+2 ຫຼຽນ', en: '+2 coins' },
      bgColor: '#f59e0b',
      textColor: '#1f2937',
      htmlDescription: { th: '<p>2 เหรียญ</p>', la: '<p>2 ຫຼຽນ</p>', en: '<p>2 coins</p>' },
      weight: 1,
      prize: { kind: 'coins', coins: 2 },
    },
    {
      code: 'NOTHING',
      label: { th: 'ลองใหม่', la: 'ລອງໃໝ່', en: 'Try again' },
      bgColor: '#e5e7eb',
      textColor: '#111827',
      htmlDescription: { th: '<p>ลองใหม่</p>', la: '<p>ລອງໃໝ່</p>', en: '<p>Try again</p>' },
      weight: 2,
      prize: { kind: 'none' },
    },
  ],
  ...over,
});

describe(`operator wheels and coins (${dbLabel})`, () => {
  test('the wheel and coin endpoints need the ops secret', async () => {
    const m = await newMember(t.app);
    for (const [method, url, payload] of [
      ['GET', '/api/ops/wheels', undefined],
      ['GET', '/api/ops/wheels/lucky-wheel', undefined],
      ['PUT', '/api/ops/wheels/lucky-wheel', { ...SEED_WHEEL, active: false }],
      ['POST', `/api/ops/coins/${m.id}`, { coins: 5 }],
    ] as const) {
      const withBody = payload ? { payload } : {};
      const missing = await t.app.inject({ method, url, ...withBody });
      expect([url, missing.statusCode, body(missing).code]).toEqual([url, 401, 'KEY_MISSING']);
      const wrong = await t.app.inject({ method, url, headers: { 'x-ops-secret': 'nope' }, ...withBody });
      expect([url, wrong.statusCode, body(wrong).code]).toEqual([url, 403, 'KEY_INVALID']);
    }
    // The refused calls changed nothing.
    expect((await t.app.wheels.active())?.id).toBe('lucky-wheel');
    expect(await coinOf(m)).toBe(0);
  });

  test('the list shows the seeded lucky-wheel, active, with its weights, chances and draws', async () => {
    const list = await wheelList();
    expect(list.map((w) => [w.id, w.active, w.totalWeight, w.draws, w.slices.length])).toEqual([
      ['lucky-wheel', true, 100, 0, 8],
    ]);
    expect(list[0]?.slices.map((s) => [s.code, s.weight, s.chance])).toEqual([
      ['CASH10', 30, 30],
      ['COIN1', 15, 15],
      ['CASH20', 20, 20],
      ['NOTHING', 15, 15],
      ['CASH50', 8, 8],
      ['COIN2', 5, 5],
      ['BONUS100', 5, 5],
      ['CASH100', 2, 2],
    ]);
    // One wheel in the shape PUT takes: the seeded definition.
    expect(await opsData<WheelDefinition>('/api/ops/wheels/lucky-wheel')).toEqual(SEED_WHEEL);
    expectError(await ops('GET', '/api/ops/wheels/nope'), 404, 'NO_DATA');
  });

  test('an invalid wheel is refused with every problem, and nothing changes', async () => {
    const before = await wheelList();
    const bad = smallWheel('lucky-wheel');
    const [first, second] = bad.slices;
    if (!first || !second) throw new Error('smallWheel has slices');
    first.weight = 0;
    first.bgColor = 'green';
    second.code = 'CASH50';
    first.prize = { kind: 'money', amounts: { THB: 5_000, LAK: 0 } };
    const res = await ops('PUT', '/api/ops/wheels/lucky-wheel', bad);
    expectError(res, 400, 'KEY_INVALID');
    expect(body(res).message?.split('; ')).toEqual([
      'slices[0]: bgColor and textColor as #rrggbb',
      'slices[0].weight: 1 to 1000000',
      'slices[0].prize.amounts: THB and LAK, positive minor units',
      'slices[1].code: CASH50 twice',
    ]);
    // A single slice, a wrong prize kind (refused by the schema), another id than the path's.
    const one = await ops('PUT', '/api/ops/wheels/lucky-wheel', {
      ...SEED_WHEEL,
      slices: SEED_WHEEL.slices.slice(0, 1),
    });
    expectError(one, 400, 'KEY_INVALID');
    expect(body(one).message).toBe('slices: 2 to 16');
    const kind = await ops('PUT', '/api/ops/wheels/lucky-wheel', {
      ...SEED_WHEEL,
      slices: SEED_WHEEL.slices.map((s, i) => (i === 0 ? { ...s, prize: { kind: 'jackpot' } } : s)),
    });
    expectError(kind, 400, 'KEY_INVALID');
    const other = await ops('PUT', '/api/ops/wheels/lucky-wheel', smallWheel('other-wheel'));
    expectError(other, 400, 'KEY_INVALID');
    expect(body(other).message).toMatch(/^id: /);

    expect(await wheelList()).toEqual(before);
    expect(await opsData<WheelDefinition>('/api/ops/wheels/lucky-wheel')).toEqual(SEED_WHEEL);
  });

  test('a bonus prize needs a bonus that exists', async () => {
    const wheel = smallWheel('bonus-wheel');
    const withBonus = (bonusCode: string) => ({
      ...wheel,
      slices: wheel.slices.map((s) =>
        s.code === 'COIN2' ? { ...s, prize: { kind: 'bonus', bonusCode } } : s,
      ),
    });
    const unknown = await ops('PUT', '/api/ops/wheels/bonus-wheel', withBonus('NOPE'));
    expectError(unknown, 400, 'KEY_INVALID');
    expect(body(unknown).message).toBe('slices[1].prize.bonusCode: no bonus NOPE');
    expectError(await ops('GET', '/api/ops/wheels/bonus-wheel'), 404, 'NO_DATA');
    expect(await activeIds()).toEqual(['lucky-wheel']);

    const inactive = { ...withBonus('PROMO100'), active: false };
    const saved = await ops('PUT', '/api/ops/wheels/bonus-wheel', inactive);
    expect(saved.statusCode).toBe(200);
    expect(body(saved).data).toEqual(inactive);
    // Saved inactive: the active wheel stays.
    expect(await activeIds()).toEqual(['lucky-wheel']);
  });

  test('a new wheel saved active is what members get; the old one becomes inactive; spins count', async () => {
    const m = await newMember(t.app);
    expect((await setup(m)).activeSpinwheel?.name).toBe('วงล้อนำโชค');

    const saved = await ops('PUT', '/api/ops/wheels/small-wheel', smallWheel('small-wheel'));
    expect(saved.statusCode).toBe(200);
    expect(body(saved).data).toEqual(smallWheel('small-wheel'));

    const seen = await setup(m);
    expect(seen.activeSpinwheel?.name).toBe('วงล้อเล็ก');
    expect(seen.activeSpinwheel?.slice.map((s) => [s.code, s.label])).toEqual([
      ['CASH50', '50 บาท'],
      ['COIN2', '+2 เหรียญ'],
      ['NOTHING', 'ลองใหม่'],
    ]);
    const list = await wheelList();
    expect(list.map((w) => [w.id, w.active])).toEqual([
      ['bonus-wheel', false],
      ['lucky-wheel', false],
      ['small-wheel', true],
    ]);
    const small = list.find((w) => w.id === 'small-wheel');
    expect([small?.totalWeight, small?.slices.map((s) => s.chance)]).toEqual([4, [25, 25, 50]]);

    // A granted coin spins the new wheel, and the list counts the draw on it.
    expect((await ops('POST', `/api/ops/coins/${m.id}`, { coins: 1 })).statusCode).toBe(200);
    const spun = await spin(m);
    expect(spun.statusCode).toBe(200);
    expect(['CASH50', 'COIN2', 'NOTHING']).toContain(
      body<{ result: { code: string } }>(spun).data.result.code,
    );
    const after = await wheelList();
    expect(after.map((w) => [w.id, w.draws])).toEqual([
      ['bonus-wheel', 0],
      ['lucky-wheel', 0],
      ['small-wheel', 1],
    ]);
  });

  test('granting coins raises the member’s coin count; unknown members and wrong counts are refused', async () => {
    const m = await newMember(t.app);
    expect(await coinOf(m)).toBe(0);
    const res = await ops('POST', `/api/ops/coins/${m.id}`, { coins: 7, reason: 'apology for the outage' });
    expect(res.statusCode).toBe(200);
    const first = body<{ memberId: string; granted: number; coin: number; reference: string }>(res).data;
    expect(first).toEqual({
      memberId: m.id,
      granted: 7,
      coin: 7,
      reference: expect.stringMatching(/^operator:/),
    });
    expect(await coinOf(m)).toBe(7);
    // The reason stays with the coin entry.
    const entry = await spinDb(t.app.ctx.db)
      .selectFrom('spin_coin_entries')
      .select(['delta', 'reason', 'note'])
      .where('reference', '=', first.reference)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ delta: 7, reason: 'operator', note: 'apology for the outage' });
    // The same grant again is a second grant (its own reference), not a repeat of the first.
    const again = body<{ coin: number; reference: string }>(
      await ops('POST', `/api/ops/coins/${m.id}`, { coins: 7 }),
    );
    expect(again.data.coin).toBe(14);
    expect(again.data.reference).not.toBe(first.reference);
    expect(await coinOf(m)).toBe(14);

    expectError(await ops('POST', '/api/ops/coins/0123456789abcdef01234567', { coins: 1 }), 404, 'NO_USER');
    for (const coins of [0, 1001, 2.5]) {
      const wrong = await ops('POST', `/api/ops/coins/${m.id}`, { coins });
      expect([coins, wrong.statusCode, body<unknown>(wrong)]).toEqual([
        coins,
        400,
        expect.objectContaining({ code: 'KEY_INVALID', field: 'coins' }),
      ]);
    }
    expect(await coinOf(m)).toBe(14);
  });
});

describe(`ops CLI: wheel and coins (${dbLabel})`, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ops-wheel-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('list, show, set from a file or stdin, use, coins grant, through the running server', async () => {
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

    expect(await run('wheel', 'list')).toBe(0);
    expect(out.map((l) => l.split(/ {2,}/))).toEqual([
      ['ID', 'ACTIVE', 'SLICES', 'TOTAL WEIGHT', 'DRAWS'],
      ['bonus-wheel', 'no', '3', '4', '0'],
      ['lucky-wheel', 'no', '8', '100', '0'],
      ['small-wheel', 'yes', '3', '4', '1'],
    ]);

    expect(await run('wheel', 'show', 'lucky-wheel')).toBe(0);
    expect(JSON.parse(out.join('\n'))).toEqual({ ...SEED_WHEEL, active: false });

    // set from a file: a new inactive wheel; the active one stays.
    const file = path.join(dir, 'cli.json');
    writeFileSync(file, JSON.stringify(smallWheel('cli-wheel', { active: false })));
    expect(await run('wheel', 'set', 'cli-wheel', file)).toBe(0);
    expect(out).toEqual(['cli-wheel saved, active=false']);
    expect((await t.app.wheels.active())?.id).toBe('small-wheel');

    // use: the lucky wheel again, as members see it.
    expect(await run('wheel', 'use', 'Lucky-Wheel')).toBe(0);
    expect(out).toEqual(['lucky-wheel saved, active=true']);
    const m = await newMember(t.app);
    expect((await setup(m)).activeSpinwheel?.name).toBe('วงล้อนำโชค');
    expect((await wheelList()).filter((w) => w.active).map((w) => w.id)).toEqual(['lucky-wheel']);

    // set from stdin: a refused definition prints the server's problems, exits 1, and changes nothing.
    stdin = JSON.stringify(smallWheel('cli-wheel', { names: { th: '', la: 'ລໍ້', en: 'Wheel' } }));
    expect(await run('wheel', 'set', 'cli-wheel', '-')).toBe(1);
    expect(err).toEqual(['KEY_INVALID:', '  - names: th, la and en']);
    expect((await t.app.wheels.active())?.id).toBe('lucky-wheel');
    stdin = JSON.stringify(smallWheel('cli-wheel'));
    expect(await run('wheel', 'set', 'cli-wheel', '-')).toBe(0);
    expect(out).toEqual(['cli-wheel saved, active=true']);
    expect((await setup(m)).activeSpinwheel?.name).toBe('วงล้อเล็ก');
    stdin = '{ not json';
    expect(await run('wheel', 'set', 'cli-wheel', '-')).toBe(1);
    expect(err[0]).toMatch(/^stdin: not JSON/);
    expect(await run('wheel', 'show', 'nope')).toBe(1);
    expect(err).toEqual(['NO_DATA (unknown key or code)']);
    expect(await run('wheel', 'set', 'cli-wheel')).toBe(1);
    expect(err[0]).toMatch(/^Usage:/);

    // coins grant, with a reason of several words.
    expect(await run('coins', 'grant', m.id, '3', 'birthday', 'gift')).toBe(0);
    expect(out).toEqual([
      expect.stringMatching(new RegExp(`^${m.id}: \\+3 coins, balance 3 \\(operator:[0-9a-f-]{36}\\)$`)),
    ]);
    expect(await coinOf(m)).toBe(3);
    expect(await run('coins', 'grant', m.id, '1')).toBe(0);
    expect(await coinOf(m)).toBe(4);
    expect(await run('coins', 'grant', '0123456789abcdef01234567', '1')).toBe(1);
    expect(err).toEqual(['NO_USER']);
    expect(await run('coins', 'grant', m.id, '5000')).toBe(1);
    expect(err).toEqual(['KEY_INVALID: coins']);
    expect(await run('coins', 'grant', m.id, 'many')).toBe(1);
    expect(err[0]).toMatch(/^Usage:/);
    expect(await coinOf(m)).toBe(4);
  });
});
