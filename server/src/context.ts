import '@fastify/jwt';
import type { AppConfig } from './config';
import type { Db } from './db';
import type { Ledger } from './ledger';
import type { Secrets } from './secrets';
import type { AccountService } from './services/accounts';
import type { Clock } from './services/clock';
import type { ContentService, Locale } from './services/content';
import type { Limits } from './services/limits';
import type { OtpService } from './services/otp';
import type { RateLimitStore } from './services/rate-limit';
import type { SettingsService } from './services/settings';
import type { SandboxSmsAdapter, SmsAdapter } from './services/sms';

/** Everything a route needs, built once per app by buildApp(). */
export interface AppContext {
  config: AppConfig;
  secrets: Secrets;
  db: Db;
  dbKind: 'pglite-memory' | 'pglite-disk' | 'postgres';
  clock: Clock;
  limits: Limits;
  defaultLocale: Locale;
  settings: SettingsService;
  content: ContentService;
  sms: SmsAdapter;
  /** Set when SANDBOX is on and the sandbox adapter is in use. */
  sandboxSms: SandboxSmsAdapter | undefined;
  rateLimit: RateLimitStore;
  accounts: AccountService;
  otp: OtpService;
  /** The double-entry ledger (src/ledger): every movement of money goes through it. */
  ledger: Ledger;
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
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; sid: string };
    user: { sub: string; sid: string; iat: number; exp: number };
  }
}
