/**
 * Does a remote's build fit the live host? Checked before a release is activated (docs/releases.md "The check"):
 * - every shared singleton the build declares (react, react-dom, single-spa, single-spa-react, @wallet/shared)
 *   has a `requiredVersion` the host's provided version satisfies (the host's own mf-manifest.json);
 * - the build exposes every module the host and the operators' console load from it (`hostModules` and
 *   `consoleModules` of remotes.json).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { remoteByFolder, type RemoteFolder } from '../../platform/remotes';

/**
 * The modules the shells load from a remote, as remotes.json lists them: the host's (`hostModules`: the routes of
 * host/src/routes.tsx, the bonus-conditions modal, the chat widget) and the operators' console's (`consoleModules`:
 * the screens of ops-console/src/menu.ts). A remote's manifest names them `./Name` (its `exposes` keys); a release
 * without one would leave a page or a console screen empty, so it is refused.
 */
function modulesOf(folder: RemoteFolder): { host: readonly string[]; console: readonly string[] } {
  const remote = remoteByFolder(folder);
  return { host: remote?.hostModules ?? [], console: remote?.consoleModules ?? [] };
}

/**
 * The singletons the page has one instance of (tooling/webpack.app.js SINGLETONS; `react-dom/client` is checked
 * as its own entry, with react-dom's version).
 */
export const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'single-spa',
  'single-spa-react',
  '@wallet/shared',
  '@wallet/shared/query',
  '@tanstack/react-query',
];

/** The parts of an mf-manifest.json (@module-federation/sdk `Manifest`) the check reads. */
interface SharedEntry {
  name: string;
  version?: string;
  singleton?: boolean;
  requiredVersion?: string;
}
export interface ManifestFacts {
  shared: SharedEntry[];
  /** Exposed modules as `./Name`. */
  exposes: string[];
}

/** The shared entries and exposed modules of a manifest; undefined when it is not a manifest. */
export function manifestFacts(text: string): ManifestFacts | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof doc !== 'object' || doc === null) return undefined;
  const { shared, exposes } = doc as { shared?: unknown; exposes?: unknown };
  const entries: SharedEntry[] = [];
  for (const item of Array.isArray(shared) ? (shared as unknown[]) : []) {
    if (typeof item !== 'object' || item === null) continue;
    const s = item as Record<string, unknown>;
    if (typeof s.name !== 'string') continue;
    entries.push({
      name: s.name,
      ...(typeof s.version === 'string' ? { version: s.version } : {}),
      ...(typeof s.singleton === 'boolean' ? { singleton: s.singleton } : {}),
      ...(typeof s.requiredVersion === 'string' ? { requiredVersion: s.requiredVersion } : {}),
    });
  }
  const exposed: string[] = [];
  for (const item of Array.isArray(exposes) ? (exposes as unknown[]) : []) {
    if (typeof item !== 'object' || item === null) continue;
    const e = item as Record<string, unknown>;
    // `path` is the exposes key (`./Login`); `name` the same without `./`.
    if (typeof e.path === 'string') exposed.push(e.path);
    else if (typeof e.name === 'string') exposed.push(`./${e.name.replace(/^\.\//, '')}`);
  }
  return { shared: entries, exposes: exposed };
}

async function readManifest(file: string): Promise<ManifestFacts | string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return `no manifest at ${file}`;
  }
  return manifestFacts(text) ?? `${file} is not a Module Federation manifest`;
}

/** The problems of a remote's build against the host, one sentence each; none: it fits. */
export function compatibilityProblems(
  folder: RemoteFolder,
  remote: ManifestFacts,
  host: ManifestFacts,
): string[] {
  const problems: string[] = [];
  for (const name of SINGLETONS) {
    const wanted = remote.shared.find((s) => s.name === name);
    if (!wanted?.requiredVersion) continue;
    const provided = host.shared.find((s) => s.name === name)?.version;
    if (!provided) {
      problems.push(`${name}: needs ${wanted.requiredVersion}, the host does not provide it`);
      continue;
    }
    const fits =
      semver.validRange(wanted.requiredVersion) !== null &&
      semver.satisfies(provided, wanted.requiredVersion, { includePrerelease: true });
    if (!fits) problems.push(`${name}: needs ${wanted.requiredVersion}, host has ${provided}`);
  }
  const modules = modulesOf(folder);
  for (const module of modules.host)
    if (!remote.exposes.includes(module)) problems.push(`missing exposed module ${module}`);
  for (const module of modules.console)
    if (!remote.exposes.includes(module))
      problems.push(`missing exposed module ${module} (the operators' console loads it)`);
  return problems;
}

/** The host's manifest: STATIC_ROOT/host/dist/mf-manifest.json. */
export const hostManifestPath = (staticRoot: string): string =>
  path.join(staticRoot, 'host', 'dist', 'mf-manifest.json');

/** Checks a stored build (a directory with mf-manifest.json) against the live host; returns the problems. */
export async function checkBuild(
  folder: RemoteFolder,
  buildDir: string,
  staticRoot: string,
): Promise<string[]> {
  const [remote, host] = await Promise.all([
    readManifest(path.join(buildDir, 'mf-manifest.json')),
    readManifest(hostManifestPath(staticRoot)),
  ]);
  const problems: string[] = [];
  if (typeof remote === 'string') problems.push(remote);
  if (typeof host === 'string')
    problems.push(`${host}: the host must be built to check a release against it`);
  if (typeof remote === 'string' || typeof host === 'string') return problems;
  return compatibilityProblems(folder, remote, host);
}
