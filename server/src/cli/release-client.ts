/**
 * Release CLI logic (see release.ts, docs/releases.md). It runs on the server's machine: it copies a remote's
 * build into DATA_DIR/releases/<folder>/<version>/ itself, then asks the running server (with the ops secret, on
 * http://127.0.0.1:$PORT) to activate that version, which checks it against the live host first.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../platform/config';
import { readSecrets, secretsPath } from '../platform/secrets';
import { REMOTE_FOLDERS } from '../platform/settings';
import { remoteFolderOf, StorageError, storeBuild, VERSION_PATTERN } from '../features/releases/storage';

const USAGE = `Usage: npm run release -- <command>
  <remote> <build-dir> [name]     store the build (as its content hash, or the name given) and release it
  <remote> <version>              release a version stored before
  list                            every remote's active version and its release history
  rollback <remote>               back to the release that was active before

Remotes: ${REMOTE_FOLDERS.join(', ')}
A release is refused, and nothing changes, when the build does not fit the live host (its shared singletons'
required versions, the modules the host loads); each reason is printed. See docs/releases.md.`;

interface Envelope {
  code: string;
  message?: string;
  data?: unknown;
}

class ReleaseCallError extends Error {
  constructor(
    readonly code: string,
    readonly detail: string | undefined,
  ) {
    super(code);
  }
}

type Api = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

function client(base: string, secret: string): Api {
  return async (method, urlPath, body) => {
    let res: Response;
    try {
      res = await fetch(`${base}${urlPath}`, {
        method,
        headers: {
          'x-ops-secret': secret,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      throw new Error(`The server is not running on ${base} (start it with npm start, or set PORT).`);
    }
    const json = (await res.json().catch(() => ({ code: `HTTP_${res.status}` }))) as Envelope;
    if (!res.ok) throw new ReleaseCallError(json.code, json.message);
    return json.data;
  };
}

/** A refusal's reasons one per line: the server's message is `<what>: <reason>; <reason>…`. */
function errorLines(e: unknown): string[] {
  if (!(e instanceof ReleaseCallError)) return [e instanceof Error ? e.message : String(e)];
  const detail = e.detail && e.detail !== e.code ? e.detail : undefined;
  if (!detail) return [`Refused: ${e.code}${e.code === 'KEY_INVALID' ? ' (wrong ops secret?)' : ''}`];
  const colon = detail.indexOf(': ');
  if (colon < 0 || !detail.includes(' does not fit ')) return [`Refused (${e.code}): ${detail}`];
  return [
    `Refused (${e.code}): ${detail.slice(0, colon)}:`,
    ...detail
      .slice(colon + 2)
      .split('; ')
      .map((reason) => `  - ${reason}`),
  ];
}

interface Change {
  folder: string;
  version: string | null;
  previous: string | null;
}
interface ReleaseRow {
  version: string;
  releasedBy: string;
  releasedAt: string;
  active: boolean;
  rolledBackBy: string | null;
  rolledBackAt: string | null;
}
interface Remote {
  folder: string;
  active: string | null;
  history: ReleaseRow[];
  stored: string[];
}

const isObject = (v: unknown): v is { [key: string]: unknown } => typeof v === 'object' && v !== null;
const asChange = (v: unknown): Change | undefined =>
  isObject(v) && 'folder' in v ? (v as unknown as Change) : undefined;
const served = (version: string | null): string => version ?? 'its own build (<folder>/dist)';

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** Runs one release command; returns the exit code. Output goes through `out` and `err`. */
export async function runRelease(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): Promise<number> {
  const [command, arg, name] = argv;
  if (!command || command === 'help' || command === '--help') {
    out(USAGE);
    return command ? 0 : 1;
  }
  const config = loadConfig(env);
  const secret = config.opsSecret ?? readSecrets(config.dataDir)?.opsSecret;
  if (!secret) {
    err(`No ops secret in ${secretsPath(config.dataDir)}: start the server once (npm start).`);
    return 1;
  }
  const api = client(`http://127.0.0.1:${config.port}`, secret);
  try {
    if (command === 'list' && arg === undefined) {
      const data = await api('GET', '/api/ops/releases');
      for (const remote of Array.isArray(data) ? (data as Remote[]) : []) {
        out(`${remote.folder}: ${served(remote.active)}`);
        for (const r of remote.history) {
          const state = r.active
            ? 'active'
            : r.rolledBackAt
              ? `rolled back by ${r.rolledBackBy ?? '?'} ${r.rolledBackAt}`
              : 'earlier';
          out(`  ${r.version}  released by ${r.releasedBy} ${r.releasedAt}  ${state}`);
        }
        const never = remote.stored.filter((v) => !remote.history.some((r) => r.version === v));
        if (never.length > 0) out(`  stored, never released: ${never.join(', ')}`);
      }
      return 0;
    }
    if (command === 'rollback' && arg !== undefined && name === undefined) {
      const folder = remoteFolderOf(arg);
      if (!folder) {
        err(`Unknown remote ${arg} (one of ${REMOTE_FOLDERS.join(', ')}).`);
        return 1;
      }
      const change = asChange(await api('POST', `/api/ops/releases/${folder}/rollback`, {}));
      out(`${folder} rolled back from ${change?.previous ?? '?'} to ${served(change?.version ?? null)}.`);
      return 0;
    }
    const folder = remoteFolderOf(command);
    if (!folder || arg === undefined) {
      err(folder ? USAGE : `Unknown remote or command ${command}.\n${USAGE}`);
      return 1;
    }
    // npm runs the script in server/: a relative folder is the caller's (INIT_CWD).
    const dir = path.resolve(env.INIT_CWD ?? process.cwd(), arg);
    let version = arg;
    if (await isDirectory(dir)) {
      const stored = await storeBuild(config.dataDir, folder, dir, name);
      version = stored.version;
      out(
        stored.created
          ? `Stored ${folder} ${version} in ${path.join(config.dataDir, 'releases', folder, version)}`
          : `${folder} ${version} is already stored (same files)`,
      );
    } else if (name !== undefined || !VERSION_PATTERN.test(arg)) {
      err(`${arg} is neither a build folder nor a version name.`);
      return 1;
    }
    const change = asChange(await api('POST', `/api/ops/releases/${folder}`, { version }));
    out(
      change?.previous === version
        ? `${folder} ${version} was already the active release.`
        : `Released ${folder} ${version} (was ${served(change?.previous ?? null)}); it serves from the next page load.`,
    );
    return 0;
  } catch (e) {
    for (const line of e instanceof StorageError ? [e.message] : errorLines(e)) err(line);
    return 1;
  }
}
