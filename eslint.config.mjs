import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The remotes' folders, from the one list of remotes (remotes.json). */
const remotes = JSON.parse(fs.readFileSync(path.join(here, 'remotes.json'), 'utf8')).remotes.map(
  (remote) => remote.folder,
);

/**
 * Zones inside a remote (docs/architecture.md "Boundaries"): each folder of `src/` is a feature, except the ones
 * that wire features up (`expose/`, `dev/`, `test-support/`, and a page that composes features: mfe-wallet's
 * `home/`) and the pieces features share (`common/`). A feature imports its own folder, `common/` and the files at
 * the top of `src/` (catalogs), never another feature nor a wiring folder; `common/` imports no feature. Folders
 * are read from disk, so a new feature is a zone of its own from its first file. Tests may reach across (a page's
 * test mocks the features it composes; fixtures live in test-support/).
 */
const WIRING = ['expose', 'dev', 'test-support'];
const COMPOSERS = { 'mfe-wallet': ['home'] };
const NOT_CODE = ['locales'];
const MAX_DEPTH = 4;

function featureFolders(remote) {
  const src = path.join(here, remote, 'src');
  if (!fs.existsSync(src)) return [];
  const skip = [...WIRING, ...NOT_CODE, ...(COMPOSERS[remote] ?? [])];
  return fs
    .readdirSync(src, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !skip.includes(e.name))
    .map((e) => e.name);
}

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** no-restricted-imports patterns for a file `depth` folders below `src/<folder>/`. */
function zonePatterns(remote, folder, folders, depth) {
  const up = `^(\\.\\./){${depth + 1}}`;
  const others = folders.filter((f) => f !== folder && f !== 'common');
  const wiring = [...WIRING, ...(COMPOSERS[remote] ?? [])];
  const forbidden =
    folder === 'common' ? [...folders.filter((f) => f !== 'common'), ...wiring] : [...others, ...wiring];
  if (forbidden.length === 0) return [];
  return [
    {
      regex: `${up}(${forbidden.map(escape).join('|')})(/|$)`,
      message:
        folder === 'common'
          ? 'common/ is shared by the features: it imports none of them.'
          : 'A feature does not import another feature: move what both need to common/.',
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      'e2e/artifacts/**',
      'api-types/src/openapi.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shared/**/*.{ts,tsx}', 'host/**/*.{ts,tsx}', 'ops-console/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Every string a member sees goes through i18next: no literal text in JSX, nor in the attributes people read.
  {
    files: ['shared/src/**/*.tsx', 'host/src/**/*.tsx', 'ops-console/src/**/*.tsx', 'mfe-*/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/test/**', '**/dev/**'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'title', 'placeholder', 'alt', 'label'] },
        },
      ],
    },
  },
  // A remote imports only from the shared package and its own folder, never from another remote or the host; its
  // shipped code gets the router, i18n and RxJS through @wallet/shared (tests may wire them up directly). Inside
  // it, the feature zones above (the rule's options are replaced, not merged, so every block carries them all).
  ...remotes.flatMap((name) => {
    const crossPart = [
      { group: ['@wallet/mfe-*', '@wallet/host', '@wallet/server'], message: 'Talk through @wallet/shared.' },
      {
        group: [
          '../../*/src/*',
          '**/host/src/**',
          '**/server/src/**',
          ...remotes.filter((r) => r !== name).map((r) => `**/${r}/**`),
        ],
        message: 'Import only from @wallet/shared and this remote.',
      },
    ];
    const carriedByShared = {
      group: ['react-router', 'react-router-dom', 'react-i18next', 'i18next', 'rxjs', 'rxjs/*'],
      message:
        'A remote gets the router, i18n and RxJS from @wallet/shared: one instance per page (CARRIED_BY_SHARED in tooling/webpack/shared-modules.js).',
    };
    const oneWayToRead = {
      group: ['@tanstack/*'],
      message:
        'A screen reads with useRead / usePagedRead from @wallet/shared/query: the page\'s one QueryClient (docs/architecture.md "Reads").',
    };
    const tests = [`${name}/**/*.test.{ts,tsx}`, `${name}/test/**`];
    const folders = featureFolders(name);
    const zones = folders.flatMap((folder) =>
      Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => {
        const files = [`${name}/src/${folder}/${'*/'.repeat(depth)}*.{ts,tsx}`];
        const zone = zonePatterns(name, folder, folders, depth);
        return [
          {
            files,
            ignores: tests,
            rules: {
              'no-restricted-imports': ['error', { patterns: [...crossPart, carriedByShared, ...zone] }],
            },
          },
        ];
      }).flat(),
    );
    return [
      {
        files: [`${name}/**/*.{ts,tsx}`],
        ignores: tests,
        rules: {
          'no-restricted-imports': ['error', { patterns: [...crossPart, carriedByShared, oneWayToRead] }],
        },
      },
      { files: tests, rules: { 'no-restricted-imports': ['error', { patterns: crossPart }] } },
      ...zones,
    ];
  }),
  // The server's platform (config, database, HTTP, realtime) is what core and the features stand on: it imports
  // neither of them (docs/server.md "Layout").
  {
    files: ['server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(core|features|app)(/|$)',
              message: 'platform/ imports neither core/ nor features/: they stand on it.',
            },
          ],
        },
      ],
    },
  },
  // Settings reach core and the features through the app's config (platform/config.ts reads the environment and
  // checks it once, at start), never through process.env (docs/server.md "Layout").
  {
    files: ['server/src/core/**/*.ts', 'server/src/features/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings from ctx.config (platform/config.ts), not process.env.',
        },
      ],
    },
  },
  // The generated API types (@wallet/api-types) are types only: `import type`, erased at build time, so no part
  // bundles or runs anything of it (the webpack builds also refuse it: TypesOnlyGuard in tooling/webpack/guards.js).
  // And a package is reached through its public exports only (its package.json "exports", e.g. `@wallet/shared/ops`),
  // never by a path into its `src/`: that would bypass the export list and its unused-export test.
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@wallet/*/src', '@wallet/*/src/**'],
              message: 'Import the package\'s public export (its package.json "exports"), not its src/.',
            },
          ],
          paths: [
            {
              name: '@wallet/api-types',
              allowTypeImports: true,
              message: "The API types are types only: `import type { ... } from '@wallet/api-types'`.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@wallet/*', '**/host/**', '**/mfe-*/**', '**/server/**'],
              message: 'shared depends on nothing of the project.',
            },
          ],
        },
      ],
    },
  },
  // The catalogue test checks `errors` against the server's own list of error codes (and nothing else of it).
  {
    files: ['shared/src/i18n/catalogs.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@wallet/*', '**/host/**', '**/mfe-*/**'],
              message: 'shared depends on nothing of the project.',
            },
            {
              regex: '^(?!(\\.\\./)+server/src/platform/errors$).*server/',
              message: 'Of the server, the catalogue test imports only its error codes.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
