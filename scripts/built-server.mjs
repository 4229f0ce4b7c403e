// The built server (server/dist/main.js) for the scripts that measure it: a free loopback port, and the server
// started on it with a fresh in-memory database in a data folder of its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './apps.mjs';

/** A loopback port nothing listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server with the caller's environment and `env` over it (PORT, DATA_DIR, an in-memory database
 * and LOG_LEVEL=warn are set here), and waits up to a minute until it answers `GET /api/lookup/active`. Answers its
 * URL and `stop()`, which ends it and removes its data folder.
 */
export async function startBuiltServer(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-bench-'));
  let output = '';
  const server = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: 'memory://',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      if ((await fetch(`${url}/api/lookup/active`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not start:\n${output}`);
}
