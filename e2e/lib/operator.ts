import { join } from 'node:path';
import { readJson, type Site } from './site';

/** The wall-clock time HH:mm in Bangkok, `minutes` from now. */
export function bangkokTime(minutes: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Bangkok',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + minutes * 60_000));
}

/** Changes the slip settings of GET /api/lookup/slip as an operator does (PUT /api/ops/content/slip/*). */
export async function setSlipSettings(site: Site, change: Record<string, unknown>): Promise<void> {
  const { opsSecret } = readJson<{ opsSecret: string }>(join(site.dataDir, 'secrets.json'));
  const headers = { 'x-ops-secret': opsSecret, 'content-type': 'application/json' };
  const url = `${site.url}/api/ops/content/slip/*`;
  const current = (await (await fetch(url, { headers })).json()) as { data: Record<string, unknown> };
  const res = await fetch(url, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...current.data, ...change }),
  });
  if (!res.ok) throw new Error(`set the slip settings: HTTP ${res.status}`);
}

/** Moves the daily slip closing window of GET /api/lookup/slip as an operator does. */
export function setSlipWindow(site: Site, closedFrom: string, closedUntil: string): Promise<void> {
  return setSlipSettings(site, { closedFrom, closedUntil, timezone: 'Asia/Bangkok' });
}
