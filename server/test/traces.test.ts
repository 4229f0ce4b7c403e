import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { dbLabel, dropTestSchema, testDatabaseUrl } from './helpers';
import { freePort, startServerProcess, type ServerProcess } from './server-process';

/**
 * Acceptance (issue 37, traces): the real server (src/main.ts, loading src/telemetry.ts first, as `npm start` does
 * dist/main.js) runs in a child process with OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP receiver in this test
 * (OTLP/HTTP with JSON bodies: OTEL_EXPORTER_OTLP_PROTOCOL=http/json), which keeps every span it is sent in memory.
 * A deposit and two transfers into a game: each request is one trace (every span of it reaches the request's root
 * span), three requests make three traces, the operation's spans carry the operation id the API answered, the
 * database's spans are in the trace (PostgreSQL; with TEST_REDIS_URL, the login's Redis calls in its own), and the
 * server's log lines carry the trace id and the operation id. A transfer left PENDING (the provider's answer lost) and finished by reconciliation: the reconciliation's
 * span carries the operation id and links to the trace of the request that began it.
 */

const DEMO = {
  username: '0812345678',
  password: 'demo-pass-1',
  bankAccountNo: '1234567890',
  bankCode: 'KBANK',
};
const OPS_SECRET = randomBytes(16).toString('hex');
const redisUrl = process.env.TEST_REDIS_URL;
const REDIS_PREFIX = `test-traces-${randomBytes(4).toString('hex')}:`;

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: AnyValue }[];
  links?: { traceId: string; spanId: string }[];
}
interface Span {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attrs: Record<string, string | number | boolean | undefined>;
  links: { traceId: string; spanId: string }[];
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: AnyValue }[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}

const valueOf = (v: AnyValue) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue));

const spans: Span[] = [];
const serviceNames = new Set<string>();
let receiver: Server;
let server: ServerProcess | undefined;
const logLines: Record<string, unknown>[] = [];
let dataDir: string;
let schema: string | undefined;
let base: string;

