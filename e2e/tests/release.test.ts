import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newMemberContext, snapshot } from '../lib/browser';
import {
  buildApp,
  copyBuild,
  copyBuiltSite,
  editBuiltFile,
  folderHash,
  patchedSource,
  release,
  type ReleaseAnswer,
} from '../lib/deploy';
import { registerMember, signIn } from '../lib/members';
import { startSite, type Site } from '../lib/site';

// Independent releases (docs/releases.md): a team ships mfe-auth with the release CLI, on the server's machine,
// while the site runs. The page changes from the next load with no host rebuild and no server restart; a rollback
// brings the old page back; a build that does not fit the live host is refused with its reasons.

let site: Site;
let browser: Browser;
let staticRoot: string;
const temporary: string[] = [];

/** The mfe-auth build this file releases first: the login page's "Not a member yet?" says which build it is. */
let rebuilt: { dir: string; buildId: string; label: string };

const OLD_TEXT = 'Not a member yet?';

before(async () => {
  staticRoot = copyBuiltSite();
  site = await startSite({ staticRoot });
  browser = await launchBrowser();
  // The auth team changes one string of its English catalogue (the catalogues ship with the remote's build) and
  // builds, from a copy of its source: the working tree stays as it is.
  const buildId = `release-${Date.now()}`;
  const label = `Not a member yet? (${buildId})`;
  const source = patchedSource('mfe-auth', [
    {
      file: 'src/locales/en/auth.json',
      find: `"noAccount": "${OLD_TEXT}"`,
      replace: `"noAccount": "${label}"`,
    },
  ]);
  temporary.push(dirname(source));
  const dir = buildApp('mfe-auth', { buildId, sourceDir: source });
  temporary.push(dir);
  rebuilt = { dir, buildId, label };
});

after(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(staticRoot, { recursive: true, force: true });
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** The version the CLI stored a build as (`Stored mfe-auth <version> in …`). */
function storedVersion(answer: ReleaseAnswer): string {
  const found = /Stored mfe-auth (\S+) in /.exec(answer.output);
  assert.ok(found?.[1], `the CLI says which version it stored:\n${answer.output}`);
  return found[1];
}

/** Reloads and waits for the login parcel: returns the build it runs (its root's data-build). */
async function loginBuild(page: Page): Promise<string | null> {
  // The parcel's own root (`createRemoteParcel`), not the host's loading placeholder of the same remote.
  const loginRoot = page.locator('.wl-remote[data-remote="mfe_auth/Login"]');
  await page.reload();
  await loginRoot.waitFor();
  await page.getByTestId('login-submit').waitFor();
  return loginRoot.getAttribute('data-build');
}

test('a released mfe-auth goes live with no host rebuild and no server restart, a rollback brings the old page back, a build for another React major is refused', async () => {
  const context = await newMemberContext(browser, site.url, { language: 'en', agreementAccepted: true });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    const oldBuild = await loginBuild(page);
    await page.getByText(OLD_TEXT).waitFor();
    const hostBefore = folderHash(join(staticRoot, 'host', 'dist'));
    const authDistBefore = folderHash(join(staticRoot, 'mfe-auth', 'dist'));
    const serverPid = site.server.pid;

    // Release: the CLI stores the build under DATA_DIR/releases and the running server switches to it.
    const released = await release(site, 'mfe-auth', rebuilt.dir);
    assert.equal(released.code, 0, released.output);
    const version = storedVersion(released);
    assert.match(released.output, new RegExp(`Released mfe-auth ${version} \\(was its own build`));

    assert.equal(await loginBuild(page), rebuilt.buildId, 'the page runs the released build');
    assert.notEqual(rebuilt.buildId, oldBuild);
    await page.getByText(rebuilt.label).waitFor();
    assert.equal(
      await page.getByText(OLD_TEXT, { exact: true }).count(),
      0,
      'the old text is gone from the page',
    );
    const listed = await release(site, 'list');
    assert.equal(listed.code, 0, listed.output);
    assert.match(listed.output, new RegExp(`mfe-auth: ${version}\\n  ${version}  released by .* active`));

    // Rollback: the remote's own build is served again, from the next page load.
    const rolledBack = await release(site, 'rollback', 'mfe-auth');
    assert.equal(rolledBack.code, 0, rolledBack.output);
    assert.match(rolledBack.output, new RegExp(`mfe-auth rolled back from ${version} to its own build`));
    assert.equal(await loginBuild(page), oldBuild, 'the old build is back');
    await page.getByText(OLD_TEXT).waitFor();
    assert.equal(await page.getByText(rebuilt.label).count(), 0, 'the released text is gone');

    // A build whose manifest asks for another React major than the host's: refused, with the reasons.
    const react18 = copyBuild(rebuilt.dir, 'mfe-auth-react18');
    temporary.push(react18);
    editBuiltFile(react18, 'mf-manifest.json', (text) => {
      const manifest = JSON.parse(text) as {
        shared: { name: string; version: string; requiredVersion: string }[];
      };
      for (const shared of manifest.shared)
        if (['react', 'react-dom', 'react-dom/client'].includes(shared.name))
          Object.assign(shared, { version: '18.3.1', requiredVersion: '^18.3.1' });
      return JSON.stringify(manifest);
    });
    const refused = await release(site, 'mfe-auth', react18);
    assert.equal(refused.code, 1, refused.output);
    const refusedVersion = storedVersion(refused);
    assert.match(
      refused.output,
      new RegExp(`Refused \\(KEY_INVALID\\): mfe-auth ${refusedVersion} does not fit`),
    );
    const hostReact = /^ {2}- react: needs \^18\.3\.1, host has (19\.\S+)$/m.exec(refused.output);
    assert.ok(hostReact, `the refusal names react, the version asked and the host's:\n${refused.output}`);
    assert.match(refused.output, /^ {2}- react-dom: needs \^18\.3\.1, host has 19\./m);
    const afterRefusal = await release(site, 'list');
    assert.match(afterRefusal.output, new RegExp(`mfe-auth: its own build`));
    assert.match(afterRefusal.output, new RegExp(`stored, never released: .*${refusedVersion}`));
    assert.equal(await loginBuild(page), oldBuild, 'the live page is unchanged');
    await page.getByText(OLD_TEXT).waitFor();

    assert.equal(folderHash(join(staticRoot, 'host', 'dist')), hostBefore, 'host build untouched');
    assert.equal(
      folderHash(join(staticRoot, 'mfe-auth', 'dist')),
      authDistBefore,
      "mfe-auth's own dist untouched: a release lives in DATA_DIR",
    );
    assert.equal(site.server.pid, serverPid);
    assert.equal(site.server.exitCode, null, 'server kept running');
  } catch (error) {
    await snapshot(page, 'release');
    throw error;
  } finally {
    await context.close();
  }
});

