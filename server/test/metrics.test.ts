import { randomBytes } from 'node:crypto';
import { ManualClock } from '../src/platform/clock';
import { body, createTestApp, dbLabel, memberWithToken, setSetting, type TestApp } from './helpers';
import { freePort, sample, scrape } from './metrics-support';

/**
 * GET /metrics (docs/operations.md "Metrics"): refused without the operator secret; with it, after known member
 * actions through the API (a slip deposit, a transfer to a game, a withdrawal the bank has not paid, a slip left in
 * review), the money gauges read exactly what happened and the HTTP counters counted those requests by route.
 */

let t: TestApp;
let metricsPort: number;
// 17:00 in Bangkok: away from the daily slip closing window (23:50–00:10), whatever the hour the suite runs.
const clock = new ManualClock(Date.parse('2026-03-04T10:00:00Z'));

beforeAll(async () => {
  metricsPort = await freePort();
  t = await createTestApp(
    {
      GAME_LATENCY_MS: '0',
      JOB_INTERVAL_MS: '0',
      // The sandbox bank pays an hour after the request: the withdrawal stays PENDING through the suite.
      PAYOUT_SETTLE_MS: '3600000',
      METRICS_PORT: String(metricsPort),
    },
    { clock },
  );
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A slip upload through the API (the sandbox verifier reads the amount, or NO_ANSWER, from the file name). */
function uploadSlip(token: string, fileName: string, amount: number) {
  const boundary = `----t${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n${amount}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    Buffer.concat([PNG, randomBytes(64)]),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/slip',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

const member = (token: string, method: 'GET' | 'POST', url: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

describe(`metrics (${dbLabel})`, () => {
  test('without the operator secret /metrics is refused: 401 without one, 403 with a wrong one', async () => {
    const none = await t.app.inject({ url: '/metrics' });
    expect([none.statusCode, body(none).code]).toEqual([401, 'KEY_MISSING']);
    const wrong = await t.app.inject({ url: '/metrics', headers: { 'x-ops-secret': 'not-the-secret' } });
    expect([wrong.statusCode, body(wrong).code]).toEqual([403, 'KEY_INVALID']);
    const bearerWrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
    expect(bearerWrong.statusCode).toBe(403);
    const bearer = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${t.app.ctx.secrets.opsSecret}` },
    });
    expect(bearer.statusCode).toBe(200);
    expect(bearer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  test('after a deposit, a transfer to a game, a pending withdrawal and a slip in review the gauges read exactly that', async () => {
    const { token } = await memberWithToken(t.app);
    // A deposit: a slip the sandbox verifier accepts credits 500.00.
    const deposit = await uploadSlip(token, 'slip-500.png', 50_000);
    expect(body<{ status: string }>(deposit).data.status).toBe('SUCCESS');
    // A slip the verifier never answers: it waits for an operator.
    const waiting = await uploadSlip(token, 'slip-no_answer.png', 20_000);
    expect(body<{ status: string }>(waiting).data.status).toBe('PROCESSING');
    expect((await member(token, 'GET', '/api/wallet/activate/PG')).statusCode).toBe(200);
    const transfer = await member(
      token,
      'POST',
      '/api/wallet/transfer',
      { from: 'wallet', to: 'PG', amount: 10_000 },
      'metrics-transfer',
    );
    expect(body<{ status: string }>(transfer).data.status).toBe('SUCCESS');
    const withdraw = await member(
      token,
      'POST',
      '/api/wallet/withdraw',
      { amount: 15_000 },
      'metrics-withdraw',
    );
    expect(withdraw.statusCode).toBe(200);
    // The operation is done (the money left the wallet); the bank's part waits.
    const withdrawn = body<{ status: string; withdrawal: { status: string } }>(withdraw).data;
    expect([withdrawn.status, withdrawn.withdrawal.status]).toEqual(['SUCCESS', 'PENDING']);
    expect((await t.app.inject({ url: '/api/no-such-route' })).statusCode).toBe(404);

    // Time passes; the jobs run once (the bank has not paid yet).
    clock.advance(90_000);
    await t.app.payoutJob.runOnce();
    await t.app.reconcileJob.runOnce();

    const text = await scrape(t.app);
    const op = (kind: string, status: string) => sample(text, 'wallet_operations', { kind, status });
    expect(op('transfer', 'SUCCESS')).toBe(1);
    expect(op('withdraw', 'SUCCESS')).toBe(1);
    const all = ['transfer', 'transfer_all', 'withdraw', 'withdraw_all'].flatMap((kind) =>
      ['PENDING', 'SUCCESS', 'PARTIAL', 'FAILED'].map((status) => op(kind, status)),
    );
    expect(all.reduce((n: number, v) => n + (v ?? NaN), 0)).toBe(2);

    expect(sample(text, 'wallet_withdrawal_pending_oldest_age_seconds')).toBe(90);
    expect(sample(text, 'wallet_payout_backlog')).toBe(1);
    expect(sample(text, 'wallet_ledger_trial_balance_minor', { currency: 'THB' })).toBe(0);
    expect(sample(text, 'wallet_slips_in_review')).toBe(1);
    expect(sample(text, 'wallet_chat_conversations_waiting')).toBe(0);
    expect(sample(text, 'wallet_reconcile_backlog')).toBe(0);
    for (const kind of ['transfer', 'withdraw'])
      expect(sample(text, 'wallet_operation_pending_oldest_age_seconds', { kind })).toBe(0);

    // The requests, by route pattern.
    const http = (method: string, route: string, status: string) =>
      sample(text, 'http_requests_total', { method, route, status_code: status });
    expect(http('POST', '/api/wallet/transfer', '200')).toBe(1);
    expect(http('POST', '/api/wallet/withdraw', '200')).toBe(1);
    expect(http('POST', '/api/wallet/slip', '200')).toBe(2);
    expect(http('GET', 'not_found', '404')).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', {
        method: 'POST',
        route: '/api/wallet/transfer',
        status_code: '200',
      }),
    ).toBe(1);

    // Jobs and providers.
    expect(sample(text, 'wallet_job_runs_total', { task: 'payouts', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'wallet_job_runs_total', { task: 'reconcile', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'wallet_job_duration_seconds_count', { task: 'payouts' })).toBe(1);
    expect(
      sample(text, 'wallet_provider_calls_total', { provider: 'PG', call: 'transferIn', outcome: 'ok' }),
    ).toBe(1);
    expect(
      sample(text, 'wallet_provider_calls_total', { provider: 'slips', call: 'verify', outcome: 'ok' }),
    ).toBe(1);
    expect(
      sample(text, 'wallet_provider_calls_total', { provider: 'slips', call: 'verify', outcome: 'error' }),
    ).toBe(1);
    expect(
      sample(text, 'wallet_provider_call_duration_seconds_count', { provider: 'PG', call: 'transferIn' }),
    ).toBe(1);
    expect(
      sample(text, 'wallet_provider_calls_total', { provider: 'bank', call: 'status', outcome: 'ok' }),
    ).toBe(1);

    // The process: ready, its connections, its sockets, prom-client's default metrics.
    expect(sample(text, 'wallet_ready')).toBe(1);
    expect(sample(text, 'wallet_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'wallet_db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'wallet_sockets_open', { namespace: '/member' })).toBe(0);
    expect(sample(text, 'wallet_redis_up')).toBe(t.config.redisUrl ? 1 : undefined);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  test('a transfer the game provider never answers: PENDING until reconciliation finishes it, counted both ways', async () => {
    const { token } = await memberWithToken(t.app);
    const deposit = await uploadSlip(token, 'slip-300.png', 30_000);
    expect(body<{ status: string }>(deposit).data.status).toBe('SUCCESS');
    expect((await member(token, 'GET', '/api/wallet/activate/JOKER')).statusCode).toBe(200);
    t.app.sandboxGames?.setFault('JOKER', 'timeout');
    const transfer = await member(
      token,
      'POST',
      '/api/wallet/transfer',
      { from: 'wallet', to: 'JOKER', amount: 5_000 },
      'metrics-unknown',
    );
    t.app.sandboxGames?.setFault('JOKER', 'ok');
    expect(body<{ status: string }>(transfer).data.status).toBe('PENDING');
    clock.advance(30_000);
    const pending = await scrape(t.app);
    expect(sample(pending, 'wallet_operations', { kind: 'transfer', status: 'PENDING' })).toBe(1);
    expect(sample(pending, 'wallet_operation_pending_oldest_age_seconds', { kind: 'transfer' })).toBe(30);
    expect(sample(pending, 'wallet_reconcile_backlog')).toBe(1);
    expect(
      sample(pending, 'wallet_provider_calls_total', {
        provider: 'JOKER',
        call: 'transferIn',
        outcome: 'timeout',
      }),
    ).toBe(1);

    await t.app.reconcileJob.runOnce();
    const done = await scrape(t.app);
    expect(sample(done, 'wallet_operations', { kind: 'transfer', status: 'PENDING' })).toBe(0);
    expect(sample(done, 'wallet_operations', { kind: 'transfer', status: 'SUCCESS' })).toBe(2);
    expect(sample(done, 'wallet_reconcile_finished_total', { kind: 'transfer', outcome: 'success' })).toBe(1);
    expect(sample(done, 'wallet_reconcile_backlog')).toBe(0);
    expect(sample(done, 'wallet_ledger_trial_balance_minor', { currency: 'THB' })).toBe(0);
  });

  test('METRICS_PORT serves the same registry on 127.0.0.1 without the secret', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(sample(text, 'wallet_ready')).toBe(1);
    expect(sample(text, 'wallet_slips_in_review')).toBe(1);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/wallet`)).status).toBe(404);
  });
});
