import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyJwt from '@fastify/jwt';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import type { AppConfig } from './platform/config';
import './platform/context';
import type { AppContext } from './platform/context';
import { migrateToLatest, openDatabase, purgeStale } from './platform/db';
import { AppError, isAppError } from './platform/errors';
import { ErrorBody } from './platform/http/schemas';
import { GameService } from './features/games/game-service';
import { SandboxGames } from './features/games/sandbox-provider';
import { UnconfiguredGameProvider, type GameProvider } from './features/games/provider';
import { Ledger } from './core/ledger';
import { SandboxPayoutAdapter, UnconfiguredPayoutAdapter } from './features/withdrawals/payout-adapter';
import { PayoutService } from './features/withdrawals/withdrawal-service';
import { IntervalJob } from './platform/jobs';
import { loadOrCreateSecrets } from './platform/secrets';
import { AccountService } from './features/accounts/account-service';
import { systemClock, type Clock } from './platform/clock';
import { ContentService } from './features/content/content-service';
import { DEFAULT_LIMITS, type Limits } from './platform/limits';
import { OtpService } from './features/otp/otp-service';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './platform/rate-limit';
import { SettingsService } from './platform/settings';
import { SandboxSmsAdapter, UnconfiguredSmsAdapter, type SmsAdapter } from './features/otp/sms';
import { accountRoutes } from './features/accounts/routes';
import { lookupRoutes } from './features/content/routes';
import { moneyInRoutes } from './features/deposits/routes';
import { moneyInSandboxRoutes } from './features/deposits/sandbox-routes';
import { opsRoutes } from './features/ops/routes';
import { otpRoutes } from './features/otp/routes';
import { sandboxRoutes } from './features/games/sandbox-routes';
import { sendHostIndex, staticRoutes } from './platform/static';
import { walletRoutes } from './features/wallet/routes';
import { autoLoginRoutes, gameMediaRoutes } from './features/games/routes';
import { statementRoutes } from './features/statement/routes';

export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Replaceable collaborators (tests inject a manual clock, tighter limits or another SMS adapter). */
export interface AppDeps {
  clock?: Clock;
  sms?: SmsAdapter;
  limits?: Partial<Limits>;
}

export const APP_VERSION = '1.1.14';
const JWT_TTL = '12h';

