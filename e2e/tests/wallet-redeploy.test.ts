import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import { buildApp, copyBuiltSite, folderHash, patchedSource, swapServedFolder } from '../lib/deploy';
import { registerMember, signIn, type Member } from '../lib/members';
import { startSite, type Site } from '../lib/site';

// mfe-wallet owns its strings and its API calls: a new build of it alone changes both on the live site.

let site: Site;
let browser: Browser;
let staticRoot: string;
let member: Member;
const workspaces: string[] = [];

before(async () => {
  staticRoot = copyBuiltSite();
  site = await startSite({ staticRoot });
  browser = await launchBrowser();
  member = await registerMember(site, '0861119901', { name: 'Malee Srisuk' });
});

after(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(staticRoot, { recursive: true, force: true });
  for (const dir of workspaces) rmSync(dir, { recursive: true, force: true });
});

test('a new build of mfe-wallet alone brings its new text and its new API call, with no host rebuild and no server restart', async () => {
  const context = await newMemberContext(browser, site.url, { language: 'en', agreementAccepted: true });
  const page = await context.newPage();
  const walletCalls: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/wallet') walletCalls.push(url.search);
  };
  page.on('request', onRequest);
  try {
    // The parcel's own root (`createRemoteParcel`), not the host's loading placeholder of the same remote.
    const homeRoot = page.locator('.wl-remote[data-remote="mfe_wallet/Home"]');
    await signIn(page, member);
    await homeRoot.waitFor();
    const buildBefore = await homeRoot.getAttribute('data-build');
    await page.getByText('Main wallet balance', { exact: true }).waitFor();
    assert.ok(walletCalls.includes(''), 'the old build reads GET /api/wallet');
    const hostBefore = folderHash(join(staticRoot, 'host', 'dist'));
    const serverPid = site.server.pid;

    // The wallet team changes a text of its catalogue and the query of its snapshot call, builds, deploys.
    const buildId = `wallet-redeploy-${Date.now()}`;
    const label = `Main wallet balance (${buildId})`;
    const source = patchedSource('mfe-wallet', [
      {
        file: 'src/locales/en/wallet.json',
        find: '"balance": "Main wallet balance"',
        replace: `"balance": "${label}"`,
      },
      {
        file: 'src/common/wallet-api.ts',
        find: "get<WalletSnapshot>('/api/wallet')",
        replace: `get<WalletSnapshot>('/api/wallet?build=${buildId}')`,
      },
    ]);
    workspaces.push(dirname(source));
    swapServedFolder(staticRoot, 'mfe-wallet', buildApp('mfe-wallet', { buildId, sourceDir: source }));

    walletCalls.length = 0;
    const newCall = page.waitForResponse(
      (response) => response.url().endsWith(`/api/wallet?build=${buildId}`) && response.status() === 200,
    );
    await page.reload();
    await homeRoot.waitFor();
    assert.equal(
      await homeRoot.getAttribute('data-build'),
      buildId,
      'the page runs the new mfe-wallet build',
    );
    assert.notEqual(buildId, buildBefore);
    await page.getByText(label, { exact: true }).waitFor();
    await newCall;
    assert.ok(walletCalls.includes(`?build=${buildId}`), 'the new build makes the new call');
    assert.ok(!walletCalls.includes(''), 'the old call is gone');
    await page.getByTestId('home-balance').waitFor();

    assert.equal(folderHash(join(staticRoot, 'host', 'dist')), hostBefore, 'host build untouched');
    assert.equal(site.server.pid, serverPid);
    assert.equal(site.server.exitCode, null, 'server kept running');
  } catch (error) {
    await snapshot(page, 'wallet-redeploy');
    throw error;
  } finally {
    page.off('request', onRequest);
    await context.close();
  }
});
