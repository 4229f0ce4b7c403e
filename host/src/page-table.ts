import type { RemoteModuleId } from '@wallet/shared/federation';

/**
 * The site's pages as data: the one route table. host/src/routes.tsx builds the React routes from it, and the
 * host's build writes it into host/dist/page-frame.json (shell/page-frame.tsx) beside the frame it renders for
 * each page, which the server reads to paint a page's frame, title and preload hints (docs/architecture.md
 * "First load"). Nothing here imports React: the build reads it under Node.
 */

/** Which shell frame a page is painted in: the signed-out one, the member's, or none (bare pages). */
export type FrameKind = 'public' | 'member' | 'none';

export interface PageEntry {
  frame: FrameKind;
  /** The `host` catalogue key of the page's title (`titles.login`; the terminated page: `terminated.pageTitle`). */
  title: string;
  /** The title alone, without the site's name. */
  bare?: boolean;
  /** The remote module the page mounts. */
  module?: RemoteModuleId;
  /**
   * The host's lazy chunks the page needs at once, as host/dist/first-load-chunks.json names them: the request
   * of an `import()` in routes.tsx (`./shell/member-shell`) or `chunk:<name>` (tooling/webpack.app.js).
   */
  hostChunks?: readonly string[];
}

/** The HTTP client (axios), which the shared client loads on demand (not before a visitor's first sign-in intent). */
const HTTP_CHUNK = 'chunk:http';

/**
 * The signed-in shell (a lazy route), the realtime client it starts while a session exists and the HTTP client
 * (a member's page calls the API at once, a visitor's first screen does not).
 */
const MEMBER_CHUNKS = ['./shell/member-shell', 'chunk:socket-io', HTTP_CHUNK] as const;

/**
 * Every page by its path; `/user/*` is a signed-in path that does not exist (the member shell's not-found page),
 * `*` any other unknown path (the bare not-found page). A signed-in page gets the member frame even though the
 * server cannot know the session: a visitor without one is sent to /login by the host.
 */
export const PAGES = {
  '/login': { frame: 'public', title: 'titles.login', module: 'mfe_auth/Login' },
  // Pages that call the API as they open get the HTTP client's chunk at once.
  '/register': {
    frame: 'public',
    title: 'titles.register',
    module: 'mfe_auth/Register',
    hostChunks: [HTTP_CHUNK],
  },
  '/howto': { frame: 'public', title: 'titles.howto', hostChunks: ['./pages/howto-page', HTTP_CHUNK] },
  '/contact': { frame: 'public', title: 'titles.contact', hostChunks: ['./pages/contact-page', HTTP_CHUNK] },
  '/user/home': {
    frame: 'member',
    title: 'titles.home',
    module: 'mfe_wallet/Home',
    hostChunks: MEMBER_CHUNKS,
  },
  '/user/profile': {
    frame: 'member',
    title: 'titles.profile',
    module: 'mfe_auth/Profile',
    hostChunks: MEMBER_CHUNKS,
  },
  '/user/bonus': {
    frame: 'member',
    title: 'titles.bonus',
    module: 'mfe_bonus/Bonus',
    hostChunks: MEMBER_CHUNKS,
  },
  '/user/statement': {
    frame: 'member',
    title: 'titles.statement',
    module: 'mfe_bonus/Statement',
    hostChunks: MEMBER_CHUNKS,
  },
  '/user/spin': { frame: 'member', title: 'titles.spin', module: 'mfe_spin/Spin', hostChunks: MEMBER_CHUNKS },
  '/user/spin/verify': {
    frame: 'member',
    title: 'titles.spinVerify',
    module: 'mfe_spin/Verify',
    hostChunks: MEMBER_CHUNKS,
  },
  '/user/contact': {
    frame: 'member',
    title: 'titles.contact',
    hostChunks: [...MEMBER_CHUNKS, './pages/contact-page'],
  },
  '/user/*': { frame: 'member', title: 'titles.notFound' },
  '/terminated': {
    frame: 'none',
    title: 'terminated.pageTitle',
    bare: true,
    hostChunks: ['./pages/terminated-page'],
  },
  '*': { frame: 'none', title: 'titles.notFound' },
} as const satisfies Record<string, PageEntry>;

export type PagePath = keyof typeof PAGES;

/** Paths the host redirects at once (`/` → `/user` → `/user/home`). */
export const PAGE_REDIRECTS: Readonly<Record<string, PagePath>> = {
  '/': '/user/home',
  '/user': '/user/home',
};

/** The page's entry of the table (the server reads the same table from the build: server/…/page-frame.ts). */
export const page = (path: PagePath): PageEntry => PAGES[path];
