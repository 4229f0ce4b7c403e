// The remotes as the page names them, and the files of a remote's (and the host's) build the page reads: its
// mf-manifest.json, the host's first-load-chunks.json, a remote's prerendered first screens (platform/index-page).
import { readFile, stat } from 'node:fs/promises';
import { LOCALES, type Locale } from '../locale';
import { REMOTE_FOLDERS, REMOTES, type RemoteFolder } from '../remotes';

/** `mfe_auth/Login`: a remote's name and one of its exposed modules, as the host's routes name them. */
export type RemoteModuleId = `mfe_${string}/${string}`;

/** The remote's name as the shells register it (its `scope` in remotes.json): `mfe-auth` → `mfe_auth`. */
export const remoteNameOf = (folder: RemoteFolder): string =>
  REMOTES.find((remote) => remote.folder === folder)?.scope ?? folder.replace('-', '_');

/** The entry (manifest) the host registers for a remote; the site's CSP allows its origin. */
export const remoteEntry = (folder: RemoteFolder): string => `/remotes/${folder}/mf-manifest.json`;

export interface RemoteDescriptor {
  name: string;
  folder: RemoteFolder;
  entry: string;
  enabled: boolean;
}

/** The remotes map (`/remotes.json` and the page's data block) with the operator's enabled flags. */
export function remoteDirectory(enabled: (folder: RemoteFolder) => boolean): RemoteDescriptor[] {
  return REMOTE_FOLDERS.map((folder) => ({
    name: remoteNameOf(folder),
    folder,
    entry: remoteEntry(folder),
    enabled: enabled(folder),
  }));
}

export const folderOfName = (name: string): RemoteFolder | undefined =>
  REMOTES.find((remote) => remote.scope === name)?.folder;

/** What a remote's mf-manifest.json says the page needs: its entry script and each exposed module's chunks. */
export interface RemoteAssets {
  entry: string;
  exposes: Map<string, string[]>;
  /** Each exposed module's strings in each language: the `strings-<lang>.<hash>.js` chunks among its async assets. */
  catalogs: Map<string, Partial<Record<Locale, string[]>>>;
}

/**
 * A language's strings as a chunk of its own, content-hashed: the host's (with the shared package's) are
 * `locale-<lang>` (`webpackChunkName`); a remote's own are `strings-<lang>` (its `locale-<lang>` chunk is its copy
 * of the shared package's strings, which the page never loads: the host provides the shared package).
 */
const REMOTE_CATALOG_CHUNK = /^strings-(th|la|en)\.[0-9a-f]{8,32}\.js$/;

function catalogsOf(files: readonly string[]): Partial<Record<Locale, string[]>> {
  const found: Partial<Record<Locale, string[]>> = {};
  for (const file of files) {
    const lang = REMOTE_CATALOG_CHUNK.exec(file)?.[1] as Locale | undefined;
    if (lang) (found[lang] ??= []).push(file);
  }
  return found;
}

interface ManifestShape {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { name?: unknown; assets?: { js?: { sync?: unknown; async?: unknown } } }[];
}

export const isFileName = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/.test(value) && !value.includes('..');

/** The assets a remote's mf-manifest.json lists; file names that are not plain relative names are dropped. */
export function parseManifest(text: string): RemoteAssets | undefined {
  let doc: ManifestShape;
  try {
    doc = JSON.parse(text) as ManifestShape;
  } catch {
    return undefined;
  }
  const entryName = doc.metaData?.remoteEntry?.name;
  const entryPath = doc.metaData?.remoteEntry?.path;
  const entry = [typeof entryPath === 'string' ? entryPath : '', entryName].filter(Boolean).join('/');
  const exposes = new Map<string, string[]>();
  const catalogs = new Map<string, Partial<Record<Locale, string[]>>>();
  for (const expose of Array.isArray(doc.exposes) ? doc.exposes : []) {
    const sync = expose.assets?.js?.sync;
    const lazy = expose.assets?.js?.async;
    if (typeof expose.name !== 'string' || !Array.isArray(sync)) continue;
    exposes.set(expose.name, sync.filter(isFileName));
    catalogs.set(expose.name, catalogsOf(Array.isArray(lazy) ? lazy.filter(isFileName) : []));
  }
  return { entry: isFileName(entry) ? entry : 'remoteEntry.js', exposes, catalogs };
}

