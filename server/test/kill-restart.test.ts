import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { Ledger } from '../src/core/ledger';
import { loadConfig } from '../src/platform/config';
import { openDatabase } from '../src/platform/db';
import { ERROR_CODES } from '../src/platform/errors';
import { dbLabel, dropTestSchema, testDatabaseUrl } from './helpers';
import { freePort, startServerProcess, type ServerProcess } from './server-process';

/**
 * Acceptance: the server is killed (SIGKILL) while 100 money requests with Idempotency-Keys are in flight, then
 * restarted; every request is retried with its key until it gets a definite answer. Every key ends definite
 * within 60 s, no key moved money twice, no error answer moved money, every game → game operation that was
 * answered PENDING ends in the asked-for game, the books balance and no game money is in two places. Every fifth
 * request is sent twice at once (a double tap): both get the same final answer. No key's final answer changes
 * across the restarts, refusals included (issue 35).
 */

const DEMO = {
  username: '0812345678',
  password: 'demo-pass-1',
  bankAccountNo: '1234567890',
  bankCode: 'KBANK',
};
const OPS_SECRET = randomBytes(16).toString('hex');
const GAMES = ['PG', 'JOKER', 'SLOTXO'] as const;

interface Req {
  key: string;
  url: string;
  body: Record<string, unknown>;
  gameToGame: boolean;
}
interface Answer {
  status: number;
  code: string;
  opStatus?: string;
  operationId?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dataDir: string;
let schema: string | undefined;
let env: Record<string, string>;
let base: string;
let port: number;
let server: ServerProcess | undefined;

async function start(): Promise<void> {
  server = await startServerProcess(port, env);
}

async function stop(signal: NodeJS.Signals): Promise<void> {
  const running = server;
  server = undefined;
  await running?.stop(signal);
}

async function call(
  method: string,
  url: string,
  token: string,
  body?: unknown,
  key?: string,
): Promise<{ status: number; json: { code: string; data?: Record<string, unknown>; operationId?: string } }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return { status: res.status, json: (await res.json()) as { code: string; data?: Record<string, unknown> } };
}

function answerOf(r: Awaited<ReturnType<typeof call>>): Answer {
  const op = r.json.data?.operation as { id: string; status: string } | undefined;
  return {
    status: r.status,
    code: r.json.code,
    opStatus: op?.status,
    operationId: op?.id ?? r.json.operationId,
  };
}

