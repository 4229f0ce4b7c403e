import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig, type AppConfig } from '../src/platform/config';

/** What the benchmarks of this folder share: a fresh database, its CPU time, and a plain HTTP request. */

/**
 * The settings of a bench run on a fresh database: PGlite in memory, or a throw-away schema of `pgUrl` (a
 * PostgreSQL URL); `drop` removes the schema and the data directory.
 */
export async function benchDatabase(
  pgUrl: string | undefined,
  prefix: string,
  env: Record<string, string> = {},
): Promise<{ config: AppConfig; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const schema = pgUrl ? `bench_${randomBytes(5).toString('hex')}` : undefined;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    await c.query(query);
    await c.end();
  };
  if (schema) await admin(`create schema ${schema}`);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: pgUrl ?? 'memory://',
    ...(schema ? { DATABASE_SCHEMA: schema } : {}),
    LOG_LEVEL: 'silent',
    STATIC_ROOT: dataDir,
    JOB_INTERVAL_MS: '0',
    ...env,
  });
  return {
    config,
    drop: async () => {
      if (schema) await admin(`drop schema if exists ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU time (ms) of the local `postgres` processes, from /proc (Linux; 0 elsewhere): with the process's own CPU it
 * gives the cost of a request independently of what else the machine runs. `only`: these processes (a pool's
 * backends), not every `postgres` process of the machine.
 */
export function postgresCpuMs(only?: ReadonlySet<string>): number {
  let ticks = 0;
  try {
    for (const pid of only ?? readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
        const fields = stat.slice(close + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return 0;
  }
  return ticks * 10; // USER_HZ = 100
}

export function request(
  agent: http.Agent,
  port: number,
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: object,
): Promise<{ status: number; body: string }> {
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
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}