/** A file read from disk and parsed, re-read when its mtime or size changes (a new release). */
export class FileCache<T> {
  private cached: { key: string; value: T | undefined } | undefined;
  private loading: Promise<T | undefined> | undefined;

  constructor(
    private readonly file: string,
    private readonly parse: (text: string) => T | undefined,
  ) {}

  async get(): Promise<T | undefined> {
    let key: string;
    try {
      const info = await stat(this.file);
      if (!info.isFile()) return undefined;
      key = `${info.mtimeMs}:${info.size}`;
    } catch {
      this.cached = undefined;
      return undefined;
    }
    if (this.cached?.key === key) return this.cached.value;
    this.loading ??= readFile(this.file, 'utf8')
      .then((text) => {
        const value = this.parse(text);
        this.cached = { key, value };
        return value;
      })
      .catch(() => undefined)
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }
}

/** first-load-chunks.json: `{ "<import request>" | "chunk:<name>": ["file.js", …] }`; anything else is dropped. */
export function parseChunkList(text: string): Record<string, string[]> | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof doc !== 'object' || doc === null) return undefined;
  const out: Record<string, string[]> = {};
  for (const [key, files] of Object.entries(doc)) {
    if (Array.isArray(files)) out[key] = files.filter(isFileName);
  }
  return out;
}

/** One prerendered screen: its files per language, per variant ('' for a screen without variants). */
export interface PrerenderedScreen {
  /**
   * A member's screen (the balance on the home): its markup holds placeholders (`{{wallet.main}}`) the server fills
   * with the signed-in member's figures; it is painted only for a page load whose page cookie is a live session.
   */
  member: boolean;
  /** Variant ('' when none; a member screen's variants are the wallet currencies) → language → file. */
  files: Map<string, Partial<Record<Locale, string>>>;
}

/** A remote's dist/prerender/index.json (tooling/prerender): its first screens' files per language. */
export interface PrerenderIndex {
  css: string;
  screens: Map<string, PrerenderedScreen>;
}

function filesPerLocale(files: unknown): Partial<Record<Locale, string>> {
  const perLocale: Partial<Record<Locale, string>> = {};
  if (typeof files !== 'object' || files === null) return perLocale;
  for (const locale of LOCALES) {
    const file = (files as Record<string, unknown>)[locale];
    if (isFileName(file) && file.endsWith('.html')) perLocale[locale] = file;
  }
  return perLocale;
}

/**
 * `{ css, screens: { <Screen>: { <lang>: file } | { member: true, variants: { <variant>: { <lang>: file } } } } }`;
 * anything else is dropped.
 */
export function parsePrerenderIndex(text: string): PrerenderIndex | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof doc !== 'object' || doc === null) return undefined;
  const { css, screens } = doc as Record<string, unknown>;
  if (!isFileName(css) || !css.endsWith('.css') || typeof screens !== 'object' || screens === null)
    return undefined;
  const out = new Map<string, PrerenderedScreen>();
  for (const [name, entry] of Object.entries(screens)) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { member, variants } = entry as Record<string, unknown>;
    if (member === true) {
      if (typeof variants !== 'object' || variants === null) continue;
      const files = new Map<string, Partial<Record<Locale, string>>>();
      for (const [variant, perLocale] of Object.entries(variants))
        if (/^[A-Za-z0-9_-]+$/.test(variant)) files.set(variant, filesPerLocale(perLocale));
      out.set(name, { member: true, files });
    } else {
      out.set(name, { member: false, files: new Map([['', filesPerLocale(entry)]]) });
    }
  }
  return { css, screens: out };
}
