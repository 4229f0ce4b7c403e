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

export { freePort } from './server-process';
