import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { buildApp, copyBuiltSite, folderHash, swapServedFolder } from '../lib/deploy';
import { startSite, type Site } from '../lib/site';

let site: Site;
let browser: Browser;
let staticRoot: string;

before(async () => {
  staticRoot = copyBuiltSite();
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
    // The parcel's own root (`createRemoteParcel`), not the host's loading placeholder of the same remote.
    const loginRoot = page.locator('.wl-remote[data-remote="mfe_auth/Login"]');
    await page.goto('/login');
    await loginRoot.waitFor();
    const before = await loginRoot.getAttribute('data-build');
    const hostBefore = folderHash(join(staticRoot, 'host', 'dist'));
    const serverPid = site.server.pid;

    const buildId = `redeploy-${Date.now()}`;
    swapServedFolder(staticRoot, 'mfe-auth', buildApp('mfe-auth', { buildId }));

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
