// The scale test's HTTP client: one keep-alive agent, requests that never throw.
import http from 'node:http';

export const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
/** One request; never throws: status 0 for a connection error or time-out. */
export function request(port, method, url, { headers = {}, body, localAddress, timeoutMs = 30_000 } = {}) {
  return new Promise((resolve) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const t0 = process.hrtime.bigint();
    const done = (status, text, upstream) =>
      resolve({ status, text, upstream, ms: Number(process.hrtime.bigint() - t0) / 1e6 });
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        localAddress,
        timeout: timeoutMs,
        headers: {
          'x-requested-by': 'wallet-user',
          ...headers,
          ...(data ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          done(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'), res.headers['x-upstream'] ?? ''),
        );
        res.on('error', () => done(0, '', ''));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => done(0, '', ''));
    if (data) req.write(data);
    req.end();
  });
}
export const json = (r) => {
  try {
    return JSON.parse(r.text);
  } catch {
    return {};
  }
};

/** The answer's data, or an error naming what failed. */
export const must = (r, what) => {
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${r.text.slice(0, 300)}`);
  return json(r).data;
};

export const auth = (t) => ({ authorization: `Bearer ${t}` });
