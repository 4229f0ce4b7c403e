import type { InjectOptions } from 'fastify';
import { isLoopback } from '../../src/platform/http/sandbox-guard';
import { body, createTestApp, dbLabel, setSetting, type TestApp } from '../helpers';
import { call, expectError, newMember, walletAmount, type TestMember } from '../money-in-support';

/**
 * Issue 7 finding "anonymous callers read every one-time code, credit any amount to any registered bank account,
 * pay other members' QR codes, settle their withdrawals and break a game for everyone", reproduced against the
 * sandbox demo (SANDBOX on, the default) from a non-loopback address and now refused; the same calls from this
 * machine or with the operator secret still work, and a member's signed pay link works from anywhere.
 */
const REMOTE = '203.0.113.9';

interface QrState {
  qrcodeId: string;
  payUrl: string;
}

let t: TestApp;
let a: TestMember;
let b: TestMember;
let qr: QrState;
beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t.app, 'registerOTP', false);
  a = await newMember(t.app);
  b = await newMember(t.app);
  const res = await call(t.app, a, 'POST', '/api/qrcode/KBANK', { amount: 5_000 });
  expect(res.statusCode).toBe(200);
  qr = body<QrState>(res).data;
});
afterAll(async () => {
  await t.close();
});

/** Every route that moves money or reveals a secret, with a request that does it. */
const lockedRoutes = (): { name: string; req: InjectOptions; allowed: number }[] => [
  { name: 'GET /sandbox/sms', req: { method: 'GET', url: '/sandbox/sms' }, allowed: 200 },
  {
    name: 'POST /sandbox/bank/incoming',
    req: {
      method: 'POST',
      url: '/sandbox/bank/incoming',
      payload: { fromAccountNo: b.reg.bankAccountNo, fromBankCode: b.reg.bankCode, amount: 1_000 },
    },
    allowed: 200,
  },
  {
    name: 'POST /sandbox/qr/:id/pay (unsigned)',
    req: { method: 'POST', url: `/sandbox/qr/${qr.qrcodeId}/pay`, payload: { amount: 1 } },
    allowed: 200,
  },
  {
    name: 'POST /sandbox/payouts/:id/settle',
    req: { method: 'POST', url: '/sandbox/payouts/nope/settle', payload: { outcome: 'success' } },
    allowed: 404,
  },
  {
    name: 'POST /sandbox/games/:code/faults',
    req: { method: 'POST', url: '/sandbox/games/PG/faults', payload: { mode: 'ok' } },
    allowed: 200,
  },
  {
    name: 'POST /sandbox/games/:code/rounds',
    req: { method: 'POST', url: '/sandbox/games/PG/rounds', payload: { username: 'nobody', bet: 1, win: 0 } },
    allowed: 404,
  },
];

describe(`sandbox lockdown (${dbLabel})`, () => {
  test('loopback addresses', () => {
    for (const ip of ['127.0.0.1', '127.8.0.1', '::1', '::ffff:127.0.0.1']) expect(isLoopback(ip)).toBe(true);
    for (const ip of [REMOTE, '10.0.0.1', '::ffff:10.0.0.1', '1127.0.0.1', '', undefined])
      expect(isLoopback(ip)).toBe(false);
  });

  test('from another address every money or secret route is refused 403 KEY_INVALID and moves nothing', async () => {
    const before = await walletAmount(t.app, b);
    for (const route of lockedRoutes()) {
      for (const headers of [
        {},
        { 'x-ops-secret': 'wrong-secret-wrong-secret' },
        { 'x-ops-secret': '' },
        // Fastify does not trust X-Forwarded-For (no trustProxy): a forged one changes nothing.
        { 'x-forwarded-for': '127.0.0.1' },
      ]) {
        const res = await t.app.inject({ ...route.req, remoteAddress: REMOTE, headers });
        expect({ route: route.name, status: res.statusCode, code: body(res).code }).toEqual({
          route: route.name,
          status: 403,
          code: 'KEY_INVALID',
        });
      }
    }
    expect(await walletAmount(t.app, b)).toBe(before);
  });

  test('a loopback request forwarded by a proxy on this machine is not local', async () => {
    for (const route of lockedRoutes()) {
      for (const headers of [
        { 'x-forwarded-for': REMOTE },
        { forwarded: `for=${REMOTE}` },
        { 'x-real-ip': REMOTE },
      ]) {
        const res = await t.app.inject({ ...route.req, remoteAddress: '127.0.0.1', headers });
        expect({ route: route.name, status: res.statusCode }).toEqual({ route: route.name, status: 403 });
      }
    }
  });

  test('with the operator secret or from this machine they answer', async () => {
    for (const route of lockedRoutes()) {
      const withSecret = await t.app.inject({
        ...route.req,
        remoteAddress: REMOTE,
        headers: { 'x-ops-secret': t.app.ctx.secrets.opsSecret },
      });
      expect({ route: route.name, status: withSecret.statusCode }).toEqual({
        route: route.name,
        status: route.allowed,
      });
      for (const remoteAddress of ['127.0.0.1', '::1']) {
        const local = await t.app.inject({ ...route.req, remoteAddress });
        expect({ route: route.name, remoteAddress, status: local.statusCode }).toEqual({
          route: route.name,
          remoteAddress,
          status: route.allowed,
        });
      }
    }
  });

  test("a QR's payUrl is signed: it opens and pays from anywhere; unsigned, wrongly signed or another QR's signature is refused", async () => {
    const { data: fresh } = body<QrState>(
      await call(t.app, a, 'POST', '/api/qrcode/PAYTIMZ', { amount: 2_000 }),
    );
    const url = new URL(fresh.payUrl, 'http://x');
    const sig = url.searchParams.get('sig') ?? '';
    expect(url.pathname).toBe(`/sandbox/pay/${fresh.qrcodeId}`);
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const other = new URL(qr.payUrl, 'http://x').searchParams.get('sig') ?? '';
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;

    for (const bad of ['', `?sig=${flipped}`, `?sig=${other}`, '?sig=%00', `?sig=${sig}x`]) {
      const page = await t.app.inject({ url: `${url.pathname}${bad}`, remoteAddress: REMOTE });
      expectError(page, 403, 'KEY_INVALID');
      const pay = await t.app.inject({
        method: 'POST',
        url: `/sandbox/qr/${fresh.qrcodeId}/pay${bad}`,
        remoteAddress: REMOTE,
        payload: {},
      });
      expectError(pay, 403, 'KEY_INVALID');
    }

    const page = await t.app.inject({ url: fresh.payUrl, remoteAddress: REMOTE });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`data-sig="${sig}"`);
    const before = await walletAmount(t.app, a);
    const pay = await t.app.inject({
      method: 'POST',
      url: `/sandbox/qr/${fresh.qrcodeId}/pay?sig=${sig}`,
      remoteAddress: REMOTE,
      payload: {},
    });
    expect(pay.statusCode).toBe(200);
    expect(await walletAmount(t.app, a)).toBe(before + 2_000);
  });

  test('the game play page (signed session) stays reachable from anywhere', async () => {
    const res = await t.app.inject({ url: '/sandbox/games/PG/play?session=forged', remoteAddress: REMOTE });
    expectError(res, 401, 'invalid-token');
  });
});
