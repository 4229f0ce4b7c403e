import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { runOps } from '../src/cli/ops-client';
import { ManualClock } from '../src/platform/clock';
import { body, createTestApp, dbLabel, fund, registration, type TestApp } from './helpers';
import { CONSOLE, operatorCalls } from './operators-support';

/**
 * The operators' roles (each /api/ops route admits the roles it lists, and the table lists every route), the
 * audit log (who, what, before and after; append-only), the CLI, and a finance adjustment through the ledger.
 */
let t: TestApp;
const clock = new ManualClock(Date.UTC(2026, 10, 24, 8, 0, 0));
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const { asCli, asOperator, createOperator, enrol } = operatorCalls(() => t, clock);

describe(`operator roles and the audit log (${dbLabel})`, () => {
  /** Every operator endpoint and the roles it admits; the test fails when a route is missing here. */
  const ACCESS: Record<string, { roles: string[]; payload?: unknown }> = {
    'GET /api/ops/settings': { roles: ['admin'] },
    'GET /api/ops/settings/registerOTP': { roles: ['admin'] },
    'POST /api/ops/settings/registerOTP': { roles: ['admin'], payload: { value: true } },
    'GET /api/ops/content': { roles: ['admin'] },
    'GET /api/ops/content/notice/th': { roles: ['admin'] },
    'PUT /api/ops/content/notice/th': { roles: ['admin'], payload: { text: '{percentFail}%' } },
    'POST /api/ops/reconcile': { roles: ['admin', 'finance'], payload: {} },
    'GET /api/ops/ledger/check': { roles: ['admin', 'finance'] },
    'GET /api/ops/jobs': { roles: ['admin', 'finance'] },
    'POST /api/ops/jobs/nothing/retry': { roles: ['admin'], payload: {} },
    'GET /api/ops/bonuses': { roles: ['admin', 'finance'] },
    'GET /api/ops/bonuses/NOPE': { roles: ['admin'] },
    'PUT /api/ops/bonuses/NOPE': { roles: ['admin'], payload: {} },
    'GET /api/ops/promotions': { roles: ['admin', 'finance'] },
    'GET /api/ops/promotions/NOPE': { roles: ['admin'] },
    'PUT /api/ops/promotions/NOPE': { roles: ['admin'], payload: {} },
    'GET /api/ops/wheels': { roles: ['admin'] },
    'GET /api/ops/wheels/nope': { roles: ['admin'] },
    'PUT /api/ops/wheels/nope': { roles: ['admin'], payload: {} },
    'POST /api/ops/coins/nobody': { roles: ['admin', 'finance'], payload: { coins: 1 } },
    'GET /api/ops/operators': { roles: ['admin'] },
    'POST /api/ops/operators': { roles: ['admin'], payload: {} },
    'POST /api/ops/operators/nobody/status': { roles: ['admin'], payload: { status: 'active' } },
    'POST /api/ops/operators/nobody/reset-totp': { roles: ['admin'], payload: {} },
    'GET /api/ops/audit': { roles: ['admin'] },
    'GET /api/ops/releases': { roles: ['admin'] },
    'POST /api/ops/releases/{folder}': { roles: ['admin'], payload: { version: 'none' } },
    'POST /api/ops/releases/{folder}/rollback': { roles: ['admin'], payload: {} },
    'GET /api/ops/members?q=0812': { roles: ['admin', 'finance', 'support'] },
    'GET /api/ops/members/nobody': { roles: ['admin', 'finance', 'support'] },
    'GET /api/ops/incoming': { roles: ['admin', 'finance', 'support'] },
    'POST /api/ops/incoming/1/assign': { roles: ['admin', 'finance'], payload: { memberId: 'nobody' } },
    'GET /api/ops/slips': { roles: ['admin', 'finance', 'support'] },
    'POST /api/ops/slips/nothing/approve': {
      roles: ['admin', 'finance'],
      payload: { amount: 100, slipRef: 'REF123456' },
    },
    'POST /api/ops/slips/nothing/reject': {
      roles: ['admin', 'finance'],
      payload: { reason: 'INVALID_SLIP' },
    },
    'GET /api/ops/withdrawals?status=FAILED': { roles: ['admin', 'finance'] },
    'POST /api/ops/withdrawals/nothing/retry': { roles: ['admin', 'finance'], payload: {} },
    'POST /api/ops/members/nobody/adjust': {
      roles: ['admin', 'finance'],
      payload: { amount: 100, reason: 'test' },
    },
    'GET /api/ops/chat/conversations': { roles: ['admin', 'support'] },
    'GET /api/ops/chat/conversations/nothing/messages': { roles: ['admin', 'support'] },
    'POST /api/ops/chat/conversations/nothing/messages': {
      roles: ['admin', 'support'],
      payload: { clientId: 'access-1', message: { message_type: 'text', payload: { text: 'hi' } } },
    },
    'POST /api/ops/chat/conversations/nothing/read': { roles: ['admin', 'support'], payload: {} },
    'POST /api/ops/chat/conversations/nothing/upload-image': { roles: ['admin', 'support'], payload: {} },
    'POST /api/ops/chat/conversations/nothing/upload-video': { roles: ['admin', 'support'], payload: {} },
  };

  test('the table above lists every /api/ops route but the sign-in steps', () => {
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths)
      .filter(([p]) => p.startsWith('/api/ops/') && !p.startsWith('/api/ops/auth/'))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    const listed = Object.keys(ACCESS).map((k) => {
      const [m, p] = k.split(' ');
      return `${m} ${(p ?? '')
        .replace(/\?.*$/, '')
        .replace(/^\/api\/ops\/members\/nobody/, '/api/ops/members/{memberId}')
        .replace(/^\/api\/ops\/withdrawals\/nothing/, '/api/ops/withdrawals/{id}')
        .replace(/^\/api\/ops\/jobs\/nothing/, '/api/ops/jobs/{id}')
        .replace(/^\/api\/ops\/slips\/nothing/, '/api/ops/slips/{id}')
        .replace(/^\/api\/ops\/incoming\/1\//, '/api/ops/incoming/{id}/')
        .replace(/^\/api\/ops\/settings\/registerOTP$/, '/api/ops/settings/{key}')
        .replace(/^\/api\/ops\/content\/notice\/th$/, '/api/ops/content/{key}/{locale}')
        .replace(/^\/api\/ops\/(bonuses|promotions)\/NOPE$/, '/api/ops/$1/{code}')
        .replace(/^\/api\/ops\/wheels\/nope$/, '/api/ops/wheels/{id}')
        .replace(/^\/api\/ops\/coins\/nobody$/, '/api/ops/coins/{memberId}')
        .replace(/^\/api\/ops\/chat\/conversations\/nothing\//, '/api/ops/chat/conversations/{id}/')
        .replace(/^\/api\/ops\/operators\/nobody\//, '/api/ops/operators/{username}/')}`;
    });
    expect([...new Set(listed)].sort()).toEqual([...new Set(routes)].sort());
  });

  test('each role is refused (403) where it is not admitted, and admitted where it is', async () => {
    const cookies: Record<string, string> = {};
    for (const role of ['admin', 'finance', 'support'] as const) {
      await createOperator(`role-${role}`, role);
      cookies[role] = (await enrol(`role-${role}`)).cookie;
    }
    const wrongAnswers: string[] = [];
    for (const [route, { roles, payload }] of Object.entries(ACCESS)) {
      const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT', string];
      for (const role of ['admin', 'finance', 'support']) {
        const res = await asOperator(
          cookies[role] ?? '',
          method,
          url,
          method === 'GET' ? undefined : payload,
        );
        const refused = res.statusCode === 403 && body(res).code === 'KEY_INVALID';
        if (refused === roles.includes(role))
          wrongAnswers.push(`${role} ${route} → ${res.statusCode} ${res.body}`);
      }
    }
    expect(wrongAnswers).toEqual([]);
    // Without any credentials: 401.
    const none = await t.app.inject({ url: '/api/ops/settings' });
    expect(none.statusCode).toBe(401);
  });

  test('operator actions are in the audit log with who, what, before and after; the log is append-only', async () => {
    await createOperator('erin', 'admin');
    const { cookie } = await enrol('erin');
    const set = await asOperator(cookie, 'POST', '/api/ops/settings/enableChatWidget', { value: true });
    expect(set.statusCode).toBe(200);
    const res = await asOperator(cookie, 'GET', '/api/ops/audit?actor=erin');
    const entries =
      body<{ action: string; target: string | null; before: unknown; after: unknown; role: string }[]>(
        res,
      ).data;
    expect(entries[0]).toMatchObject({
      action: 'setting.set',
      target: 'enableChatWidget',
      before: false,
      after: true,
      role: 'admin',
    });
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['login.password', 'totp.enrolled', 'setting.set']),
    );
    const cli = await asCli('GET', '/api/ops/audit?action=operator.create');
    expect(body<{ actor: string; target: string }[]>(cli).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ actor: 'cli', target: 'erin' })]),
    );
    await expect(sql`update audit_log set action = 'x'`.execute(t.app.ctx.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.app.ctx.db)).rejects.toThrow(/append-only/);
  });

  test('npm run ops -- create-operator prints a password once; audit prints the log', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const env = { PORT: String(port), DATA_DIR: t.config.dataDir };
    const out: string[] = [];
    const err: string[] = [];
    const run = (argv: string[]) =>
      runOps(
        argv,
        env,
        (l) => out.push(l),
        (l) => err.push(l),
      );
    expect(await run(['create-operator', 'frank', '--role', 'finance'])).toBe(0);
    const password = out.find((l) => l.startsWith('password (shown once): '))?.split(': ')[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/ops/auth/login',
      headers: CONSOLE,
      payload: { username: 'frank', password },
    });
    expect(body(login).data).toEqual({ username: 'frank', role: 'finance', stage: 'enrol' });
    expect(await run(['create-operator', 'frank', '--role', 'finance'])).toBe(1);
    expect(err.pop()).toMatch(/EXISTING_USER/);
    out.length = 0;
    expect(await run(['audit', '--action', 'operator.create', '--limit', '5'])).toBe(0);
    expect(out.some((l) => / cli \(admin\) {2}operator\.create frank /.test(l))).toBe(true);
    out.length = 0;
    expect(await run(['operators'])).toBe(0);
    expect(out.some((l) => /^frank\s+finance\s+active\s+no totp yet$/.test(l))).toBe(true);
  });

  test('finance adjusts a wallet through the ledger once per key, never below zero; support finds the member', async () => {
    await createOperator('fiona', 'finance');
    const finance = (await enrol('fiona')).cookie;
    await createOperator('sam', 'support');
    const support = (await enrol('sam')).cookie;
    const reg = registration({ name: 'Malee Adjust' });
    const memberId = await t.app.accounts.register(reg, {
      requireOtp: false,
      sources: () => t.app.content.get('sources', 'th'),
    });
    await fund(t.app, memberId, 1_000);

    const found = await asOperator(support, 'GET', `/api/ops/members?q=${reg.username.slice(0, 6)}`);
    expect(body<{ id: string }[]>(found).data.map((m) => m.id)).toContain(memberId);
    const byName = await asOperator(support, 'GET', '/api/ops/members?q=malee');
    expect(body<{ id: string }[]>(byName).data.map((m) => m.id)).toContain(memberId);

    const adjust = (amount: number, key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ops/members/${memberId}/adjust`,
        cookies: { wl_ops: finance },
        headers: { ...CONSOLE, 'idempotency-key': key },
        payload: { amount, reason: 'deposit credited by hand after a bank outage' },
      });
    const first = await adjust(500, 'adjust-key-0001');
    expect(body(first).data).toMatchObject({ duplicate: false, balance: 1_500 });
    const retry = await adjust(500, 'adjust-key-0001');
    expect(body(retry).data).toMatchObject({ duplicate: true, balance: 1_500 });
    const tooMuch = await adjust(-2_000, 'adjust-key-0002');
    expect([tooMuch.statusCode, body(tooMuch).code]).toEqual([400, 'MONEY_NOT_ENOUGH']);
    const zero = await adjust(0, 'adjust-key-0004');
    expect([zero.statusCode, body(zero).code]).toEqual([400, 'KEY_INVALID']);
    const down = await adjust(-1_500, 'adjust-key-0003');
    expect(body(down).data).toMatchObject({ duplicate: false, balance: 0 });
    const noKey = await t.app.inject({
      method: 'POST',
      url: `/api/ops/members/${memberId}/adjust`,
      cookies: { wl_ops: finance },
      headers: CONSOLE,
      payload: { amount: 1, reason: 'no key' },
    });
    expect([noKey.statusCode, body(noKey).code]).toEqual([400, 'KEY_MISSING']);

    const detail = await asOperator(support, 'GET', `/api/ops/members/${memberId}`);
    const d = body<{ balances: Record<string, number>; recent: { kind: string; amount: number }[] }>(
      detail,
    ).data;
    expect(d.balances.main).toBe(0);
    expect(d.recent.map((r) => [r.kind, r.amount])).toEqual([
      ['adjustment', -1_500],
      ['adjustment', 500],
      ['deposit', 1_000],
    ]);
    const audit = await asCli('GET', '/api/ops/audit?action=wallet.adjust');
    const entries = body<{ actor: string; target: string; after: { amount: number } }[]>(audit).data;
    expect(entries.filter((e) => e.target === memberId).map((e) => [e.actor, e.after.amount])).toEqual([
      ['fiona', -1_500],
      ['fiona', 500],
    ]);
    expect(await t.app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });
  });
});
