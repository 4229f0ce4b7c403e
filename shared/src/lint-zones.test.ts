/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The lint zones of eslint.config.mjs refuse what they are meant to refuse (docs/architecture.md "Boundaries"):
 * ESLint, run through its Node API with the repository's own config, on sources that are not in the tree.
 */
const root = path.join(__dirname, '..', '..');

type Case = { file: string; code: string };
const CASES: Record<string, Case> = {
  featureToFeature: {
    file: 'mfe-wallet/src/deposit/zone-probe.ts',
    code: "export { gamesApi } from '../games/api';",
  },
  deepFeatureToFeature: {
    file: 'mfe-wallet/src/deposit/bank-name/zone-probe.ts',
    code: "export { gamesApi } from '../../games/api';",
  },
  deepToOwnAndCommon: {
    file: 'mfe-wallet/src/deposit/bank-name/zone-probe.ts',
    code: "export { depositApi } from '../api';\nexport { showMoney } from '../../common/money';",
  },
  commonToFeature: {
    file: 'mfe-wallet/src/common/zone-probe.ts',
    code: "export { depositApi } from '../deposit/api';",
  },
  featureToComposer: {
    file: 'mfe-wallet/src/deposit/zone-probe.ts',
    code: "export { HomePage } from '../home/home-page';",
  },
  composerToFeature: {
    file: 'mfe-wallet/src/home/zone-probe.ts',
    code: "export { DepositModal } from '../deposit/deposit-modal';",
  },
  otherRemoteFeature: {
    file: 'mfe-bonus/src/bonus/zone-probe.ts',
    code: "export { statementApi } from '../statement/api';",
  },
  remoteRulesKept: { file: 'mfe-spin/src/spin/zone-probe.ts', code: "export { Subject } from 'rxjs';" },
  platformToCore: {
    file: 'server/src/platform/zone-probe.ts',
    code: "export type { Ledger } from '../core/ledger';",
  },
  platformToFeature: {
    file: 'server/src/platform/db/zone-probe.ts',
    code: "export type { ChatTables } from '../../features/chat/tables';",
  },
  featureToPlatform: {
    file: 'server/src/features/chat/zone-probe.ts',
    code: "export { AppError } from '../../platform/errors';",
  },
};

const script = `
const { ESLint } = await import('eslint');
const eslint = new ESLint({ cwd: process.cwd() });
const cases = JSON.parse(process.argv[1]);
const out = {};
for (const [name, c] of Object.entries(cases)) {
  const [result] = await eslint.lintText(c.code, { filePath: c.file });
  out[name] = result.messages.map((m) => m.ruleId + ': ' + m.message);
}
process.stdout.write(JSON.stringify(out));
`;

let messages: Record<string, string[]>;
beforeAll(() => {
  const stdout = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(CASES)],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  messages = JSON.parse(stdout) as Record<string, string[]>;
}, 180_000);

const zone = (name: string) => messages[name]!.filter((m) => m.startsWith('no-restricted-imports'));

test('a feature of a remote does not import another feature, at any depth', () => {
  expect(zone('featureToFeature')).toEqual([
    expect.stringContaining(
      "'../games/api' import is restricted from being used by a pattern. A feature does not import another feature",
    ),
  ]);
  expect(zone('deepFeatureToFeature')).toEqual([expect.stringContaining("'../../games/api'")]);
  expect(zone('otherRemoteFeature')).toEqual([expect.stringContaining("'../statement/api'")]);
});

test('a feature imports its own folder and common/', () => {
  expect(messages.deepToOwnAndCommon).toEqual([]);
});

test('common/ imports no feature; a feature does not import the page that composes it, the page may', () => {
  expect(zone('commonToFeature')).toEqual([expect.stringContaining('common/ is shared by the features')]);
  expect(zone('featureToComposer')).toEqual([expect.stringContaining("'../home/home-page'")]);
  expect(zone('composerToFeature')).toEqual([]);
});

test("the zones keep the remote's own rules (router, i18n and RxJS through @wallet/shared)", () => {
  expect(zone('remoteRulesKept')).toEqual([expect.stringContaining("'rxjs' import is restricted")]);
});

test("the server's platform imports neither core nor features; features import the platform", () => {
  expect(zone('platformToCore')).toEqual([
    expect.stringContaining('platform/ imports neither core/ nor features/'),
  ]);
  expect(zone('platformToFeature')).toEqual([expect.stringContaining("'../../features/chat/tables'")]);
  expect(messages.featureToPlatform).toEqual([]);
});
