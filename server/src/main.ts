// First: with tracing on (OTEL_* variables), the OpenTelemetry SDK must hook require before fastify, pg and
// ioredis are loaded by the imports below (docs/operations.md "Traces").
import { shutdownTelemetry } from './telemetry';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { DEMO, seedDemoMember } from './features/accounts/demo-member';
import { seedDemo } from './demo-seed';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, process.argv.slice(2));
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const app = await buildApp(config);
  // The demo member (a published password) and its history exist only in the sandbox demo, never in production.
  let seeded = false;
  if (config.sandbox && config.demoSeed) {
    try {
      seeded = (await seedDemo(app)).created;
    } catch (err) {
      // The demo stays usable without its history: say why, and start.
      app.log.error({ err }, 'demo seed failed');
    }
  } else if (config.sandbox) seeded = await seedDemoMember(app);

  // Graceful drain: on SIGTERM (or SIGINT) /health/ready answers 503 and wallet_ready is 0 at once, while the process
  // keeps serving for SHUTDOWN_DRAIN_MS so the balancer stops sending it traffic; then app.close() finishes the
  // requests in progress and the job run in progress, and the process exits. A second signal closes at once.
  let closing: Promise<void> | undefined;
  let drain: { timer: NodeJS.Timeout; end: () => void } | undefined;
  const shutdown = (signal: string): void => {
    if (closing) {
      if (drain) {
        app.log.info({ signal }, 'second signal: closing now');
        clearTimeout(drain.timer);
        drain.end();
      }
      return;
    }
    app.beginShutdown();
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining');
    closing = new Promise<void>((resolve) => {
      const end = (): void => {
        drain = undefined;
        resolve();
      };
      drain = { timer: setTimeout(end, config.shutdownDrainMs), end };
    })
      .then(() => app.close())
      // The spans still buffered are exported before the process ends.
      .then(() => shutdownTelemetry().catch(() => undefined))
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: '0.0.0.0' });
  const url = `http://localhost:${config.port}`;
  const db =
    app.ctx.dbKind === 'postgres'
      ? 'PostgreSQL'
      : app.ctx.dbKind === 'pglite-memory'
        ? 'PGlite (memory)'
        : `PGlite (${path.join(config.dataDir, 'pglite')})`;
  const lines = [
    '',
    `  Wallet site running at ${url}`,
    `  API docs:    ${url}/docs`,
    `  Health:      ${url}/health/ready; metrics: ${url}/metrics (X-Ops-Secret)${config.metricsPort ? `, http://127.0.0.1:${config.metricsPort}/metrics` : ''}`,
    `  Database:    ${db}${config.laos ? '; Laos build' : ''}`,
  ];
  if (config.sandbox) {
    lines.push(
      '  Mode:        sandbox demo: no real money (payments, bank transfers, slips, SMS and games are simulated);',
      '               /sandbox routes that move money or show codes answer only on this machine (or with X-Ops-Secret).',
      `  Demo login:  phone ${DEMO.username}, password ${DEMO.password}${seeded ? ' (created now)' : ''}`,
      `  SMS outbox:  ${url}/sandbox/sms (from this machine)`,
    );
  } else {
    lines.push(
      `  Mode:        ${config.production ? 'production' : 'sandbox off'}; SMS ${config.sms?.provider ?? 'NOT CONFIGURED'}, ` +
        `slips ${config.slipVerifier?.provider ?? 'NOT CONFIGURED (slips stay PROCESSING)'}`,
    );
  }
  if (!existsSync(path.join(config.staticRoot, 'host', 'dist', 'index.html'))) {
    lines.push(
      `  Note: ${path.join(config.staticRoot, 'host', 'dist')} is missing: build the front end first.`,
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  console.error('server failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
