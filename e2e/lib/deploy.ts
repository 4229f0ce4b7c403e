import { spawn, spawnSync } from 'node:child_process';
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
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { repoRoot, type Site } from './site';

/** The remotes' folders, from the one list of remotes (remotes.json at the repository root). */
const REMOTE_FOLDERS = (
  JSON.parse(readFileSync(join(repoRoot, 'remotes.json'), 'utf8')) as { remotes: { folder: string }[] }
).remotes.map((remote) => remote.folder);

/** Every front-end app the site serves (each has its own `dist`). */
export const APPS = ['host', ...REMOTE_FOLDERS];

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

/** A copy of a build in a fresh temporary folder, to edit without touching the original. Returns the copy. */
export function copyBuild(dir: string, label: string): string {
  const out = mkdtempSync(join(tmpdir(), `${label}-`));
  cpSync(dir, out, { recursive: true });
  return out;
}

/**
 * Rewrites one file of a build, and its precompressed copies (`.br`, `.gz`) when the build has them: the server
 * sends those as they are to a browser that accepts them, so a stale copy would still serve the old text. `edit`
 * must change the file (the test fails loudly when the build's output moved on).
 */
export function editBuiltFile(dir: string, file: string, edit: (text: string) => string): void {
  const path = join(dir, file);
  const text = readFileSync(path, 'utf8');
  const edited = edit(text);
  if (edited === text) throw new Error(`the edit left ${file} unchanged`);
  writeFileSync(path, edited);
  const present = new Set(readdirSync(dir));
  if (present.has(`${file}.br`)) writeFileSync(`${path}.br`, brotliCompressSync(edited));
  if (present.has(`${file}.gz`)) writeFileSync(`${path}.gz`, gzipSync(edited));
}

/** What the release CLI answered: its exit code and everything it printed. */
export interface ReleaseAnswer {
  code: number;
  output: string;
}

/**
 * Runs the release CLI exactly as a team does on the server's machine (`npm run release -- <args>`, from the
 * repository, docs/releases.md) against a started site: its port and data folder (the CLI copies the build into
 * DATA_DIR/releases and then asks the running server, with the ops secret it finds there, to activate it). A
 * refusal is an answer (exit code 1 and the reasons), not a failure.
 */
export function release(site: Site, ...args: string[]): Promise<ReleaseAnswer> {
  return new Promise((resolveRelease, reject) => {
    const child = spawn('npm', ['run', '--silent', 'release', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(site.port), DATA_DIR: site.dataDir },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolveRelease({ code: code ?? 1, output }));
  });
}
