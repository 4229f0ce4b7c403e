import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './site';

/** Every front-end app the site serves (each has its own `dist`). */
export const APPS = ['host', 'mfe-auth', 'mfe-wallet', 'mfe-bonus', 'mfe-spin', 'mfe-chat'];

/** A hash over every file of a folder: shows a build is untouched by another app's redeploy. */
export function folderHash(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else hash.update(name).update(readFileSync(p));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/**
 * A deployment of its own: a copy of every app's built `dist` under a temporary STATIC_ROOT, so a redeploy does
 * not touch the working tree's builds. Remove it with `rmSync(root, { recursive: true })`.
 */
export function copyBuiltSite(): string {
  const root = mkdtempSync(join(tmpdir(), 'wallet-deploy-'));
  for (const app of APPS) cpSync(join(repoRoot, app, 'dist'), join(root, app, 'dist'), { recursive: true });
  return root;
}

/** A text edit of one source file: `find` must occur in it (the test fails loudly when the source moved on). */
export interface SourcePatch {
  file: string;
  find: string;
  replace: string;
}

/**
 * A copy of an app's source with edits applied, in a temporary folder laid out like the repository (the app beside
 * symlinks to `tooling/` and `node_modules/`), so it builds exactly as the app does without touching the working
 * tree. Returns the copy's app folder.
 */
export function patchedSource(app: string, patches: SourcePatch[]): string {
  const workspace = mkdtempSync(join(tmpdir(), `${app}-src-`));
  const dir = join(workspace, app);
  mkdirSync(dir);
  for (const name of readdirSync(join(repoRoot, app))) {
    if (name === 'node_modules' || name === 'dist') continue;
    cpSync(join(repoRoot, app, name), join(dir, name), { recursive: true });
  }
  for (const shared of ['tooling', 'node_modules'])
    symlinkSync(join(repoRoot, shared), join(workspace, shared));
  for (const { file, find, replace } of patches) {
    const path = join(dir, file);
    const text = readFileSync(path, 'utf8');
    if (!text.includes(find)) throw new Error(`${app}/${file} no longer contains ${JSON.stringify(find)}`);
    writeFileSync(path, text.split(find).join(replace));
  }
  return dir;
}

/**
 * Builds one app for production into a fresh temporary folder, as its team would (`webpack --mode production`),
 * from `sourceDir` (the app's own folder by default), with build flags from `env` (e.g. `WALLET_LAOS=1`). Returns the
 * output folder.
 */
export function buildApp(
  app: string,
  options: { buildId: string; sourceDir?: string; env?: Record<string, string> },
): string {
  const out = mkdtempSync(join(tmpdir(), `${app}-build-`));
  const build = spawnSync('npx', ['webpack', '--mode', 'production', '--output-path', out], {
    cwd: options.sourceDir ?? join(repoRoot, app),
    env: { ...process.env, ...options.env, WALLET_BUILD_ID: options.buildId, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build of ${app} failed:\n${build.stderr || build.stdout}`);
  return out;
}

/** Deploys a build: swaps the app's served folder under `staticRoot` for `dist` (the old one is kept as `.old`). */
export function swapServedFolder(staticRoot: string, app: string, dist: string): void {
  const served = join(staticRoot, app, 'dist');
  rmSync(`${served}.old`, { recursive: true, force: true });
  renameSync(served, `${served}.old`);
  renameSync(dist, served);
}
