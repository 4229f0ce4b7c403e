import '@fastify/jwt';
import type { AppConfig } from './config';
import type { Db } from './db';
import type { Secrets } from './secrets';
import type { Clock } from './clock';
import type { Limits } from './limits';
import type { Locale } from './locale';
import type { RateLimitStore } from './rate-limit';
import type { SettingsService } from './settings';
import type { MemberEvents } from './member-events';
import type { MemberHolds } from './member-holds';
import type { Metrics } from './metrics';
import type { JobQueue } from './jobs';

/**
 * The platform of one app, built by buildApp() before any feature registers: configuration, secrets, the
 * database, the clock, limits, operator settings, rate-limit counters and holds; core adds the ledger
 * (core/context.ts: platform stands below core and names nothing of it). Feature services are not here: each
 * feature plugin decorates the app with its own (`app.accounts`, `app.games`, …).
 */
export interface AppContext {
  config: AppConfig;
  secrets: Secrets;
  db: Db;
  dbKind: 'pglite-memory' | 'pglite-disk' | 'postgres';
  clock: Clock;
  limits: Limits;
  defaultLocale: Locale;
  settings: SettingsService;
  rateLimit: RateLimitStore;
  /** Events for one member's open pages, delivered when the transaction that raised them commits. */
  events: MemberEvents;
  /** Holds on members' money (an open bonus turnover): asked before money leaves the wallet. */
  holds: MemberHolds;
  /** This app's Prometheus registry and instruments (platform/metrics.ts; docs/operations.md "Metrics"). */
  metrics: Metrics;
  /** Background jobs (platform/jobs): features define their tasks and add jobs in their money transactions. */
  jobs: JobQueue;
}

export interface RequestAuth {
  memberId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    /** Catalogue code answered when the request fails schema validation (default KEY_INVALID). */
    validationCode?: string;
    /** The body's text may hold tab, CR and LF (platform/http/input.ts); other control characters never. */
    multilineText?: boolean;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; sid: string };
    user: { sub: string; sid: string; iat: number; exp: number };
  }
}
