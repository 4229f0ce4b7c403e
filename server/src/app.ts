import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AjvCompiler } from '@fastify/ajv-compiler';
import fastifyCompress from '@fastify/compress';
import fastifyJwt from '@fastify/jwt';
import fastifyStatic from '@fastify/static';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { AppConfig } from './platform/config';
import './platform/context';
import './core/context';
import type { AppContext } from './platform/context';
import { Ledger } from './core/ledger';
import { migrateToLatest, openDatabase, purgeStale } from './platform/db';
import { readMemoryTemplate, writeMemoryTemplate } from './platform/db/memory-template';
import { AppError, isAppError } from './platform/errors';
import { refuseUnsafeInput } from './platform/http/input';
import { ErrorBody } from './platform/http/schemas';
import { DOCS_CSP, registerSecurity } from './platform/http/security';
import { loadOrCreateSecrets } from './platform/secrets';
import { systemClock, type Clock } from './platform/clock';
import { DEFAULT_LIMITS, type Limits } from './platform/limits';
import { Metrics } from './platform/metrics';
import { ReadinessProbe, registerHealthAndMetrics } from './platform/health';
import { logContext, tracingEnabled } from './platform/tracing';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './platform/rate-limit';
import { connectRedis } from './platform/redis';
import { SettingsService } from './platform/settings';
import { MemberEvents } from './platform/member-events';
import { MemberHolds } from './platform/member-holds';
import { realtimePlugin } from './platform/realtime';
import { REMOTE_ENTRIES, sendHostIndex, staticRoutes } from './platform/static';
import { operationsPlugin } from './core/operations/plugin';
import { accountsPlugin } from './features/accounts/plugin';
import { bonusPlugin } from './features/bonus/plugin';
import { chatPlugin } from './features/chat/plugin';
import { chatSupportPlugin } from './features/chat/ops-routes';
import { spinPlugin } from './features/spin/plugin';
import { contentPlugin, seedContent } from './features/content/plugin';
import { depositsPlugin } from './features/deposits/plugin';
import { gamesPlugin } from './features/games/plugin';
import { invitePlugin } from './features/invite/plugin';
import { opsPlugin } from './features/ops/plugin';
import { operatorsPlugin } from './features/operators/plugin';
import { otpPlugin } from './features/otp/plugin';
import type { SmsAdapter } from './features/otp/sms';
import { refundPlugin } from './features/refund/plugin';
import { releasesPlugin } from './features/releases/plugin';
import { statementPlugin } from './features/statement/plugin';
import { walletPlugin } from './features/wallet/plugin';
import { withdrawalsPlugin } from './features/withdrawals/plugin';
import { observedJobs, openJobQueue } from './platform/jobs';

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
  /** For DATABASE_URL memory:// only: a migrated PGlite data folder to start from (see DatabaseOptions). */
  pgliteTemplate?: Blob;
}

/** One route part's schema as Fastify hands it to the validator compiler. */
type RoutePart = { schema: unknown; httpPart?: string; method: string; url: string };
type PoolOptions = { customOptions?: Record<string, unknown> };
const validatorPool = AjvCompiler() as unknown as (
  externalSchemas: unknown,
  options: PoolOptions,
) => (part: RoutePart) => unknown;
/** Fastify's own AJV compiler, twice: coercing for query, params and headers; without coercion for bodies. */
const bodyStrictValidators = ((externalSchemas: unknown, options: PoolOptions) => {
  const coercing = validatorPool(externalSchemas, options);
  const strict = validatorPool(externalSchemas, {
    ...options,
    customOptions: { ...options.customOptions, coerceTypes: false },
  });
  return (part: RoutePart) => (part.httpPart === 'body' ? strict(part) : coercing(part));
}) as unknown as ReturnType<typeof AjvCompiler>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Starts the drain (main.ts on SIGTERM; tests call it directly): /health/ready answers 503 and wallet_ready is 0
     * from now on, while the app keeps serving until it is closed.
     */
    beginShutdown(): void;
  }
}

export const APP_VERSION = '1.1.14';
const JWT_TTL = '12h';

/** The body field a schema failure is about (`/bankAccountNo` → bankAccountNo; a missing one by its name). */
function validationField(
  issue: { instancePath?: string; params?: Record<string, unknown> } | undefined,
): string | undefined {
  const missing = issue?.params?.missingProperty;
  if (typeof missing === 'string' && missing !== '') return missing.replace(/^\./, '');
  const first = issue?.instancePath?.split('/')[1];
  return first === undefined || first === '' ? undefined : first;
}

