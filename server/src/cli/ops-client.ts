/**
 * Operator CLI logic (see ops.ts). It talks to the running server (the PGlite data folder belongs to that one
 * process), authenticated with the ops secret from DATA_DIR/secrets.json, on http://127.0.0.1:$PORT.
 */
import { loadConfig } from '../platform/config';
import { REMOTE_FOLDERS } from '../platform/remotes';
import { readSecrets, secretsPath } from '../platform/secrets';
import { CATALOGUE_NOTES, CATALOGUE_USAGE, catalogueCommand, type OpsApi } from './ops-bonus';
import { WHEEL_NOTES, WHEEL_USAGE, spinOpsCommand, type SpinOpsApi } from './ops-wheel';
import { OPERATORS_USAGE, isOperatorsCommand, operatorsCommand, type OperatorsApi } from './ops-operators';

const USAGE = `Usage: npm run ops -- <command>
  list                            show every setting
  get <key>                       show one setting
  set <key> <value>               change a setting (true/false, on/off, 1/0); effective at once
${CATALOGUE_USAGE}
${WHEEL_USAGE}
${OPERATORS_USAGE}

Keys: service.active, registerOTP, enableChatWidget, spin.active, invite.active, refund.active,
      remote.<${REMOTE_FOLDERS.join('|')}>.enabled

${CATALOGUE_NOTES}
${WHEEL_NOTES}`;

interface Envelope {
  code: string;
  message?: string;
  field?: string;
  data?: unknown;
}

/** A refusal by the server: its catalogue code, message and field (a 400's message lists the problems). */
class OpsCallError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string | undefined,
    readonly field: string | undefined,
  ) {
    super(code);
  }
}

async function call(
  base: string,
  secret: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
) {
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
  if (!res.ok) throw new OpsCallError(json.code, json.message, json.field);
  return json.data;
}

/** The lines an error prints: a server's problems one per line, or its code with a hint. */
function errorLines(e: unknown): string[] {
  if (!(e instanceof OpsCallError)) return [e instanceof Error ? e.message : String(e)];
  if (e.detail && e.detail !== e.code)
    return [`${e.code}:`, ...e.detail.split('; ').map((problem) => `  - ${problem}`)];
  if (e.field) return [`${e.code}: ${e.field}`];
  const hint =
    e.code === 'NO_DATA'
      ? ' (unknown key or code)'
      : e.code === 'KEY_INVALID'
        ? ' (wrong secret or value)'
        : '';
  return [`${e.code}${hint}`];
}

const isSetting = (v: unknown): v is { key: string; value: boolean } =>
  typeof v === 'object' && v !== null && 'key' in v && 'value' in v;

/** Runs one CLI command; returns the exit code. Output goes through `out` and `err`. */
export async function runOps(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
  stdin: () => Promise<string> = readStdin,
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
    if (command === 'bonus' || command === 'promotion') {
      const api: OpsApi = (method, path, body) => call(base, secret, method, path, body);
      const code = await catalogueCommand(api, command, argv.slice(1), { out, stdin });
      if (code !== undefined) return code;
      err(USAGE);
      return 1;
    }
    if (command === 'wheel' || command === 'coins') {
      const api: SpinOpsApi = (method, path, body) => call(base, secret, method, path, body);
      const code = await spinOpsCommand(api, command, argv.slice(1), { out, stdin });
      if (code !== undefined) return code;
      err(USAGE);
      return 1;
    }
    if (isOperatorsCommand(command)) {
      const api: OperatorsApi = (method, path, body) => call(base, secret, method, path, body);
      const code = await operatorsCommand(api, command, argv.slice(1), { out, stdin });
      if (code !== undefined) return code;
      err(USAGE);
      return 1;
    }
    return await dispatch(base, secret, command, key, value, out, err);
  } catch (e) {
    for (const line of errorLines(e)) err(line);
    return 1;
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
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
    const data = await call(base, secret, 'GET', '/api/ops/settings');
    if (Array.isArray(data)) for (const s of data) if (isSetting(s)) out(`${s.key}=${String(s.value)}`);
    return 0;
  }
  if (command === 'get' && key) {
    const s = await call(base, secret, 'GET', `/api/ops/settings/${encodeURIComponent(key)}`);
    if (isSetting(s)) out(`${s.key}=${String(s.value)}`);
    return 0;
  }
  if (command === 'set' && key && value !== undefined) {
    const s = await call(base, secret, 'POST', `/api/ops/settings/${encodeURIComponent(key)}`, { value });
    if (isSetting(s)) out(`${s.key}=${String(s.value)}`);
    return 0;
  }
  err(USAGE);
  return 1;
}
