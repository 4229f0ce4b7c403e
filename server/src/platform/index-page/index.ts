/**
 * The host's `index.html`, rendered per request (docs/architecture.md "First load"). The built file
 * (host/dist/index.html) is read once and again whenever its mtime changes (a new host release shows without a
 * restart); each answer then carries, for the route asked for:
 *
 * - `<html lang>`, the page title and the shell's frame (top bar, menus, the page's skeleton or prerendered first
 *   screen) in the member's language: the `i18next` cookie the client writes when the language changes, else the
 *   site's default language (Thai; Lao in the Laos build). The frame, the titles and the route table come from
 *   host/dist/page-frame.json, which the host's build renders from its React shell (host/src/shell/page-frame.tsx):
 *   the server fills in the site's name and the page's slot only. The host removes the frame when React has
 *   rendered the real shell;
 * - the remotes map with the operator's enabled flags as a JSON data block (`<script type="application/json"
 *   id="remotes">`, which CSP does not run), so the first load makes no `/remotes.json` request;
 * - preload hints for the route's remote: its manifest, its `remoteEntry.js` and the exposed module's chunks as
 *   its mf-manifest.json lists them (read from disk, cached by mtime; the remote's active release when one is
 *   recorded, features/releases), and the host's chunks the route needs.
 *
 * The parts: html.ts (escaping), remote-assets.ts (the remotes and their build files), page-frame.ts (the build's
 * frame and table), member-screen.ts (a member's first screen), render.ts (the page), files.ts (the files, cached).
 */
export { escapeHtml, jsonForScript } from './html';
export {
  remoteDirectory,
  remoteEntry,
  remoteNameOf,
  parseChunkList,
  parseManifest,
  parsePrerenderIndex,
  type PrerenderIndex,
  type PrerenderedScreen,
  type RemoteAssets,
  type RemoteDescriptor,
  type RemoteModuleId,
} from './remote-assets';
export {
  fillMemberScreen,
  formatMinor,
  memberPlaceholders,
  type FirstScreen,
  type MemberPageFacts,
} from './member-screen';
export { parsePageFrame, routeFor, type FrameKind, type PageFrame, type PageRoute } from './page-frame';
export {
  HTML_LANG,
  LOCALE_COOKIE,
  pageLocale,
  renderIndexPage,
  type IndexPageInput,
  type SiteBlock,
} from './render';
export { IndexPageFiles, pageEtag, type RemoteSources } from './files';
