// The front-end apps of the site, in build order, and where their builds land.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const remotes = ['mfe-auth', 'mfe-wallet', 'mfe-bonus', 'mfe-spin', 'mfe-chat'];
export const apps = ['host', ...remotes];

export const isBuilt = (app) =>
  existsSync(join(root, app, 'dist', app === 'host' ? 'index.html' : 'mf-manifest.json'));
export const serverBuilt = () => existsSync(join(root, 'server', 'dist', 'main.js'));
