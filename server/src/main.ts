import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { attachRealtime } from './platform/realtime';
import { DEMO, seedDemoMember } from './features/accounts/demo-member';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const app = await buildApp(config);
  const seeded = await seedDemoMember(app);
  const realtime = attachRealtime(app.server, app.ctx);

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    realtime
      .close()
      .then(() => app.close())
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
    `  Database:    ${db}; sandbox adapters ${config.sandbox ? 'on' : 'off'}${config.laos ? '; Laos build' : ''}`,
    `  Demo login:  phone ${DEMO.username}, password ${DEMO.password}${seeded ? ' (created now)' : ''}`,
  ];
  if (config.sandbox) lines.push(`  SMS outbox:  ${url}/sandbox/sms`);
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
