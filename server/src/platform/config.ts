import { isIP } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { redisUrlProblem } from './redis';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  port: number;
  /** Holds secrets.json, uploads and (when DATABASE_URL is unset) the embedded PGlite database. */
  dataDir: string;
  /** undefined → embedded PGlite in dataDir/pglite; 'memory://' → PGlite in memory; postgres://… → PostgreSQL. */
  databaseUrl: string | undefined;
  /** PostgreSQL only: schema to use (search_path); used by the test suites. */
  databaseSchema: string | undefined;
  /**
   * PGLITE_TEMPLATE_DIR, memory:// only: a folder holding a migrated, empty database per set of migrations
   * (src/platform/db/memory-template.ts). A start finds one there and loads it instead of running PGlite's initdb
   * and the migrations (about 5 s of CPU each start); the first start without one writes it. For test sites
   * started many times (the e2e scenarios, the tour); unset, every memory:// start begins from initdb.
   */
  pgliteTemplateDir: string | undefined;
  redisUrl: string | undefined;
  /**
   * GROUP_COMMIT: the statements of concurrent transfers share one transaction (docs/ledger.md "Batched starts and
   * settlements"). Default on with PostgreSQL, off with PGlite (in-process: no commit to share, measured no gain).
   */
  groupCommit: boolean;
  /** Prefix of every Redis key this server writes (several deployments or test runs can share one Redis). */
  redisPrefix: string;
  sandbox: boolean;
  /**
   * DEMO_SEED: at start, the sandbox demo member gets a history to look at (src/demo-seed.ts). Default on with the
   * sandbox; refused without it. Off: only the demo member (test sites start clean).
   */
  demoSeed: boolean;
  staticRoot: string;
  laos: boolean;
  logLevel: LogLevel;
  /** Optional overrides of the generated secrets. */
  jwtSecret: string | undefined;
  opsSecret: string | undefined;
  /** WEBHOOK_SECRET: the payment channels' and the bank's webhook signing secret (else DATA_DIR/secrets.json). */
  webhookSecret: string | undefined;
  /** Latency of every sandbox game-provider call, ms (GAME_LATENCY_MS, default 150). */
  gameLatencyMs: number;
  /** Delay after which the sandbox bank pays a withdrawal, ms (PAYOUT_SETTLE_MS, default 5000). */
  payoutSettleMs: number;
  /**
   * Background jobs: 0 turns them off in this process; else how often a pending payout is asked about at the bank
   * (ten times, then doubling up to a minute), ms (JOB_INTERVAL_MS, 2000).
   */
  jobIntervalMs: number;
  /** Interval of the safety-net sweeps that add the jobs of work that has none, ms (JOB_SWEEP_MS, 10000). */
  jobSweepMs: number;
  /** Jobs one process runs at once (JOB_CONCURRENCY, 8). */
  jobConcurrency: number;
  /**
   * How long a new money operation is left to the request that started it before reconciliation may finish it,
   * ms (OPERATION_GRACE_MS, default 15000): a request cut off by a crash is finished after at most this long.
   */
  operationGraceMs: number;
  /** Origins allowed to call the API from a browser (CORS_ORIGINS, comma-separated; default none: same-origin). */
  corsOrigins: string[];
  /**
   * Reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY: comma-separated addresses or CIDR ranges;
   * default none). With it, `request.ip` is the member's address, for per-IP limits and the sandbox lock.
   */
  trustProxy: string[];
  /** NODE_ENV=production or `--production`: refuses to start with the sandbox adapters on. */
  production: boolean;
  sms: SmsConfig | undefined;
  slipVerifier: SlipVerifierConfig | undefined;
  /** Time limit of every call to an outside provider (SMS, slips), ms (PROVIDER_TIMEOUT_MS, default 10000). */
  providerTimeoutMs: number;
  /** The support chat's room prefix (CHAT_PREFIX, default `wallet-chat:`; docs/chat.md). */
  chatPrefix: string;
  /**
   * QR minimums the operator overrides (MONEY_IN_QR_MIN_KBANK, _PAYTIMZ, _ZPAY in baht; MONEY_IN_QR_MIN_LAOQR in
   * whole kip), minor units; a channel not named keeps its default (features/deposits/options.ts).
   */
  qrMinimums: QrMinimumOverrides;
  /**
   * METRICS_PORT: a second listener on 127.0.0.1 serving GET /metrics without the operator secret, for a scraper
   * on the same machine; undefined (default): off, /metrics only on PORT with the secret (docs/operations.md).
   */
  metricsPort: number | undefined;
  /**
   * SHUTDOWN_DRAIN_MS (default 5000): after SIGTERM the process answers /health/ready 503 but keeps serving this
   * long, so the balancer stops sending before it closes (main.ts).
   */
  shutdownDrainMs: number;
}

