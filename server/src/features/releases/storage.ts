/**
 * Where released builds live: DATA_DIR/releases/<folder>/<version>/, written once and never overwritten. The CLI
 * (on the server's machine) copies a build there; the server serves and checks what it finds there.
 */
import { createHash, randomBytes } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { REMOTE_FOLDERS, type RemoteFolder } from '../../platform/settings';

/** A version name: a content hash or a name the team gives (letters, digits, `.`, `_`, `-`). */
export const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const isRemoteFolder = (value: string): value is RemoteFolder =>
  (REMOTE_FOLDERS as readonly string[]).includes(value);

/** `mfe-auth` or `mfe_auth` → `mfe-auth`; undefined for anything else. */
export function remoteFolderOf(value: string): RemoteFolder | undefined {
  const folder = value.replace('_', '-');
  return isRemoteFolder(folder) ? folder : undefined;
}

/** The stored build of a version, relative to DATA_DIR (as the database keeps it). */
export const releasePathOf = (folder: RemoteFolder, version: string): string =>
  path.posix.join('releases', folder, version);

export const releasesRoot = (dataDir: string): string => path.join(dataDir, 'releases');

export const releaseDir = (dataDir: string, folder: RemoteFolder, version: string): string =>
  path.join(dataDir, releasePathOf(folder, version));

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** Every regular file under a directory, as sorted POSIX relative paths. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The content version of a build: the first 12 hex of SHA-256 over its sorted file names and their contents. */
export async function contentVersion(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const rel of await filesUnder(dir)) {
    const content = await readFile(path.join(dir, rel));
    hash.update(`${rel}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex').slice(0, 12);
}

/** The versions stored for a remote (folders under DATA_DIR/releases/<folder>), sorted. */
export async function storedVersions(dataDir: string, folder: RemoteFolder): Promise<string[]> {
  try {
    const entries = await readdir(path.join(releasesRoot(dataDir), folder), { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory() && VERSION_PATTERN.test(e.name))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

export const isStored = (dataDir: string, folder: RemoteFolder, version: string): Promise<boolean> =>
  VERSION_PATTERN.test(version) ? isDirectory(releaseDir(dataDir, folder, version)) : Promise.resolve(false);

export class StorageError extends Error {}

/**
 * Copies a remote's build into its immutable release folder; returns the version and whether it was new. The
 * version is the content hash unless a name is given. A version already stored is never overwritten: the same
 * files again are the same release; other files under a taken name are refused.
 */
export async function storeBuild(
  dataDir: string,
  folder: RemoteFolder,
  buildDir: string,
  name?: string,
): Promise<{ version: string; created: boolean }> {
  if (!(await isDirectory(buildDir))) throw new StorageError(`${buildDir} is not a directory`);
  try {
    if (!(await stat(path.join(buildDir, 'mf-manifest.json'))).isFile()) throw new Error();
  } catch {
    throw new StorageError(`${buildDir} has no mf-manifest.json: not a remote's build (npm run build)`);
  }
  if (name !== undefined && !VERSION_PATTERN.test(name))
    throw new StorageError(
      `version name ${JSON.stringify(name)}: letters, digits, ".", "_", "-" (at most 64)`,
    );
  const hash = await contentVersion(buildDir);
  const version = name ?? hash;
  const dest = releaseDir(dataDir, folder, version);
  if (await isDirectory(dest)) {
    if ((await contentVersion(dest)) === hash) return { version, created: false };
    throw new StorageError(`${folder} ${version} is already stored with other files; releases are immutable`);
  }
  const parent = path.dirname(dest);
  await mkdir(parent, { recursive: true });
  // Copied beside its place, then renamed: a version folder is complete or absent.
  const temp = path.join(parent, `.incoming-${randomBytes(6).toString('hex')}`);
  try {
    await cp(buildDir, temp, { recursive: true, errorOnExist: true, force: false });
    await rename(temp, dest);
  } catch (e) {
    await rm(temp, { recursive: true, force: true });
    if (await isDirectory(dest)) return { version, created: false };
    throw e;
  }
  return { version, created: true };
}
