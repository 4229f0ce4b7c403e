import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { repoRoot, startSite, type Site } from '../lib/site';

const apps = ['host', 'mfe-auth', 'mfe-wallet', 'mfe-bonus', 'mfe-spin', 'mfe-chat'];

let site: Site;
let browser: Browser;
let staticRoot: string;

/** A hash over every file of a folder: shows the host build is untouched by a remote's redeploy. */
function folderHash(dir: string): string {
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

before(async () => {
  // A deployment of its own (a copy of the built site), so the redeploy does not touch the working tree's builds.
  staticRoot = mkdtempSync(join(tmpdir(), 'wallet-deploy-'));
  for (const app of apps)
    cpSync(join(repoRoot, app, 'dist'), join(staticRoot, app, 'dist'), { recursive: true });
  site = await startSite({ staticRoot });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(staticRoot, { recursive: true, force: true });
});

test('rebuilding and replacing only mfe-auth changes the live site with no host rebuild and no server restart', async () => {
  const context = await newMemberContext(browser, site.url);
  const page = await context.newPage();
  try {
    const loginRoot = page.locator('[data-remote="mfe_auth/Login"]');
    await page.goto('/login');
    await loginRoot.waitFor();
    const before = await loginRoot.getAttribute('data-build');
    const hostBefore = folderHash(join(staticRoot, 'host', 'dist'));
    const serverPid = site.server.pid;

    const buildId = `redeploy-${Date.now()}`;
    const out = mkdtempSync(join(tmpdir(), 'mfe-auth-build-'));
    const build = spawnSync('npx', ['webpack', '--mode', 'production', '--output-path', out], {
      cwd: join(repoRoot, 'mfe-auth'),
      env: { ...process.env, WALLET_BUILD_ID: buildId, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    assert.equal(build.status, 0, build.stderr || build.stdout);

    // Deploy: swap the served folder.
    const served = join(staticRoot, 'mfe-auth', 'dist');
    renameSync(served, `${served}.old`);
    renameSync(out, served);

    await page.reload();
    await loginRoot.waitFor();
    const afterBuild = await loginRoot.getAttribute('data-build');
    assert.notEqual(afterBuild, before);
    assert.equal(afterBuild, buildId, 'the page runs the new mfe-auth build');
    assert.equal(folderHash(join(staticRoot, 'host', 'dist')), hostBefore, 'host build untouched');
    assert.equal(site.server.pid, serverPid);
    assert.equal(site.server.exitCode, null, 'server kept running');
  } catch (error) {
    await snapshot(page, 'redeploy');
    throw error;
  } finally {
    await context.close();
  }
});