/** Builds the Fastify app: opens and migrates the database, seeds defaults, registers every route. */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<App> {
  const app: App = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-ops-secret"]'],
    },
    ajv: {
      customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const stored = loadOrCreateSecrets(config.dataDir);
  const secrets = {
    ...stored,
    jwtSecret: config.jwtSecret ?? stored.jwtSecret,
    opsSecret: config.opsSecret ?? stored.opsSecret,
  };

  const database = openDatabase(config);
  let rateLimit: RateLimitStore | undefined;
  try {
    await migrateToLatest(database);
    const clock = deps.clock ?? systemClock;
    const limits: Limits = { ...DEFAULT_LIMITS, ...deps.limits };
    const defaultLocale = config.laos ? 'la' : 'th';
    const settings = new SettingsService(database.db, clock);
    const content = new ContentService(database.db, defaultLocale);
    await settings.seedDefaults();
    await content.seed(config.laos);
    await purgeStale(database.db, clock);

    rateLimit = config.redisUrl
      ? new RedisRateLimitStore(
          new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }),
          `${config.redisPrefix}rl:`,
        )
      : new MemoryRateLimitStore(clock);
    const sandboxSms = config.sandbox && !deps.sms ? new SandboxSmsAdapter(app.log, clock) : undefined;
    const sms: SmsAdapter = deps.sms ?? sandboxSms ?? new UnconfiguredSmsAdapter();
    const otp = new OtpService(database.db, clock, limits, rateLimit, sms, secrets.jwtSecret, config.laos);
    const ledger = new Ledger(database.db);
    const accounts = new AccountService(
      database.db,
      clock,
      limits,
      rateLimit,
      otp,
      { sign: (payload) => app.jwt.sign(payload) },
      config.laos,
      ledger,
    );

    const sandboxGames = config.sandbox
      ? new SandboxGames(database.db, clock, {
          latencyMs: config.gameLatencyMs,
          secret: secrets.jwtSecret,
          sessionTtlMs: 2 * 3600_000,
        })
      : undefined;
    const providerCache = new Map<string, GameProvider>();
    const provider = (code: string): GameProvider => {
      let p = providerCache.get(code);
      if (!p) {
        p = sandboxGames ? sandboxGames.provider(code) : new UnconfiguredGameProvider(code);
        providerCache.set(code, p);
      }
      return p;
    };
    const games = new GameService(database.db, ledger, provider, clock, app.log);
    const sandboxPayouts = config.sandbox
      ? new SandboxPayoutAdapter(database.db, clock, config.payoutSettleMs)
      : undefined;
    const payouts = new PayoutService(
      database.db,
      ledger,
      sandboxPayouts ?? new UnconfiguredPayoutAdapter(),
      content,
      clock,
      app.log,
    );
    const jobs = {
      reconcile: new IntervalJob('reconcile', config.jobIntervalMs, () => games.reconcilePending(), app.log),
      payouts: new IntervalJob('payouts', config.jobIntervalMs, () => payouts.settlePending(), app.log),
    };

    const ctx: AppContext = {
      config,
      secrets,
      db: database.db,
      dbKind: database.kind,
      clock,
      limits,
      defaultLocale,
      settings,
      content,
      sms,
      sandboxSms,
      rateLimit,
      accounts,
      otp,
      ledger,
      games,
      payouts,
      sandboxGames,
      sandboxPayouts,
      jobs,
      inviteSummary: async () => ({ amount: 0, success: 0, fail: 0 }),
    };
    app.decorate('ctx', ctx);
  } catch (e) {
    await rateLimit?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw e;
  }
  app.decorateRequest('auth', null);
  app.addHook('onReady', async () => {
    app.ctx.jobs.reconcile.start();
    app.ctx.jobs.payouts.start();
  });
  app.addHook('onClose', async () => {
    await app.ctx.jobs.reconcile.stop();
    await app.ctx.jobs.payouts.stop();
    await app.ctx.rateLimit.close().catch(() => undefined);
    await database.close();
  });

  app.addSchema(ErrorBody);

  // Central error handler: catalogue codes only; 5xx never carries internals.
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (isAppError(error)) {
      return reply.status(error.statusCode).send({ code: error.code, message: error.message });
    }
    if (error.validation) {
      const code = request.routeOptions.config.validationCode ?? 'KEY_INVALID';
      request.log.debug({ validation: error.validation }, 'request validation failed');
      return reply.status(400).send({ code, message: code });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: 'KEY_INVALID', message: 'KEY_INVALID' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL_SERVER_ERROR', message: 'INTERNAL_SERVER_ERROR' });
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (await sendHostIndex(reply, app.ctx.config.staticRoot, request.method, request.url)) return reply;
    return reply.status(404).send({ code: 'NO_DATA', message: 'NO_DATA' });
  });

  await app.register(fastifyCors, {
    origin: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Authorization', 'X-Requested-By', 'Accept-Language', 'Idempotency-Key'],
    maxAge: 600,
  });
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(fastifyJwt, {
    secret: secrets.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: JWT_TTL },
    verify: { algorithms: ['HS256'] },
  });
  await app.register(fastifyStatic, { root: config.staticRoot, serve: false });

  // Operator switch: with service.active off every /api route except the lookups answers 410 gone.
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (
      (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) &&
      !url.startsWith('/api/lookup')
    ) {
      if (!(await app.ctx.settings.get('service.active'))) throw new AppError('gone', 410);
    }
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Wallet site API',
        version: APP_VERSION,
        description:
          'Envelope: success `{code: "SUCCESS", data}`, error `{code, message}` (docs/architecture.md). ' +
          'Money in integer minor units.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          opsSecret: { type: 'apiKey', in: 'header', name: 'X-Ops-Secret' },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  await app.register(lookupRoutes, { prefix: '/api/lookup' });
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(otpRoutes, { prefix: '/api' });
  await app.register(walletRoutes, { prefix: '/api' });
  await app.register(autoLoginRoutes, { prefix: '/api' });
  await app.register(statementRoutes, { prefix: '/api' });
  await app.register(gameMediaRoutes);
  await app.register(moneyInRoutes, { prefix: '/api' });
  await app.register(opsRoutes, { prefix: '/ops' });
  if (config.sandbox) await app.register(sandboxRoutes, { prefix: '/sandbox' });
  if (config.sandbox) await app.register(moneyInSandboxRoutes, { prefix: '/sandbox' });
  await app.register(staticRoutes);

  return app;
}