/**
 * Builds the Fastify app: the platform (database and migrations, settings, content seed, error handler, CORS,
 * compression, JWT, OpenAPI, the service switch), then every feature plugin.
 */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<App> {
  const app: App = Fastify({
    // Only the configured reverse proxies' X-Forwarded-For is believed (TRUST_PROXY); by default none.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers["x-ops-secret"]'],
      // With tracing on (src/telemetry.ts), each line carries trace_id, span_id and the money operation's
      // operation_id from the active context; off, no mixin at all.
      ...(tracingEnabled() ? { mixin: logContext } : {}),
    },
    ajv: {
      customOptions: { removeAdditional: true, coerceTypes: 'array', useDefaults: true, allErrors: false },
    },
    // Query strings, params and headers are text, so their schemas coerce ("2" → 2); a JSON body is validated
    // as sent: an amount is a JSON number, never "100", [100] or "0x64" (docs/server.md, input rules).
    schemaController: { compilersFactory: { buildValidator: bodyStrictValidators } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const stored = loadOrCreateSecrets(config.dataDir);
  const secrets = {
    ...stored,
    jwtSecret: config.jwtSecret ?? stored.jwtSecret,
    opsSecret: config.opsSecret ?? stored.opsSecret,
    webhookSecret: config.webhookSecret ?? stored.webhookSecret,
  };

  const templateDir = config.databaseUrl === 'memory://' ? config.pgliteTemplateDir : undefined;
  const pgliteTemplate =
    deps.pgliteTemplate ?? (templateDir ? await readMemoryTemplate(templateDir) : undefined);
  const database = openDatabase({ ...config, pgliteTemplate });
  let rateLimit: RateLimitStore | undefined;
  const events = new MemberEvents(database.schema);
  const metrics = new Metrics(app.log);
  // The rate-limit counters' connection; the readiness check and wallet_redis_up PING it.
  const redis = config.redisUrl
    ? connectRedis(config.redisUrl, { log: app.log, label: 'rate limits' })
    : undefined;
  try {
    await migrateToLatest(database);
    if (templateDir && !pgliteTemplate) await writeMemoryTemplate(templateDir, database);
    const clock = deps.clock ?? systemClock;
    const limits: Limits = { ...DEFAULT_LIMITS, ...deps.limits };
    const defaultLocale = config.laos ? 'la' : 'th';
    const settings = new SettingsService(database.db, clock);
    await settings.seedDefaults();
    await seedContent(database.db, { laos: config.laos, defaultLocale });
    await purgeStale(database.db, clock);
    await events.start(database.listen);

    rateLimit = redis
      ? new RedisRateLimitStore(redis, `${config.redisPrefix}rl:`, new MemoryRateLimitStore(clock))
      : new MemoryRateLimitStore(clock);
    const ctx: AppContext = {
      config,
      secrets,
      db: database.db,
      dbKind: database.kind,
      clock,
      limits,
      defaultLocale,
      settings,
      rateLimit,
      events,
      ledger: new Ledger(database.db, events),
      holds: new MemberHolds(),
      metrics,
      jobs: observedJobs(
        await openJobQueue(
          database.db,
          {
            dbKind: database.kind,
            databaseUrl: config.databaseUrl,
            schema: database.schema,
            work: config.jobIntervalMs > 0,
            concurrency: config.jobConcurrency,
          },
          app.log,
        ),
        metrics.jobs,
      ),
    };
    app.decorate('ctx', ctx);
  } catch (e) {
    if (rateLimit) await rateLimit.close().catch(() => undefined);
    else redis?.disconnect();
    await events.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw e;
  }
  app.decorateRequest('auth', null);
  // Registered first, so it runs last: onClose hooks run in reverse order, after the features stopped their jobs.
  app.addHook('onClose', async () => {
    await app.ctx.rateLimit.close().catch(() => undefined);
    await app.ctx.events.close().catch(() => undefined);
    await database.close();
  });
  // Jobs start once every feature defined its tasks, and stop (running jobs finished) before the database closes.
  app.addHook('onReady', async () => app.ctx.jobs.start());
  app.addHook('onClose', async () => app.ctx.jobs.stop());

  app.addSchema(ErrorBody);

  // Central error handler: catalogue codes only; 5xx never carries internals.
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (isAppError(error)) {
      return reply
        .status(error.statusCode)
        .send({ ...error.details, code: error.code, message: error.message });
    }
    if (error.validation) {
      const code = request.routeOptions.config.validationCode ?? 'KEY_INVALID';
      request.log.debug({ validation: error.validation }, 'request validation failed');
      const field = error.validationContext === 'body' ? validationField(error.validation[0]) : undefined;
      return reply.status(400).send({ code, message: code, ...(field ? { field } : {}) });
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

  // Helmet (CSP, frame-ancestors, nosniff, Referrer-Policy), CORS for CORS_ORIGINS only, no-store on member data.
  await registerSecurity(app, config, REMOTE_ENTRIES);
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
  // The builds' precompressed copies (`<file>.br`, `.gz`: tooling/webpack.app.js) are sent as they are to a browser
  // that accepts them (with `Vary: accept-encoding`); @fastify/compress leaves an encoded answer alone.
  await app.register(fastifyStatic, { root: config.staticRoot, serve: false, preCompressed: true });
  // The operator console's session cookie (features/operators); members use bearer tokens.
  await app.register(fastifyCookie);

  // No control characters in text, no number JSON cannot hold exactly: one rule for every route.
  app.addHook('preValidation', refuseUnsafeInput);

  // Operator switch: with service.active off every member /api route except the lookups answers 410 gone (the
  // operators' /api/ops stays: it is how the service is turned on again).
  app.addHook('onRequest', async (request) => {
    const url = request.url;
    if (
      (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) &&
      !url.startsWith('/api/lookup') &&
      !url.startsWith('/api/ops/')
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
          opsSession: { type: 'apiKey', in: 'cookie', name: 'wl_ops' },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: DOCS_CSP });

  // Every answer counted by route pattern (never the raw URL: ids would make a series each); no route: not_found.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'not_found',
      status_code: reply.statusCode,
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  const probe = new ReadinessProbe(database, redis);
  app.decorate('beginShutdown', () => probe.beginShutdown());
  registerHealthAndMetrics(app, {
    probe,
    metrics,
    database,
    redisConfigured: redis !== undefined,
    opsSecret: secrets.opsSecret,
    metricsPort: config.metricsPort,
  });
  // The books: the sum of every account's balance per currency (each balance is the sum of its postings, which
  // GET /api/ops/ledger/check verifies); never anything but 0. Read from ledger_accounts, not from every posting.
  const trial = metrics.gauge(
    'wallet_ledger_trial_balance_minor',
    'Sum of all ledger balances per currency, minor units; anything but 0 means the books do not balance',
    ['currency'],
  );
  metrics.onScrape('trial-balance', [trial], async () => {
    const sums = await app.ctx.ledger.trialBalance();
    trial.reset();
    for (const [currency, total] of Object.entries(sums)) trial.set({ currency }, total);
  });
  // The background jobs per queue (task) and state, dead ones included (platform/jobs).
  const queued = metrics.gauge('wallet_job_queue', 'Background jobs by queue (task) and state', [
    'queue',
    'state',
  ]);
  metrics.onScrape('jobs', [queued], async () => {
    const counts = await app.ctx.jobs.counts();
    queued.reset();
    for (const c of counts) queued.set({ queue: c.queue, state: c.state }, c.count);
  });

  // The features, each a named plugin (fastify-plugin) that decorates the app with its services, registers its
  // routes (and its sandbox routes while SANDBOX is on) and runs its own background jobs. docs/server.md "Layout".
  await app.register(operatorsPlugin);
  await app.register(contentPlugin);
  await app.register(otpPlugin, { ...(deps.sms ? { sms: deps.sms } : {}) });
  await app.register(accountsPlugin);
  // The members' socket.io channel (platform/realtime): pushes member events to their open pages.
  await app.register(realtimePlugin);
  await app.register(operationsPlugin);
  await app.register(gamesPlugin);
  await app.register(invitePlugin);
  await app.register(walletPlugin);
  await app.register(depositsPlugin);
  await app.register(refundPlugin);
  await app.register(withdrawalsPlugin);
  await app.register(bonusPlugin);
  await app.register(spinPlugin);
  await app.register(statementPlugin);
  await app.register(chatPlugin);
  await app.register(chatSupportPlugin);
  await app.register(opsPlugin);
  await app.register(releasesPlugin);
  await app.register(staticRoutes);

  return app;
}