/** The QR channels whose minimum the environment may set, in minor units. */
export type QrMinimumOverrides = Partial<Record<'KBANK' | 'PAYTIMZ' | 'ZPAY' | 'LAOQR', number>>;

/** A real SMS gateway (SMS_PROVIDER); unset → the sandbox outbox while SANDBOX is on, else none. */
export type SmsConfig =
  | {
      provider: 'thaibulksms';
      /** THAIBULKSMS_BASE_URL, default https://api-v2.thaibulksms.com (tests point it at a local fake). */
      baseUrl: string;
      apiKey: string;
      apiSecret: string;
      sender: string;
      force: 'standard' | 'corporate' | undefined;
    }
  | { provider: 'webhook'; url: string; secret: string };

/** A real slip-verification service (SLIP_VERIFIER); unset → the sandbox verifier while SANDBOX is on, else none. */
export interface SlipVerifierConfig {
  provider: 'easyslip';
  /** EASYSLIP_BASE_URL, default https://developer.easyslip.com. */
  baseUrl: string;
  apiKey: string;
  /** SLIP_RECEIVER_ACCOUNTS: our receiving account numbers (digits); a slip paid elsewhere is DEST_ACC_INVALID. */
  receiverAccounts: string[];
  /** SLIP_MAX_AGE_MINUTES (default 60): an older transfer is EXPIRED_SLIP. */
  maxAgeMinutes: number;
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

const httpUrl = (name: string, raw: string | undefined, fallback: string, problems: string[]): string => {
  const v = raw && raw !== '' ? raw : fallback;
  try {
    const u = new URL(v);
    if (u.protocol === 'https:' || u.protocol === 'http:') return v.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  problems.push(`${name} must be an http(s) URL, got "${v}"`);
  return fallback;
};

/** The message of a production start with the sandbox on: what to set instead. */
export const PRODUCTION_SANDBOX_MESSAGE =
  'production mode (NODE_ENV=production or --production) refuses the sandbox adapters: set SANDBOX=0, and ' +
  'configure the real ones: SMS_PROVIDER=thaibulksms (THAIBULKSMS_API_KEY, THAIBULKSMS_API_SECRET, ' +
  'THAIBULKSMS_SENDER) or SMS_PROVIDER=webhook (SMS_WEBHOOK_URL, SMS_WEBHOOK_SECRET); SLIP_VERIFIER=easyslip ' +
  '(EASYSLIP_API_KEY, SLIP_RECEIVER_ACCOUNTS). See README "Running in production"';

/**
 * Reads and validates the configuration; throws a ConfigError listing every problem. `argv` is the server's
 * command line (`--production`).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []): AppConfig {
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

  const pgliteTemplateDir =
    env.PGLITE_TEMPLATE_DIR && env.PGLITE_TEMPLATE_DIR !== ''
      ? path.resolve(env.PGLITE_TEMPLATE_DIR)
      : undefined;

  const redisUrl = env.REDIS_URL && env.REDIS_URL !== '' ? env.REDIS_URL : undefined;
  const redisProblem = redisUrl === undefined ? undefined : redisUrlProblem(redisUrl);
  if (redisProblem !== undefined) problems.push(redisProblem);

  const redisPrefix = env.REDIS_PREFIX && env.REDIS_PREFIX !== '' ? env.REDIS_PREFIX : 'wallet:';

  const groupCommit = parseBool(
    'GROUP_COMMIT',
    env.GROUP_COMMIT,
    databaseUrl !== undefined && databaseUrl.startsWith('postgres'),
    problems,
  );
  const sandbox = parseBool('SANDBOX', env.SANDBOX, true, problems);
  const demoSeed = parseBool('DEMO_SEED', env.DEMO_SEED, sandbox, problems);
  if (demoSeed && !sandbox)
    problems.push('DEMO_SEED needs the sandbox (SANDBOX=1): the demo moves sandbox money');
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
  const webhookSecret = env.WEBHOOK_SECRET && env.WEBHOOK_SECRET !== '' ? env.WEBHOOK_SECRET : undefined;
  if (webhookSecret !== undefined && webhookSecret.length < 32)
    problems.push('WEBHOOK_SECRET must be at least 32 characters');

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
  const jobSweepMs = Math.max(1000, ms('JOB_SWEEP_MS', 10_000));
  const jobConcurrency = Number(env.JOB_CONCURRENCY ?? 8);
  if (!Number.isInteger(jobConcurrency) || jobConcurrency < 1 || jobConcurrency > 64) {
    problems.push(`JOB_CONCURRENCY must be an integer 1-64, got "${env.JOB_CONCURRENCY}"`);
  }
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

  const trustProxy: string[] = [];
  for (const raw of (env.TRUST_PROXY ?? '').split(',')) {
    const p = raw.trim();
    if (p === '') continue;
    const [addr, bits, extra] = p.split('/');
    const family = isIP(addr ?? '');
    const max = family === 4 ? 32 : 128;
    const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
    if (family === 0 || !okBits || extra !== undefined) {
      problems.push(
        `TRUST_PROXY must list proxy addresses or CIDR ranges (10.0.0.1, 10.0.0.0/8, ::1), got "${p}"`,
      );
    } else trustProxy.push(p);
  }

  const production = env.NODE_ENV === 'production' || argv.includes('--production');
  if (production && sandbox) problems.push(PRODUCTION_SANDBOX_MESSAGE);

  const providerTimeoutMs = ms('PROVIDER_TIMEOUT_MS', 10_000);
  if (providerTimeoutMs < 1) problems.push('PROVIDER_TIMEOUT_MS must be at least 1');
  const required = (name: string, minLength = 1): string => {
    const v = env[name] ?? '';
    if (v.trim().length < minLength)
      problems.push(
        minLength > 1 ? `${name} must be at least ${minLength} characters` : `${name} is required`,
      );
    return v.trim();
  };

  let sms: SmsConfig | undefined;
  const smsProvider = (env.SMS_PROVIDER ?? '').trim().toLowerCase();
  if (smsProvider === 'thaibulksms') {
    const force = (env.THAIBULKSMS_FORCE ?? '').trim().toLowerCase();
    if (force !== '' && force !== 'standard' && force !== 'corporate')
      problems.push(`THAIBULKSMS_FORCE must be standard or corporate, got "${env.THAIBULKSMS_FORCE}"`);
    sms = {
      provider: 'thaibulksms',
      baseUrl: httpUrl(
        'THAIBULKSMS_BASE_URL',
        env.THAIBULKSMS_BASE_URL,
        'https://api-v2.thaibulksms.com',
        problems,
      ),
      apiKey: required('THAIBULKSMS_API_KEY'),
      apiSecret: required('THAIBULKSMS_API_SECRET'),
      sender: required('THAIBULKSMS_SENDER'),
      force: force === 'standard' || force === 'corporate' ? force : undefined,
    };
  } else if (smsProvider === 'webhook') {
    if (!env.SMS_WEBHOOK_URL) problems.push('SMS_WEBHOOK_URL is required with SMS_PROVIDER=webhook');
    sms = {
      provider: 'webhook',
      url: httpUrl('SMS_WEBHOOK_URL', env.SMS_WEBHOOK_URL, 'https://sms.invalid', problems),
      secret: required('SMS_WEBHOOK_SECRET', 16),
    };
  } else if (smsProvider !== '') {
    problems.push(`SMS_PROVIDER must be thaibulksms or webhook, got "${env.SMS_PROVIDER}"`);
  }

  let slipVerifier: SlipVerifierConfig | undefined;
  const slipProvider = (env.SLIP_VERIFIER ?? '').trim().toLowerCase();
  if (slipProvider === 'easyslip') {
    const receiverAccounts = (env.SLIP_RECEIVER_ACCOUNTS ?? '')
      .split(',')
      .map((a) => a.replace(/[\s-]/g, ''))
      .filter((a) => a !== '');
    if (receiverAccounts.length === 0 || receiverAccounts.some((a) => !/^\d{6,20}$/.test(a)))
      problems.push(
        'SLIP_RECEIVER_ACCOUNTS must list our receiving account numbers (digits, comma-separated)',
      );
    let maxAgeMinutes = 60;
    if (env.SLIP_MAX_AGE_MINUTES !== undefined && env.SLIP_MAX_AGE_MINUTES !== '') {
      const n = Number(env.SLIP_MAX_AGE_MINUTES);
      if (!Number.isInteger(n) || n < 1 || n > 525_600)
        problems.push(`SLIP_MAX_AGE_MINUTES must be an integer 1-525600, got "${env.SLIP_MAX_AGE_MINUTES}"`);
      else maxAgeMinutes = n;
    }
    slipVerifier = {
      provider: 'easyslip',
      baseUrl: httpUrl(
        'EASYSLIP_BASE_URL',
        env.EASYSLIP_BASE_URL,
        'https://developer.easyslip.com',
        problems,
      ),
      apiKey: required('EASYSLIP_API_KEY'),
      receiverAccounts,
      maxAgeMinutes,
    };
  } else if (slipProvider !== '') {
    problems.push(`SLIP_VERIFIER must be easyslip, got "${env.SLIP_VERIFIER}"`);
  }

  const chatPrefix = env.CHAT_PREFIX?.trim() || 'wallet-chat:';

  const qrMinimums: QrMinimumOverrides = {};
  for (const channel of ['KBANK', 'PAYTIMZ', 'ZPAY', 'LAOQR'] as const) {
    const name = `MONEY_IN_QR_MIN_${channel}`;
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') continue;
    const n = Number(raw);
    if (channel === 'LAOQR') {
      // Kip has no minor unit in use: the ledger's LAK unit is one kip.
      if (!Number.isSafeInteger(n) || n < 1)
        problems.push(`${name} must be a whole number of kip of at least 1, got "${raw}"`);
      else qrMinimums[channel] = n;
    } else if (
      !Number.isFinite(n) ||
      n < 1 ||
      !Number.isSafeInteger(Math.round(n * 100)) ||
      Math.abs(n * 100 - Math.round(n * 100)) > 1e-6
    ) {
      problems.push(`${name} must be an amount in baht of at least 1 (at most 2 decimals), got "${raw}"`);
    } else qrMinimums[channel] = Math.round(n * 100);
  }
  let metricsPort: number | undefined;
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT !== '') {
    const n = Number(env.METRICS_PORT);
    if (!Number.isInteger(n) || n < 1 || n > 65535)
      problems.push(`METRICS_PORT must be an integer 1-65535 (unset: off), got "${env.METRICS_PORT}"`);
    else if (n === port) problems.push('METRICS_PORT must differ from PORT');
    else metricsPort = n;
  }
  const shutdownDrainMs = ms('SHUTDOWN_DRAIN_MS', 5000);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    dataDir,
    databaseUrl,
    databaseSchema,
    pgliteTemplateDir,
    redisUrl,
    redisPrefix,
    groupCommit,
    sandbox,
    demoSeed,
    staticRoot,
    laos,
    logLevel,
    jwtSecret,
    opsSecret,
    webhookSecret,
    gameLatencyMs,
    payoutSettleMs,
    jobIntervalMs,
    jobSweepMs,
    jobConcurrency: Number.isInteger(jobConcurrency) ? jobConcurrency : 8,
    operationGraceMs,
    corsOrigins,
    trustProxy,
    production,
    sms,
    slipVerifier,
    providerTimeoutMs,
    chatPrefix,
    qrMinimums,
    metricsPort,
    shutdownDrainMs,
  };
}
