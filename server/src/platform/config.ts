import { existsSync } from 'node:fs';
import path from 'node:path';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  port: number;
  /** Holds secrets.json, uploads and (when DATABASE_URL is unset) the embedded PGlite database. */
  dataDir: string;
  /** undefined → embedded PGlite in dataDir/pglite; 'memory://' → PGlite in memory; postgres://… → PostgreSQL. */
  databaseUrl: string | undefined;
  /** PostgreSQL only: schema to use (search_path); used by the test suites. */
  databaseSchema: string | undefined;
  redisUrl: string | undefined;
  /** Prefix of every Redis key this server writes (several deployments or test runs can share one Redis). */
  redisPrefix: string;
  sandbox: boolean;
  staticRoot: string;
  laos: boolean;
  logLevel: LogLevel;
  /** Optional overrides of the generated secrets. */
  jwtSecret: string | undefined;
  opsSecret: string | undefined;
  /** Latency of every sandbox game-provider call, ms (GAME_LATENCY_MS, default 150). */
  gameLatencyMs: number;
  /** Delay after which the sandbox bank pays a withdrawal, ms (PAYOUT_SETTLE_MS, default 5000). */
  payoutSettleMs: number;
  /** Interval of the reconciliation and payout-settlement jobs, ms; 0 turns them off (JOB_INTERVAL_MS, 2000). */
  jobIntervalMs: number;
  /**
   * How long a new money operation is left to the request that started it before reconciliation may finish it,
   * ms (OPERATION_GRACE_MS, default 15000): a request cut off by a crash is finished after at most this long.
   */
  operationGraceMs: number;
  /** Origins allowed to call the API from a browser (CORS_ORIGINS, comma-separated; default none: same-origin). */
  corsOrigins: string[];
}

export class ConfigError extends Error {
  constructor(problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/** The repository root, found from this package's location (src/ or dist/), never from the working directory. */
export function repoRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 6; i += 1) {
    if (existsSync(path.join(dir, 'server', 'package.json')) && existsSync(path.join(dir, 'package.json'))) {
      return dir;
    }
    dir = path.dirname(dir);
  }
  // server/src/platform or server/dist/platform → three levels up
  return path.resolve(__dirname, '..', '..', '..');
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parseBool(name: string, raw: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined || raw === '') return fallback;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'on', 'yes'].includes(v)) return true;
  if (['0', 'false', 'off', 'no'].includes(v)) return false;
  problems.push(`${name} must be a boolean (true/false, on/off, 1/0), got "${raw}"`);
  return fallback;
}

/** Reads and validates the configuration; throws a ConfigError listing every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const root = repoRoot();

  let port = 8080;
  if (env.PORT !== undefined && env.PORT !== '') {
    const n = Number(env.PORT);
    if (!Number.isInteger(n) || n < 0 || n > 65535)
      problems.push(`PORT must be an integer 0-65535, got "${env.PORT}"`);
    else port = n;
  }

  const dataDir = path.resolve(env.DATA_DIR && env.DATA_DIR !== '' ? env.DATA_DIR : path.join(root, 'data'));

  let databaseUrl: string | undefined =
    env.DATABASE_URL && env.DATABASE_URL !== '' ? env.DATABASE_URL : undefined;
  if (databaseUrl !== undefined && !/^(memory:\/\/|postgres(ql)?:\/\/)/.test(databaseUrl)) {
    problems.push('DATABASE_URL must be unset (embedded PGlite), memory:// or postgres://…');
    databaseUrl = undefined;
  }

  const databaseSchema = env.DATABASE_SCHEMA && env.DATABASE_SCHEMA !== '' ? env.DATABASE_SCHEMA : undefined;
  if (databaseSchema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    problems.push('DATABASE_SCHEMA must be a lower-case SQL identifier');
  }

  const redisUrl = env.REDIS_URL && env.REDIS_URL !== '' ? env.REDIS_URL : undefined;
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl))
    problems.push('REDIS_URL must start with redis://');

  const redisPrefix = env.REDIS_PREFIX && env.REDIS_PREFIX !== '' ? env.REDIS_PREFIX : 'wallet:';

  const sandbox = parseBool('SANDBOX', env.SANDBOX, true, problems);
  const laos = parseBool('LAOS', env.LAOS, false, problems);
  const staticRoot = path.resolve(env.STATIC_ROOT && env.STATIC_ROOT !== '' ? env.STATIC_ROOT : root);

  let logLevel: LogLevel = 'info';
  if (env.LOG_LEVEL !== undefined && env.LOG_LEVEL !== '') {
    const l = env.LOG_LEVEL.toLowerCase() as LogLevel;
    if (LOG_LEVELS.includes(l)) logLevel = l;
    else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  }

  const jwtSecret = env.JWT_SECRET && env.JWT_SECRET !== '' ? env.JWT_SECRET : undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32)
    problems.push('JWT_SECRET must be at least 32 characters');
  const opsSecret = env.OPS_SECRET && env.OPS_SECRET !== '' ? env.OPS_SECRET : undefined;
  if (opsSecret !== undefined && opsSecret.length < 16)
    problems.push('OPS_SECRET must be at least 16 characters');

  const ms = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > 3_600_000) {
      problems.push(`${name} must be an integer number of milliseconds 0-3600000, got "${raw}"`);
      return fallback;
    }
    return n;
  };
  const gameLatencyMs = ms('GAME_LATENCY_MS', 150);
  const payoutSettleMs = ms('PAYOUT_SETTLE_MS', 5000);
  const jobIntervalMs = ms('JOB_INTERVAL_MS', 2000);
  const operationGraceMs = ms('OPERATION_GRACE_MS', 15_000);

  const corsOrigins: string[] = [];
  for (const raw of (env.CORS_ORIGINS ?? '').split(',')) {
    const o = raw.trim();
    if (o === '') continue;
    let parsed: URL | undefined;
    try {
      parsed = new URL(o);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== o.replace(/\/$/, '')) {
      problems.push(`CORS_ORIGINS must list origins like https://wallet.example (no path, no *), got "${o}"`);
    } else corsOrigins.push(parsed.origin);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    dataDir,
    databaseUrl,
    databaseSchema,
    redisUrl,
    redisPrefix,
    sandbox,
    staticRoot,
    laos,
    logLevel,
    jwtSecret,
    opsSecret,
    gameLatencyMs,
    payoutSettleMs,
    jobIntervalMs,
    operationGraceMs,
    corsOrigins,
  };
}