const definite = (a: Answer) =>
  (a.status === 200 && a.opStatus !== undefined) ||
  (a.status >= 400 && a.status < 500 && (ERROR_CODES as readonly string[]).includes(a.code));

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'kill-restart-'));
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  if (testDatabaseUrl) {
    schema = `test_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  env = {
    DATA_DIR: dataDir,
    STATIC_ROOT: dataDir,
    SANDBOX: '1',
    // The demo member only, without the demo's history: the books below are this test's movements.
    DEMO_SEED: '0',
    LOG_LEVEL: 'silent',
    GAME_LATENCY_MS: '40',
    JOB_INTERVAL_MS: '300',
    PAYOUT_SETTLE_MS: '500',
    OPERATION_GRACE_MS: '2000',
    OPS_SECRET,
    ...(testDatabaseUrl && schema ? { DATABASE_URL: testDatabaseUrl, DATABASE_SCHEMA: schema } : {}),
  };
});

afterAll(async () => {
  await stop('SIGKILL');
  if (testDatabaseUrl && schema) {
    await dropTestSchema(schema);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test(`SIGKILL with 100 money requests in flight: every key ends definite, nothing moves twice (${dbLabel})`, async () => {
  await start();
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO.username, password: DEMO.password }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  for (let i = 0; i < 4; i += 1) {
    const res = await fetch(`${base}/sandbox/bank/incoming`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-secret': OPS_SECRET },
      body: JSON.stringify({
        fromAccountNo: DEMO.bankAccountNo,
        fromBankCode: DEMO.bankCode,
        amount: 500_000,
      }),
    });
    expect(res.status).toBe(200);
  }
  for (const code of GAMES) {
    expect((await call('GET', `/api/wallet/activate/${code}`, token)).status).toBe(200);
    const r = await call(
      'POST',
      '/api/wallet/transfer',
      token,
      { from: 'wallet', to: code, amount: 100_000 },
      `seed-${code}`,
    );
    expect([r.status, r.json.data?.status]).toEqual([200, 'SUCCESS']);
  }

  const game = (i: number) => GAMES[i % GAMES.length] as string;
  const requests: Req[] = Array.from({ length: 100 }, (_, i) => {
    const key = `kill-${i}-${randomBytes(4).toString('hex')}`;
    const amount = 1_000 + ((i * 137) % 40) * 100;
    switch (i % 10) {
      case 0:
      case 1:
      case 2:
      case 3:
        return {
          key,
          url: '/api/wallet/transfer',
          body: { from: 'wallet', to: game(i), amount },
          gameToGame: false,
        };
      case 4:
      case 5:
        return {
          key,
          url: '/api/wallet/transfer',
          body: { from: game(i), to: 'wallet', amount },
          gameToGame: false,
        };
      case 6:
      case 7:
        return {
          key,
          url: '/api/wallet/transfer',
          body: { from: game(i), to: game(i + 1), amount },
          gameToGame: true,
        };
      case 8:
        return { key, url: '/api/wallet/withdraw', body: { amount: 10_000 + amount }, gameToGame: false };
      default:
        return i % 20 === 9
          ? { key, url: '/api/wallet/transferAll', body: { to: 'wallet' }, gameToGame: false }
          : { key, url: '/api/wallet/withdrawAll', body: { amount: 10_000 }, gameToGame: false };
    }
  });

  const before = new Map<string, Answer>();
  // Double taps: every fifth request is sent twice at once (its twin's answer, when it got one).
  const twinBefore = new Map<string, Answer>();
  const inFlight = requests.flatMap((r, i) => {
    const send = async (into: Map<string, Answer>) => {
      await sleep(i * 4);
      try {
        into.set(r.key, answerOf(await call('POST', r.url, token, r.body, r.key)));
      } catch {
        // cut off by the kill
      }
    };
    return i % 5 === 0 ? [send(before), send(twinBefore)] : [send(before)];
  });
  await sleep(250);
  await stop('SIGKILL');
  await Promise.all(inFlight);
  expect(before.size).toBeLessThan(100);

  await start();
  const restartedAt = Date.now();
  const seenPending = new Set<string>();
  for (const [key, a] of before) if (a.opStatus === 'PENDING') seenPending.add(key);
  const final = new Map<string, Answer>();
  while (final.size < requests.length && Date.now() - restartedAt < 60_000) {
    for (const r of requests) {
      if (final.has(r.key)) continue;
      let a: Answer;
      try {
        a = answerOf(await call('POST', r.url, token, r.body, r.key));
      } catch {
        continue; // no answer this round (a slow or reset connection): asked again next round
      }
      if (a.opStatus === 'PENDING') {
        seenPending.add(r.key);
        continue;
      }
      if (definite(a)) final.set(r.key, a);
    }
    if (final.size < requests.length) await sleep(300);
  }
  expect(requests.filter((r) => !final.has(r.key)).map((r) => r.key)).toEqual([]);
  expect(Date.now() - restartedAt).toBeLessThan(60_000);
  // An answer given before the kill is still the answer after it; a final one (refusals included) unchanged.
  const isFinal = (a: Answer) => definite(a) && a.opStatus !== 'PENDING';
  for (const [key, a] of before) {
    if (a.operationId) expect(final.get(key)?.operationId).toBe(a.operationId);
    if (isFinal(a)) expect([key, final.get(key)]).toEqual([key, a]);
  }
  // A twin got the same answer as its first (both final), never a refusal caused by the other.
  for (const [key, a] of twinBefore) {
    const first = before.get(key);
    if (first && isFinal(first) && isFinal(a)) expect([key, a]).toEqual([key, first]);
    if (isFinal(a)) expect([key, final.get(key)]).toEqual([key, a]);
  }
  // Every refusal names the operation that keeps it.
  for (const [key, a] of final)
    if (a.status !== 200) expect([key, a.operationId]).toEqual([key, expect.any(String)]);

  // Killed once more and restarted: every key's final answer is the same, refusals included.
  await stop('SIGKILL');
  await start();
  for (const r of requests) {
    const again = answerOf(await call('POST', r.url, token, r.body, r.key));
    expect([r.key, again]).toEqual([r.key, final.get(r.key)]);
  }
  await stop('SIGTERM');

  const config = loadConfig(env);
  const handle = openDatabase(config);
  try {
    const { db } = handle;
    const ledger = new Ledger(db);
    expect(Object.values(await ledger.trialBalance()).every((v) => v === 0)).toBe(true);
    expect(await ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });

    for (const r of requests) {
      const a = final.get(r.key) as Answer;
      const op = await db
        .selectFrom('operations')
        .select(['id', 'status'])
        .where('idempotency_key', '=', r.key)
        .executeTakeFirst();
      // One record per leg: nothing was started twice.
      if (op) {
        const legs = await db
          .selectFrom('operation_legs')
          .select(['seq', 'reference'])
          .where('operation_id', '=', op.id)
          .execute();
        const transfers = await db
          .selectFrom('game_transfers')
          .select('id')
          .where('operation_id', '=', op.id)
          .execute();
        const withdrawals = await db
          .selectFrom('withdrawals')
          .select('id')
          .where('operation_id', '=', op.id)
          .execute();
        expect(transfers.length + withdrawals.length).toBe(legs.filter((l) => l.reference !== null).length);
      }
      if (a.status !== 200) {
        // An error answer moved nothing: no operation, or a failed one whose movements net to zero.
        const net = await sql<{ code: string; total: number }>`
          select a.code, coalesce(sum(p.amount), 0)::bigint as total
          from ledger_postings p
          join ledger_accounts a on a.id = p.account_id
          join ledger_transactions t on t.id = p.transaction_id
          where a.member_id is not null and (
            t.idempotency_key = ${r.key}
            or t.meta->>'transferId' in (select id from game_transfers where operation_id = ${op?.id ?? ''})
            or t.meta->>'withdrawalId' in (select id from withdrawals where operation_id = ${op?.id ?? ''}))
          group by a.code`.execute(db);
        expect(net.rows.filter((row) => Number(row.total) !== 0)).toEqual([]);
        if (op) expect(op.status).toBe('FAILED');
      }
      if (r.gameToGame && seenPending.has(r.key)) {
        expect([op?.status, a.opStatus]).toEqual(['SUCCESS', 'SUCCESS']);
      }
    }

    // No money in two places: each game mirror equals the provider's balance.
    const players = await db.selectFrom('sandbox_game_players').select(['provider', 'balance']).execute();
    const mirrors = await db
      .selectFrom('ledger_accounts')
      .select(['code', 'balance'])
      .where('member_id', 'is not', null)
      .where('code', 'like', 'game:%')
      .execute();
    const pendingTransfers = await db
      .selectFrom('game_transfers')
      .select('id')
      .where('status', '=', 'PENDING')
      .execute();
    expect(pendingTransfers).toEqual([]);
    for (const p of players) {
      expect([p.provider, Number(mirrors.find((m) => m.code === `game:${p.provider}`)?.balance)]).toEqual([
        p.provider,
        Number(p.balance),
      ]);
    }
  } finally {
    await handle.close();
  }
}, 240_000);
