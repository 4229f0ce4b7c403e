// npm run bench:chat's HTTP client on loopback and its small concurrency helpers.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { sleep } from './settings.mjs';

// HTTP on loopback

export const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One JSON request; resolves with the status, the body's `data` (or error code) and the set cookies. */
export function request(port, method, path, { headers = {}, body, localAddress } = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: httpAgent,
        localAddress,
        headers: {
          'x-requested-by': 'wallet-user',
          ...headers,
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          let json = {};
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // not JSON: the status says enough
          }
          resolve({ status: res.statusCode ?? 0, json, cookies: res.headers['set-cookie'] ?? [] });
        });
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

export async function must(port, method, path, options) {
  const r = await request(port, method, path, options);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.json)}`);
  return r;
}

/** Runs `task(i)` for i < n with at most `limit` at a time. */
export async function pool(n, limit, task) {
  const out = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, n) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

export async function waitUntil(done, ms) {
  const deadline = performance.now() + ms;
  while (!done() && performance.now() < deadline) await sleep(20);
  return done();
}
