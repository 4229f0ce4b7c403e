// The load generator of server/bench/api.ts, run in a worker thread: its HTTP client work (building requests,
// parsing answers) runs on its own event loop, so the server's event loop spends its time serving only, as it
// would with real clients. workerData: { port, tokens, seconds, endpoint: 'transfer' | 'wallet', keyPrefix }.
// Posts back { requests, errors, elapsed (s), latencies (ms, unsorted), cpuMs (this thread's CPU time, or null) }.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { port, tokens, seconds, endpoint, keyPrefix } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: tokens.length });

function request(method, url, headers, payload) {
  return new Promise((resolve, reject) => {
    const data = payload ? JSON.stringify(payload) : undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...headers,
          'x-requested-by': 'wallet-user',
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

/** CPU time (ms) of this thread so far, from /proc (Linux; null elsewhere): the client's own cost. */
function threadCpuMs() {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ = 100
  } catch {
    return null;
  }
}

let keySeq = 0;
const work = tokens.map((token) => {
  let n = 0;
  if (endpoint === 'transfer') {
    return async () => {
      n += 1;
      const toGame = n % 2 === 1;
      const status = await request(
        'POST',
        '/api/wallet/transfer',
        { authorization: `Bearer ${token}`, 'idempotency-key': `${keyPrefix}-${(keySeq += 1)}` },
        { from: toGame ? 'wallet' : 'PG', to: toGame ? 'PG' : 'wallet', amount: 100 },
      );
      return status === 200;
    };
  }
  return async () => (await request('GET', '/api/wallet', { authorization: `Bearer ${token}` })) === 200;
});

const cpu0 = threadCpuMs();
const latencies = [];
let errors = 0;
const end = Date.now() + seconds * 1000;
const started = process.hrtime.bigint();
await Promise.all(
  work.map(async (one) => {
    while (Date.now() < end) {
      const t0 = process.hrtime.bigint();
      const ok = await one().catch(() => false);
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (!ok) errors += 1;
    }
  }),
);
const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
agent.destroy();
const cpu1 = threadCpuMs();
const cpuMs = cpu0 === null || cpu1 === null ? null : cpu1 - cpu0;
parentPort.postMessage({ requests: latencies.length, errors, elapsed, latencies, cpuMs });
