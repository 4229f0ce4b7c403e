import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

const repo = path.resolve(__dirname, '../..');
/** The end of a server's output kept for an error message (its start-up failure, its last log lines). */
const KEPT_OUTPUT = 64 * 1024;

/** A port free on 127.0.0.1 now (the server is started on it next). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  /** The end of what it wrote (stdout and stderr). */
  output: () => string;
  /** Sends `signal` (SIGTERM by default) and answers the exit code once it exited. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * The real server as `npm start` runs it (server/src/main.ts through tsx, telemetry.ts loaded first) on `port`,
 * with the test's environment over this process's; answers once `readyPath` answers 200 (within 60 s), else
 * throws with what the server wrote. `onLine` is told each line of its stdout (pino's JSON lines).
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  opts: { readyPath?: string; onLine?: (line: string) => void } = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repo, 'server/src/main.ts')], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-KEPT_OUTPUT);
  };
  let partial = '';
  child.stdout?.on('data', (d: Buffer) => {
    keep(d);
    if (!opts.onLine) return;
    partial += d.toString();
    const lines = partial.split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) opts.onLine(line);
  });
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    child,
    base,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
    try {
      const res = await fetch(`${base}${opts.readyPath ?? '/api/lookup/active'}`);
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`server did not start within 60 s: ${output}`);
}
