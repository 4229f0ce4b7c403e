/**
 * The remotes of the site, read from the one list every tool reads: remotes.json at the repository root (next to
 * this server's package). The server needs, per remote, its folder (`/remotes/<folder>/`, `remote.<folder>.enabled`,
 * releases), its federation scope (the name the shells register it under) and the modules the shells load from it
 * (the release check, features/releases/compat.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serverRoot } from './paths';

/** A remote's folder: `mfe-<x>`, the directory of its package and of its files under `/remotes/`. */
export type RemoteFolder = `mfe-${string}`;

export interface Remote {
  folder: RemoteFolder;
  /** The Module Federation name the shells register it under: the folder with `_` (`mfe-auth` → `mfe_auth`). */
  scope: string;
  /** The modules the member shell loads from it (`./Login`), as its manifest names its exposes. */
  hostModules: readonly string[];
  /** The modules the operators' console loads from it (its screens). */
  consoleModules: readonly string[];
}

/** Where the list is: the repository root, one level above the server package (src/ or dist/ alike). */
export const REMOTES_FILE = path.join(serverRoot, '..', 'remotes.json');

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Parses remotes.json; throws, naming the entry, when one does not have the shape the server relies on. */
export function parseRemotes(text: string): Remote[] {
  const doc = JSON.parse(text) as { remotes?: unknown };
  if (!Array.isArray(doc.remotes)) throw new Error('remotes.json: no "remotes" list');
  return doc.remotes.map((entry: unknown, index) => {
    const { folder, scope, hostModules, consoleModules } = (entry ?? {}) as Record<string, unknown>;
    const valid =
      typeof folder === 'string' &&
      /^mfe-[a-z]+$/.test(folder) &&
      scope === folder.replace('-', '_') &&
      isStrings(hostModules) &&
      isStrings(consoleModules);
    if (!valid)
      throw new Error(`remotes.json: remote #${index + 1} needs folder mfe-<x>, scope mfe_<x> and modules`);
    return { folder: folder as RemoteFolder, scope, hostModules, consoleModules };
  });
}

/** The remotes, in the list's order. */
export const REMOTES: readonly Remote[] = parseRemotes(readFileSync(REMOTES_FILE, 'utf8'));

export const REMOTE_FOLDERS: readonly RemoteFolder[] = REMOTES.map((remote) => remote.folder);

/** The entry of a folder, or undefined when the list has no such remote. */
export const remoteByFolder = (folder: string): Remote | undefined =>
  REMOTES.find((remote) => remote.folder === folder);
