import '@fastify/jwt';
import type { AppConfig } from './config';
import type { Db } from './db';
import type { GameService } from '../features/games/game-service';
import type { SandboxGames } from '../features/games/sandbox-provider';
import type { Ledger } from '../core/ledger';
import type { SandboxPayoutAdapter } from '../features/withdrawals/payout-adapter';
import type { PayoutService } from '../features/withdrawals/withdrawal-service';
import type { IntervalJob } from './jobs';
import type { Secrets } from './secrets';
import type { AccountService } from '../features/accounts/account-service';
import type { Clock } from './clock';
import type { ContentService, Locale } from '../features/content/content-service';
import type { Limits } from './limits';
import type { OtpService } from '../features/otp/otp-service';
import type { RateLimitStore } from './rate-limit';
import type { SettingsService } from './settings';
import type { SandboxSmsAdapter, SmsAdapter } from '../features/otp/sms';

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
  games: GameService;
  payouts: PayoutService;
  /** Set while SANDBOX is on: the sandbox game providers and bank (faults, play page, forced payouts). */
  sandboxGames: SandboxGames | undefined;
  sandboxPayouts: SandboxPayoutAdapter | undefined;
  /** Background jobs (reconciliation of game transfers, payout settlement); stopped on close. */
  jobs: { reconcile: IntervalJob; payouts: IntervalJob };
  /**
   * The invite part of GET /api/wallet (unclaimed invite bonus and invitee counts). Zeros until the money-in
   * routes replace it (they may assign it when they register).
   */
  inviteSummary: (memberId: string) => Promise<InviteSummary>;
}

export interface InviteSummary {
  amount: number;
  success: number;
  fail: number;
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
