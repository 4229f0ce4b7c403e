// The host's template and the remotes' files under a static root, each re-read when it changes, and the page
// rendered from them for a request (platform/index-page).
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../locale';
import type { RemoteFolder } from '../settings';
import { fillMemberScreen, type FirstScreen, type MemberPageFacts } from './member-screen';
import { parsePageFrame, routeFor, type PageFrame } from './page-frame';
import {
  FileCache,
  folderOfName,
  parseChunkList,
  parseManifest,
  parsePrerenderIndex,
  type PrerenderIndex,
  type RemoteAssets,
  type RemoteModuleId,
} from './remote-assets';
import { renderIndexPage, type IndexPageInput } from './render';

// Files

/**
 * Where a remote's files are served from when releases are recorded (features/releases): the active release's
 * directory (undefined: none, the remote's own `<folder>/dist`) and the earlier releases' directories, whose
 * content-hashed chunks stay reachable for a page loaded before a switch.
 */
export interface RemoteSources {
  activeDir(folder: RemoteFolder): Promise<string | undefined>;
  earlierDirs(folder: RemoteFolder): Promise<string[]>;
}

/** The host's template and the remotes' manifests under a static root, each re-read when it changes. */
export class IndexPageFiles {
  private readonly template: FileCache<string>;
  /** The page table and the shell's frames, rendered by the host's build (host/src/shell/page-frame.tsx). */
  private readonly frame: FileCache<PageFrame>;
  private readonly hostChunks: FileCache<Record<string, string[]>>;
  /** Parsed files by their full path: a release switch changes the path, a rebuild in place the mtime. */
  private readonly manifests = new Map<string, FileCache<RemoteAssets>>();
  private readonly prerendered = new Map<string, FileCache<PrerenderIndex>>();
  private readonly screenFiles = new Map<string, FileCache<string>>();

  constructor(
    private readonly staticRoot: string,
    private readonly sources?: RemoteSources,
  ) {
    this.template = new FileCache(path.join(staticRoot, 'host', 'dist', 'index.html'), (text) => text);
    this.frame = new FileCache(path.join(staticRoot, 'host', 'dist', 'page-frame.json'), parsePageFrame);
    this.hostChunks = new FileCache(
      path.join(staticRoot, 'host', 'dist', 'first-load-chunks.json'),
      parseChunkList,
    );
  }

  /** The directory a remote is served from now: its active release, else `<folder>/dist`. */
  async remoteDir(folder: RemoteFolder): Promise<string> {
    return (await this.sources?.activeDir(folder)) ?? path.join(this.staticRoot, folder, 'dist');
  }

  private static cached<T>(
    map: Map<string, FileCache<T>>,
    file: string,
    parse: (text: string) => T | undefined,
  ): FileCache<T> {
    let cache = map.get(file);
    if (!cache) {
      cache = new FileCache(file, parse);
      map.set(file, cache);
    }
    return cache;
  }

  /**
   * The route module's prerendered first screen in a language, when the remote's build made one. A member screen
   * only with the member's figures (`facts`, asked for only then), filled in.
   */
  async firstScreenOf(
    folder: RemoteFolder,
    module: RemoteModuleId,
    locale: Locale,
    facts?: () => Promise<MemberPageFacts | undefined>,
  ): Promise<{ screen: FirstScreen; member?: MemberPageFacts } | undefined> {
    const dir = await this.remoteDir(folder);
    const index = await IndexPageFiles.cached(
      this.prerendered,
      path.join(dir, 'prerender', 'index.json'),
      parsePrerenderIndex,
    ).get();
    const entry = index?.screens.get(module.slice(module.indexOf('/') + 1));
    if (!index || !entry) return undefined;
    const member = entry.member ? await facts?.() : undefined;
    if (entry.member && !member) return undefined;
    const file = entry.files.get(member ? member.currency : '')?.[locale];
    if (!file) return undefined;
    const html = await IndexPageFiles.cached(this.screenFiles, path.join(dir, file), (text) => text).get();
    if (html === undefined) return undefined;
    const css = `/remotes/${folder}/${index.css}`;
    return member
      ? { screen: { module, html: fillMemberScreen(html, member), css }, member }
      : { screen: { module, html, css } };
  }

  /** The built index.html, or undefined when the host is not built. */
  templateHtml(): Promise<string | undefined> {
    return this.template.get();
  }

  /** The parsed manifest of a remote (undefined when it is missing or not JSON). */
  async assetsOf(folder: RemoteFolder): Promise<Map<RemoteFolder, RemoteAssets>> {
    const file = path.join(await this.remoteDir(folder), 'mf-manifest.json');
    const found = await IndexPageFiles.cached(this.manifests, file, parseManifest).get();
    return found ? new Map([[folder, found]]) : new Map();
  }

  async hasManifest(locale: Locale): Promise<boolean> {
    try {
      return (
        await stat(path.join(this.staticRoot, 'host', 'dist', `manifest.${locale}.webmanifest`))
      ).isFile();
    } catch {
      return false;
    }
  }

  /**
   * Renders the page for a request; undefined when the host is not built. `memberFacts`: the figures of the page
   * cookie's member, asked for only when the route's first screen is a member screen; `personal` says the page
   * holds them (it must not be stored by any cache).
   */
  async render(
    input: Omit<IndexPageInput, 'manifest' | 'firstScreen' | 'member'>,
    memberFacts?: () => Promise<MemberPageFacts | undefined>,
  ): Promise<{ html: string; personal: boolean } | undefined> {
    const [template, frame] = await Promise.all([this.templateHtml(), this.frame.get()]);
    if (template === undefined) return undefined;
    const { route } = routeFor(frame, input.pathname);
    const name = route.module?.slice(0, route.module.indexOf('/'));
    const folder = name ? folderOfName(name) : undefined;
    const assets = folder ? await this.assetsOf(folder) : new Map<RemoteFolder, RemoteAssets>();
    const [manifest, hostChunks, first] = await Promise.all([
      this.hasManifest(input.locale),
      this.hostChunks.get(),
      folder && route.module && input.remotes.some((r) => r.name === name && r.enabled)
        ? this.firstScreenOf(folder, route.module, input.locale, memberFacts)
        : undefined,
    ]);
    const html = renderIndexPage(
      template,
      {
        ...input,
        manifest,
        ...(hostChunks ? { hostChunks } : {}),
        ...(first ? { firstScreen: first.screen } : {}),
        ...(first?.member ? { member: first.member } : {}),
      },
      assets,
      frame,
    );
    return { html, personal: first?.member !== undefined };
  }
}

/** A weak ETag of a rendered page (it differs per language, route and settings). */
export const pageEtag = (html: string): string =>
  `W/"${createHash('sha1').update(html).digest('base64url').slice(0, 27)}"`;
