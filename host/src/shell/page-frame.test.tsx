/**
 * @jest-environment node
 */
// The first-paint frame is the shell's own React markup: rendered at build time (page-frame.tsx) and filled by the
// server (server/src/platform/index-page) with no knowledge of the shell's menus of its own.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGES } from '../page-table';
import type { PageFrameFile } from './page-frame';

const TEMPLATE =
  '<!doctype html><html lang=th><head><meta charset=utf-8><title>Wallet</title></head><body><div id=root></div></body></html>';

/**
 * What the test uses of the server's page (server/src/platform/index-page), loaded at run time: the host's
 * type-check does not take in the server's sources.
 */
interface ServerIndexPage {
  IndexPageFiles: new (staticRoot: string) => {
    render(input: {
      pathname: string;
      locale: 'th' | 'la' | 'en';
      remotes: readonly unknown[];
    }): Promise<{ html: string } | undefined>;
  };
  remoteDirectory: (enabled: (folder: string) => boolean) => unknown[];
}
const SERVER_INDEX_PAGE = path.join(__dirname, '..', '..', '..', 'server', 'src', 'platform', 'index-page');

/** The server's page for a path, from a static root holding this frame file. */
async function serverPage(
  frame: PageFrameFile,
  pathname: string,
  locale: 'th' | 'la' | 'en' = 'en',
): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'page-frame-'));
  try {
    mkdirSync(path.join(root, 'host', 'dist'), { recursive: true });
    writeFileSync(path.join(root, 'host', 'dist', 'index.html'), TEMPLATE);
    writeFileSync(path.join(root, 'host', 'dist', 'page-frame.json'), JSON.stringify(frame));
    const { IndexPageFiles, remoteDirectory } = jest.requireActual<ServerIndexPage>(SERVER_INDEX_PAGE);
    const page = await new IndexPageFiles(root).render({
      pathname,
      locale,
      remotes: remoteDirectory(() => true),
    });
    if (!page) throw new Error('no page');
    return page.html;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** The frame the build renders, with the host's strings registered as the build registers them. */
async function build(): Promise<PageFrameFile> {
  // A fresh module registry: the modules as they are (or as a test changed them) now.
  jest.resetModules();
  const { registerCatalogs } = await import('@wallet/shared');
  const { catalogs } = await import('../catalogs');
  registerCatalogs(catalogs);
  const { buildPageFrame } = await import('./page-frame');
  return buildPageFrame(['en', 'th']);
}

afterEach(() => jest.dontMock('./bottom-menus'));

test("a change to the shell's menu in React shows in the server's first paint, with no server change", async () => {
  const before = await serverPage(await build(), '/howto');
  expect(before).toContain('href="/howto"');
  expect(before).not.toContain('href="/promotions"');

  // A new entry in the logged-out menu, written in React only.
  jest.doMock('./bottom-menus', () => {
    const actual = jest.requireActual<typeof import('./bottom-menus')>('./bottom-menus');
    // The router of this registry's React, as the shell's own.
    const { NavLink } = jest.requireActual<typeof import('react-router-dom')>('react-router-dom');
    return {
      ...actual,
      PublicBottomMenu: () => (
        <nav className="host-menu">
          <NavLink to="/howto" className={actual.itemClass}>
            How to
          </NavLink>
          <NavLink to="/promotions" className={actual.itemClass}>
            Promotions
          </NavLink>
        </nav>
      ),
    };
  });
  const after = await serverPage(await build(), '/howto');
  expect(after).toMatch(/<a class="host-menu__item" href="\/promotions"[^>]*>Promotions<\/a>/);
  expect(after).toMatch(
    /<a aria-current="page" class="host-menu__item host-menu__item--active" href="\/howto"/,
  );
  expect(after).not.toContain('href="/register"');
});

test('the frame of each framed page, in each language, is the shell the host renders for it', async () => {
  const frame = await build();
  const catalogue = (locale: string) =>
    JSON.parse(readFileSync(path.join(__dirname, '..', 'locales', locale, 'host.json'), 'utf8')) as {
      menu: Record<string, string>;
    };
  const th = await serverPage(frame, '/user/statement', 'th');
  expect(th).toContain(`>${catalogue('th').menu.statement}</a>`);
  expect(th).toContain('class="host-shell host-shell--member"');
  expect(th).toContain('<html lang="th" data-locale="th">');
  // The page table in the file is the host's table.
  expect(frame.pages).toEqual(JSON.parse(JSON.stringify(PAGES)));
  // No test ids: tests wait for React's own elements.
  expect(JSON.stringify(frame.locales)).not.toContain('data-testid');
  // Bare pages have no frame.
  expect(frame.locales.en?.frames['/terminated']).toBeUndefined();
});
