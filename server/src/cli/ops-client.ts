/**
 * Operator CLI logic (see ops.ts). It talks to the running server (the PGlite data folder belongs to that one
 * process), authenticated with the ops secret from DATA_DIR/secrets.json, on http://127.0.0.1:$PORT.
 */
import { loadConfig } from '../platform/config';
import { readSecrets, secretsPath } from '../platform/secrets';

const USAGE = `Usage: npm run ops -- <command>
  list                 show every setting
  get <key>            show one setting
  set <key> <value>    change a setting (true/false, on/off, 1/0); effective at once

Keys: service.active, registerOTP, enableChatWidget, spin.active,
      remote.<mfe-auth|mfe-wallet|mfe-bonus|mfe-spin|mfe-chat>.enabled`;

interface Envelope {
  code: string;
  message?: string;
  data?: unknown;
}

async function call(base: string, secret: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-ops-secret': secret,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new Error(`The server is not running on ${base} (start it with npm start, or set PORT).`);
  }
  const json = (await res.json().catch(() => ({ code: `HTTP_${res.status}` }))) as Envelope;
  if (!res.ok) {
    const hint =
      json.code === 'NO_DATA'
        ? ' (unknown key)'
        : json.code === 'KEY_INVALID'
          ? ' (wrong secret or value)'
          : '';
    throw new Error(`${json.code}${hint}`);
  }
  return json.data;
}

const isSetting = (v: unknown): v is { key: string; value: boolean } =>
  typeof v === 'object' && v !== null && 'key' in v && 'value' in v;

/** Runs one CLI command; returns the exit code. Output goes through `out` and `err`. */
export async function runOps(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): Promise<number> {
  const [command, key, value] = argv;
  if (!command || command === 'help' || command === '--help') {
    out(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig(env);
  const secrets = readSecrets(config.dataDir);
  const secret = config.opsSecret ?? secrets?.opsSecret;
  if (!secret) {
    err(`No ops secret in ${secretsPath(config.dataDir)}: start the server once (npm start).`);
    return 1;
  }
  const base = `http://127.0.0.1:${config.port}`;
  try {
    return await dispatch(base, secret, command, key, value, out, err);
  } catch (e) {
    err(e instanceof Error ? e.message : String(e));
    return 1;
  }
}

async function dispatch(
  base: string,
  secret: string,
  command: string,
  key: string | undefined,
  value: string | undefined,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  if (command === 'list') {
    const data = await call(base, secret, 'GET', '/ops/settings');
    if (Array.isArray(data)) for (const s of data) if (isSetting(s)) out(`${s.key}=${String(s.value)}`);
    return 0;
  }
  if (command === 'get' && key) {
    const s = await call(base, secret, 'GET', `/ops/settings/${encodeURIComponent(key)}`);
    if (isSetting(s)) out(`${s.key}=${String(s.value)}`);
    return 0;
  }
  if (command === 'set' && key && value !== undefined) {
    const s = await call(base, secret, 'POST', `/ops/settings/${encodeURIComponent(key)}`, { value });
    if (isSetting(s)) out(`${s.key}=${String(s.value)}`);
    return 0;
  }
  err(USAGE);
  return 1;
}
