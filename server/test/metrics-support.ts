import { createServer } from 'node:net';
import type { App } from '../src/app';

/** One sample of a Prometheus text exposition: its value, or undefined when no line matches. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have: Record<string, string> = {};
    for (const pair of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      have[pair[1] ?? ''] = pair[2] ?? '';
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

/** The metrics text, scraped as a Prometheus server would with the operator secret. */
export async function scrape(app: App): Promise<string> {
  const res = await app.inject({ url: '/metrics', headers: { 'x-ops-secret': app.ctx.secrets.opsSecret } });
  if (res.statusCode !== 200) throw new Error(`/metrics: ${res.statusCode} ${res.body}`);
  return res.body;
}

/** A TCP port nobody listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}
