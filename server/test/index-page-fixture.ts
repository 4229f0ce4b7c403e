// What the index-page suites share: a static root laid out as the builds write it, and readers of the page.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.join(__dirname, '..', '..');

/** As html-webpack-plugin writes it (minified: attribute quotes dropped). */
export const TEMPLATE =
  '<!doctype html><html lang=th><head><meta charset=utf-8><title>Wallet</title>' +
  '<script defer src=/main.js></script><link href=/main.0123abcd.css rel=stylesheet></head>' +
  '<body><div id=root></div></body></html>';

/** A fresh static root and a writer of files under it. */
export function staticRoot(prefix: string): {
  root: string;
  write: (rel: string, content: string, mtime?: Date) => void;
} {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  const write = (rel: string, content: string, mtime?: Date) => {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    if (mtime) utimesSync(file, mtime, mtime);
  };
  return { root, write };
}

/** A digest of the sources the frame is rendered from (the host's and the shared package's, tests aside). */
function frameSourcesDigest(): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (!/\.test\.tsx?$/.test(entry.name)) hash.update(file).update(readFileSync(file));
    }
  };
  for (const dir of ['host/src', 'shared/src', 'tooling/prerender']) walk(path.join(repoRoot, dir));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The host's page frame as its build renders it (tooling/prerender/frame.tsx, from host/src/shell/page-frame.tsx),
 * written to `<root>/host/dist/page-frame.json`: the suites check the page against the real shell's frame. Rendered
 * once per state of its sources (kept in the temporary directory), so the suites share one rendering.
 */
export function buildPageFrame(root: string): void {
  const target = path.join(root, 'host', 'dist', 'page-frame.json');
  mkdirSync(path.dirname(target), { recursive: true });
  const cached = path.join(os.tmpdir(), `wallet-page-frame-${frameSourcesDigest()}.json`);
  if (!existsSync(cached)) {
    const tooling = path.join(repoRoot, 'tooling', 'prerender');
    const building = `${cached}.${process.pid}`;
    const run = spawnSync(
      process.execPath,
      [
        '--require',
        path.join(tooling, 'css-hook.cjs'),
        '--import',
        'tsx',
        path.join(tooling, 'frame.tsx'),
        path.join(repoRoot, 'host'),
        building,
      ],
      {
        cwd: repoRoot,
        encoding: 'utf8',
        env: {
          ...process.env,
          NODE_ENV: 'production',
          TSX_TSCONFIG_PATH: path.join(tooling, 'tsconfig.json'),
        },
      },
    );
    if (run.status !== 0) throw new Error(`the page frame was not built: ${run.stderr}`);
    renameSync(building, cached);
  }
  copyFileSync(cached, target);
}

/** How long a suite's first hook may take to render the frame (a child process, on a loaded machine). */
export const FRAME_BUILD_TIMEOUT_MS = 120_000;

/** A remote's mf-manifest.json with these exposed modules' chunks. */
export function manifest(name: string, exposes: Record<string, string[]>): string {
  return JSON.stringify({
    name,
    metaData: { name, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    exposes: Object.entries(exposes).map(([expose, sync]) => ({
      name: expose,
      path: `./${expose}`,
      assets: {
        js: {
          sync,
          // The remote's own strings per language, and its copy of the shared package's (never loaded).
          async: [
            '9.0000aaaa.js',
            'strings-th.0000bbbb.js',
            'strings-en.0000cccc.js',
            'locale-th.0000dddd.js',
          ],
        },
        css: { sync: [], async: [] },
      },
    })),
  });
}

/** The JSON of a `<script type="application/json" id="…">` block of a page. */
export function dataBlock<T>(html: string, id: string): T {
  const match = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  if (!match?.[1]) throw new Error(`no ${id} block in ${html}`);
  return JSON.parse(match[1]) as T;
}

export const preloads = (html: string): string[] =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => m[1] ?? '');
