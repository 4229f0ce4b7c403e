/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { checkApiTable, checkFeatureList, checkServerLayout, treePaths } from '../../tooling/docs-checks';

/**
 * The docs say what the code is (as index.test.ts does for the package's exports): docs/server.md's layout names
 * every server feature and nothing that is gone; docs/architecture.md's tables name each part's API files and the
 * server's features as they are.
 */
const root = path.join(__dirname, '..', '..');
const serverDoc = fs.readFileSync(path.join(root, 'docs', 'server.md'), 'utf8');
const architecture = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');
const PARTS = ['host', 'ops-console', 'mfe-auth', 'mfe-wallet', 'mfe-bonus', 'mfe-spin', 'mfe-chat'];

test("docs/server.md's layout lists every feature and core folder, and nothing that does not exist", () => {
  expect(checkServerLayout(serverDoc, root)).toEqual([]);
});

test("docs/architecture.md's API table names each part's api.ts files", () => {
  expect(checkApiTable(architecture, root, PARTS)).toEqual([]);
});

test("docs/architecture.md's server section lists every feature", () => {
  expect(checkFeatureList(architecture, root)).toEqual([]);
});

describe('a stale doc is found', () => {
  test('a feature missing from the layout, and one that is gone', () => {
    const doctored = serverDoc.replace(/\n +[├└]── chat\/[^\n]*/, '').replace('├── otp/ ', '├── sms/ ');
    expect(checkServerLayout(doctored, root)).toEqual([
      'docs/server.md names server/src/features/sms, which does not exist',
      "docs/server.md's layout misses server/src/features/chat/",
      "docs/server.md's layout misses server/src/features/otp/",
    ]);
  });

  test('a remote that calls the API shown with none, and a file named that is not there', () => {
    const doctored = architecture
      .replace(/^(\| `mfe-spin` +\| )[^|]*\|/m, '$1— |')
      .replace(/^(\| `mfe-auth` +\| `src\/\{)/m, '$1signup,');
    const problems = checkApiTable(doctored, root, PARTS);
    expect(problems).toContain(
      'docs/architecture.md: mfe-spin calls the API in src/spin/api.ts, which its row does not name',
    );
    expect(problems).toContain(
      "docs/architecture.md: mfe-auth's row names src/signup/api.ts, which does not exist",
    );
  });

  test('a feature left out of the server section', () => {
    const doctored = architecture.replace(/(- `features\/<feature>\/`: [^—]*?)spin, /, '$1');
    expect(checkFeatureList(doctored, root)).toEqual(["docs/architecture.md's feature list misses spin"]);
  });

  test('the tree reader follows the indentation', () => {
    const block = [
      'server/src/',
      '├── a.ts',
      '├── core/',
      '│   ├── x.ts, y.ts',
      '│   └── z/',
      '│       └── w.ts',
      '└── b/',
    ].join('\n');
    expect(treePaths(block)).toEqual([
      'server/src/a.ts',
      'server/src/core',
      'server/src/core/x.ts',
      'server/src/core/y.ts',
      'server/src/core/z',
      'server/src/core/z/w.ts',
      'server/src/b',
    ]);
  });
});
