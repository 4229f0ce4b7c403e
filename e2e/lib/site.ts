import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { assertNoCspViolations, recordCspViolation } from './csp';

export const repoRoot = resolve(__dirname, '..', '..');

export interface Site {
  url: string;
  port: number;
  dataDir: string;
  server: ChildProcess;
  /**
   * Stops the server process (SIGTERM, as a deployment does) and starts it again on the same port, data folder and
   * environment; `server` is then the new process. With DATABASE_URL memory:// the database starts empty again:
   * a scenario about what survives a restart starts the site with `env: { DATABASE_URL: '' }` (embedded PGlite on
   * disk under the data folder).
   */
  restart(): Promise<void>;
  /** Calls the operator CLI exactly as an operator would (`npm run ops -- ...`). */
  ops(...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForServer(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/lookup/active`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer within 60 s:\n${log()}`);
}

/**
 * Starts the built server (server/dist) on a free port with a fresh in-memory database (from the run's migrated
 * template) and its own data folder,
 * serving the built front ends from `staticRoot` (the repository by default).
 */
export async function startSite(
  options: { staticRoot?: string; env?: Record<string, string> } = {},
): Promise<Site> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wallet-e2e-'));
  let output = '';
  const spawnServer = () => {
    const child = spawn(process.execPath, [join(repoRoot, 'server', 'dist', 'main.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: 'memory://',
        // One migrated empty database for every site of the run, loaded instead of PGlite's initdb and the
        // migrations at each start (docs/server.md, PGLITE_TEMPLATE_DIR); the first start writes it.
        PGLITE_TEMPLATE_DIR: join(tmpdir(), 'wallet-e2e-pglite'),
        STATIC_ROOT: options.staticRoot ?? repoRoot,
        SANDBOX: '1',
        // A clean site: the demo member without the demo's history (a scenario about the demo passes '1').
        DEMO_SEED: '0',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    child.stdout?.on('data', (d: Buffer) => {
      output += d.toString();
      // The server logs each browser CSP report (POST /csp-report) as a warning: a violation of the scenario.
      pending += d.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines)
        if (line.includes('"msg":"csp-report"')) recordCspViolation({ from: 'report', detail: line });
    });
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    return child;
  };
  const stopServer = async (child: ChildProcess) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  let server = spawnServer();
  const url = `http://127.0.0.1:${port}`;
  await waitForServer(url, server, () => output);

  return {
    url,
    port,
    dataDir,
    get server() {
      return server;
    },
    async restart() {
      await stopServer(server);
      server = spawnServer();
      await waitForServer(url, server, () => output);
    },
    ops: (...args: string[]) =>
      new Promise((resolveOps, reject) => {
        const child = spawn('npm', ['run', '--silent', 'ops', '--', ...args], {
          cwd: repoRoot,
          env: { ...process.env, PORT: String(port), DATA_DIR: dataDir },
        });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.on('exit', (code) =>
          code === 0 ? resolveOps(out) : reject(new Error(`ops ${args.join(' ')}: ${out}`)),
        );
      }),
    async stop() {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
      // A report that arrived after the last scenario's check still fails the file.
      assertNoCspViolations('reported after the last scenario');
    },
  };
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}
