// The front-end apps of the site, in build order, and where their builds land.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The remotes' folders, from the one list of remotes (remotes.json). */
export const remotes = JSON.parse(readFileSync(join(root, 'remotes.json'), 'utf8')).remotes.map(
  (remote) => remote.folder,
);
/** The operators' console (/ops/): a page of its own, built like the host. */
export const consoleApp = 'ops-console';
export const apps = ['host', consoleApp, ...remotes];

/** Apps whose build is a page (index.html); the remotes' builds are a federation manifest. */
const pages = new Set(['host', consoleApp]);

export const isBuilt = (app) =>
  existsSync(join(root, app, 'dist', pages.has(app) ? 'index.html' : 'mf-manifest.json'));
export const serverBuilt = () => existsSync(join(root, 'server', 'dist', 'main.js'));