test("a release built with a newer minor of @wallet/shared loads on the host's singleton", async () => {
  // mfe-auth's build as if made with the next minor of @wallet/shared installed while its package.json keeps asking
  // for the host's range (its `requiredVersion`, which the release check reads, is the host's): it offers its newer
  // copy to the page's share scope and takes the host's, already loaded. A build that *requires* the newer minor
  // (the workspace default `^<installed>`) is refused by the check instead (docs/releases.md "The check").
  const built = copyBuild(rebuilt.dir, 'mfe-auth-shared-minor');
  temporary.push(built);
  let hostShared = '';
  let newer = '';
  editBuiltFile(built, 'mf-manifest.json', (text) => {
    const manifest = JSON.parse(text) as { shared: { name: string; version: string }[] };
    const shared = manifest.shared.find((s) => s.name === '@wallet/shared');
    assert.ok(shared, "mfe-auth's build shares @wallet/shared");
    hostShared = shared.version;
    const [major, minor] = hostShared.split('.').map(Number);
    assert.ok(major !== undefined && minor !== undefined, `a version: ${hostShared}`);
    newer = `${major}.${minor + 1}.0`;
    shared.version = newer;
    return JSON.stringify(manifest);
  });
  // The registration of the build's own copy in its container (remoteEntry.js), which the page's runtime reads.
  editBuiltFile(built, 'remoteEntry.js', (text) =>
    text
      .split(`"@wallet/shared":[{version:"${hostShared}"`)
      .join(`"@wallet/shared":[{version:"${newer}"`)
      .split(`("@wallet/shared","${hostShared}",`)
      .join(`("@wallet/shared","${newer}",`),
  );
  const member = await registerMember(site, '0861119902', { name: 'Somchai Jaidee' });

  const context = await newMemberContext(browser, site.url, { language: 'en', agreementAccepted: true });
  const page = await context.newPage();
  try {
    const released = await release(site, 'mfe-auth', built);
    assert.equal(released.code, 0, released.output);
    assert.match(released.output, /Released mfe-auth /);

    await page.goto('/login');
    assert.equal(await loginBuild(page), rebuilt.buildId, 'the page runs the released build');
    await page.getByText(rebuilt.label).waitFor();
    // Both copies are offered to the page's share scope; the host's, loaded first, is the one in use.
    const offered = await page.evaluate((name) => {
      type Scope = Record<string, Record<string, Record<string, { loaded?: boolean; from?: string }>>>;
      const share = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Scope> } }).__FEDERATION__
        ?.__SHARE__;
      const versions: Record<string, { loaded: boolean; from: string }> = {};
      for (const instance of Object.values(share ?? {}))
        for (const [version, entry] of Object.entries(instance.default?.[name] ?? {}))
          versions[version] = {
            loaded: Boolean(entry.loaded) || Boolean(versions[version]?.loaded),
            from: entry.from ?? '',
          };
      return versions;
    }, '@wallet/shared');
    assert.ok(offered[newer], `the build offers @wallet/shared ${newer}: ${JSON.stringify(offered)}`);
    assert.equal(offered[hostShared]?.loaded, true, `the host's ${hostShared} is in use`);
    assert.equal(offered[newer]?.loaded, false, `the build's own ${newer} is not loaded`);

    // The login form works on the host's @wallet/shared: its session reaches the host and the wallet's home.
    await signIn(page, member);
  } catch (error) {
    await snapshot(page, 'release-shared-minor');
    throw error;
  } finally {
    await context.close();
  }
});