/** The OTLP/HTTP receiver: POST /v1/traces with a JSON ExportTraceServiceRequest. */
function startReceiver(): Promise<number> {
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (d: Buffer) => (text += d.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(text) as OtlpExport;
        for (const rs of body.resourceSpans ?? []) {
          for (const a of rs.resource?.attributes ?? []) {
            if (a.key === 'service.name') serviceNames.add(String(valueOf(a.value)));
          }
          for (const ss of rs.scopeSpans ?? []) {
            for (const s of ss.spans ?? []) {
              spans.push({
                traceId: s.traceId,
                spanId: s.spanId,
                parentSpanId: s.parentSpanId ?? '',
                name: s.name,
                kind: s.kind,
                attrs: Object.fromEntries((s.attributes ?? []).map((a) => [a.key, valueOf(a.value)])),
                links: (s.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
              });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  return new Promise((resolve) =>
    receiver.listen(0, '127.0.0.1', () => {
      const address = receiver.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
}

async function startServer(port: number, env: Record<string, string>): Promise<void> {
  server = await startServerProcess(port, env, {
    // pino's JSON lines (the start-up banner is plain text).
    onLine: (line) => {
      if (line.startsWith('{')) logLines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
}

/** SIGTERM: the server closes and exports the spans it still holds before it exits. */
async function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  await running?.stop('SIGTERM');
}

async function call(
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: { code: string; data?: Record<string, unknown> } }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: res.status, json: (await res.json()) as { code: string; data?: Record<string, unknown> } };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'traces-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const otlpPort = await startReceiver();
  if (testDatabaseUrl) {
    schema = `test_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  await startServer(port, {
    DATA_DIR: dataDir,
    STATIC_ROOT: dataDir,
    SANDBOX: '1',
    DEMO_SEED: '0',
    LOG_LEVEL: 'info',
    GAME_LATENCY_MS: '0',
    // No background job: the reconciliation below is the operator's, at a known moment.
    JOB_INTERVAL_MS: '0',
    OPS_SECRET,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlpPort}`,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_SERVICE_NAME: 'wallet-traces-test',
    OTEL_BSP_SCHEDULE_DELAY: '50',
    ...(testDatabaseUrl && schema ? { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX } : {}),
  });
});

afterAll(async () => {
  await stopServer();
  await new Promise((r) => receiver.close(r));
  if (testDatabaseUrl && schema) {
    await dropTestSchema(schema);
  }
  if (redisUrl) {
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${REDIS_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The spans of one trace, checked to be one tree: every span reaches the trace's one root through its parents. */
function traceOf(traceId: string): { root: Span; all: Span[] } {
  const all = spans.filter((s) => s.traceId === traceId);
  const byId = new Map(all.map((s) => [s.spanId, s]));
  const roots = all.filter((s) => s.parentSpanId === '');
  expect(roots).toHaveLength(1);
  const root = roots[0] as Span;
  for (const s of all) {
    let at: Span | undefined = s;
    for (let hops = 0; at && at !== root && hops < 100; hops += 1) at = byId.get(at.parentSpanId);
    expect([s.name, at === root]).toEqual([s.name, true]);
  }
  return { root, all };
}

const traceIdsOf = (pred: (s: Span) => boolean) => [...new Set(spans.filter(pred).map((s) => s.traceId))];
const isDb = (system: string) => (s: Span) =>
  s.attrs['db.system'] === system || s.attrs['db.system.name'] === system;
const isDbSpan = isDb('postgresql');

test(`a money request is one trace carrying its operation id; logs carry both (${dbLabel})`, async () => {
  const login = await call('POST', '/api/login', {}, { username: DEMO.username, password: DEMO.password });
  expect(login.status).toBe(200);
  const auth = { authorization: `Bearer ${(login.json.data as { token: string }).token}` };
  const ops = { 'x-ops-secret': OPS_SECRET };

  const deposit = await call('POST', '/sandbox/bank/incoming', ops, {
    fromAccountNo: DEMO.bankAccountNo,
    fromBankCode: DEMO.bankCode,
    amount: 500_000,
  });
  expect(deposit.status).toBe(200);
  expect((await call('GET', '/api/wallet/activate/PG', auth)).status).toBe(200);

  const transfer = async (key: string) => {
    const r = await call(
      'POST',
      '/api/wallet/transfer',
      { ...auth, 'idempotency-key': key },
      { from: 'wallet', to: 'PG', amount: 10_000 },
    );
    expect(r.status).toBe(200);
    return { status: r.json.data?.status, id: (r.json.data?.operation as { id: string }).id };
  };
  const first = await transfer('traces-1');
  const second = await transfer('traces-2');
  expect([first.status, second.status]).toEqual(['SUCCESS', 'SUCCESS']);

  // A third whose provider answer is lost: PENDING, finished by an operator's reconciliation.
  expect((await call('POST', '/sandbox/games/PG/faults', ops, { mode: 'timeout' })).status).toBe(200);
  const third = await transfer('traces-3');
  expect(third.status).toBe('PENDING');
  expect((await call('POST', '/sandbox/games/PG/faults', ops, { mode: 'ok' })).status).toBe(200);
  expect((await call('POST', '/api/ops/reconcile', ops, {})).status).toBe(200);
  const after = await call('GET', `/api/operations/${third.id}`, auth);
  expect(after.json.data?.status).toBe('SUCCESS');

  await stopServer();

  expect([...serviceNames]).toEqual(['wallet-traces-test']);
  const withOp = (id: string) => (s: Span) => s.attrs['wallet.operation_id'] === id;

  // Each transfer: the spans with its operation id are in one trace, whose root is the HTTP request.
  const transferTraces = [first, second].map(({ id }) => {
    const ids = traceIdsOf(withOp(id));
    expect(ids).toHaveLength(1);
    const { root, all } = traceOf(ids[0] as string);
    expect([root.kind, root.name]).toEqual([2, 'POST /api/wallet/transfer']);
    const names = all.map((s) => s.name);
    for (const name of [
      'operation transfer',
      'operation.start',
      'operation.leg game_in',
      'game.provider transferIn',
      'operation.settle',
    ]) {
      expect(names).toContain(name);
    }
    // The operation's own spans all carry the operation id, its kind and the member.
    for (const s of all.filter((x) => /^(operation|game\.provider)/.test(x.name))) {
      expect([s.name, s.attrs['wallet.operation_id'], s.attrs['wallet.operation_kind']]).toEqual([
        s.name,
        id,
        'transfer',
      ]);
      expect(s.attrs['wallet.member_id']).toEqual(expect.any(String));
    }
    // No span of another operation in this trace.
    expect(
      all.filter(
        (s) => s.attrs['wallet.operation_id'] !== undefined && s.attrs['wallet.operation_id'] !== id,
      ),
    ).toEqual([]);
    if (testDatabaseUrl) expect(all.filter(isDbSpan).length).toBeGreaterThan(0);
    // Fastify's own spans (@fastify/otel) are in the request's trace too.
    expect(all.some((s) => s.attrs['http.route'] === '/api/wallet/transfer' && s.kind !== 2)).toBe(true);
    return ids[0] as string;
  });

  // The deposit: its own trace, from the sandbox bank's request through the webhook it injects (in the same
  // context, whose route then names the HTTP span) to the posting.
  const depositTraces = traceIdsOf((s) => s.name === 'ledger.post deposit');
  expect(depositTraces).toHaveLength(1);
  const depositTrace = traceOf(depositTraces[0] as string);
  expect([depositTrace.root.kind, depositTrace.root.attrs['url.path']]).toEqual([
    2,
    '/sandbox/bank/incoming',
  ]);
  expect(
    depositTrace.all.some((s) => s.name === 'request' && s.attrs['http.route'] === '/api/webhooks/bank'),
  ).toBe(true);
  if (testDatabaseUrl) expect(depositTrace.all.filter(isDbSpan).length).toBeGreaterThan(0);

  // With Redis: the login's rate-limit counters are spans of the login's trace.
  if (redisUrl) {
    const withRedis = traceIdsOf(isDb('redis'));
    expect(withRedis.map((id) => traceOf(id).root.name)).toContain('POST /api/login');
  }

  // Three requests, three traces.
  expect(new Set([...transferTraces, depositTraces[0]]).size).toBe(3);

  // Reconciliation: a span of the operator's request, with the operation's id, linked to the trace that began it.
  const began = spans.find((s) => s.name === 'operation transfer' && withOp(third.id)(s));
  const reconciled = spans.find((s) => s.name === 'operation.reconcile' && withOp(third.id)(s));
  expect(began && reconciled).toBeTruthy();
  expect(reconciled?.traceId).not.toBe(began?.traceId);
  expect(reconciled?.links).toEqual([{ traceId: began?.traceId, spanId: began?.spanId }]);
  expect(traceOf(reconciled?.traceId ?? '').root.name).toBe('POST /api/ops/reconcile');

  // The log lines: the operation's line carries its trace id and operation id; the request's lines the trace id.
  transferTraces.forEach((traceId, i) => {
    const id = [first, second][i]?.id;
    expect(logLines.filter((l) => l.operation_id === id && l.trace_id === traceId).length).toBeGreaterThan(0);
    expect(logLines.some((l) => l.msg === 'request completed' && l.trace_id === traceId)).toBe(true);
  });
  expect(
    logLines.some(
      (l) => l.msg === 'money operation' && l.by === 'reconciliation' && l.operation_id === third.id,
    ),
  ).toBe(true);
});
