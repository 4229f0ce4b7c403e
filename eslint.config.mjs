import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import i18next from 'eslint-plugin-i18next';

const remotes = ['mfe-auth', 'mfe-wallet', 'mfe-bonus', 'mfe-spin', 'mfe-chat'];

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
  // shipped code gets the router, i18n and RxJS through @wallet/shared (tests may wire them up directly).
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
        'A remote gets the router, i18n and RxJS from @wallet/shared: one instance per page (CARRIED_BY_SHARED in tooling/webpack.app.js).',
    };
    const oneWayToRead = {
      group: ['@tanstack/*'],
      message:
        'A screen reads with useRead / usePagedRead from @wallet/shared/query: the page\'s one QueryClient (docs/architecture.md "Reads").',
    };
    const tests = [`${name}/**/*.test.{ts,tsx}`, `${name}/test/**`];
    return [
      {
        files: [`${name}/**/*.{ts,tsx}`],
        ignores: tests,
        rules: {
          'no-restricted-imports': ['error', { patterns: [...crossPart, carriedByShared, oneWayToRead] }],
        },
      },
      { files: tests, rules: { 'no-restricted-imports': ['error', { patterns: crossPart }] } },
    ];
  }),
  // The generated API types (@wallet/api-types) are types only: `import type`, erased at build time, so no part
  // bundles or runs anything of it (the webpack builds also refuse it: TypesOnlyGuard in tooling/webpack.app.js).
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
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
