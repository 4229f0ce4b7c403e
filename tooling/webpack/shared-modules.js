// What the builds of a page share through Module Federation, and what they must not (see docs/architecture.md).
const path = require('node:path');
const fs = require('node:fs');

const repoRoot = path.join(__dirname, '..', '..');

/**
 * Shared by every build with `singleton: true`; one instance per page. Only what needs one instance is here:
 * React and ReactDOM, single-spa (it patches history and keeps the parcel registry), `@wallet/shared`, whose
 * module state (event bus, i18n instance, session) must be the page's one, and its `query` entry with TanStack
 * Query: the page's one QueryClient (cache, `wallet:changed` invalidation). The query entry is a singleton of its
 * own, not part of `@wallet/shared`'s chunk, so /login (which reads nothing) does not load TanStack Query.
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'single-spa',
  'single-spa-react',
  '@wallet/shared',
  '@wallet/shared/query',
  '@tanstack/react-query',
];

/**
 * Deliberately not shared: libraries whose state or React contexts live inside `@wallet/shared` and reach the
 * other builds only through it (the router of each remote parcel, the i18n instance and its React provider, the
 * bus's Subject). The build that provides `@wallet/shared` (the host, in the site) bundles the part of each that
 * it uses, tree-shaken, instead of the whole library as a shared module. A remote therefore must not import them
 * directly (its own copy would miss the page's router and i18n contexts): it takes the hooks from
 * `@wallet/shared`, and the build fails if a remote's source imports one of these (see `SharedContractGuard`).
 * The host may import them: in the site its copy is the one inside the `@wallet/shared` it provides.
 */
const CARRIED_BY_SHARED = ['react-router', 'react-router-dom', 'react-i18next', 'i18next', 'rxjs'];

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** `react-dom/client` → `react-dom`, `@wallet/shared` → `@wallet/shared`. */
function packageNameOf(request) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function installedVersion(pkgName, fromDir) {
  const pkgJson = require.resolve(`${pkgName}/package.json`, { paths: [fromDir, repoRoot] });
  return readJson(pkgJson).version;
}

/** `requiredVersion` from the app's package.json; a workspace range (`*`) becomes `^<installed version>`. */
function sharedConfig(appDir) {
  const deps = readJson(path.join(appDir, 'package.json')).dependencies ?? {};
  return Object.fromEntries(
    SINGLETONS.map((request) => {
      const pkgName = packageNameOf(request);
      const declared = deps[pkgName];
      const requiredVersion =
        declared && declared !== '*' ? declared : `^${installedVersion(pkgName, appDir)}`;
      return [request, { singleton: true, requiredVersion, strictVersion: false }];
    }),
  );
}

module.exports = { SINGLETONS, CARRIED_BY_SHARED, packageNameOf, readJson, sharedConfig };
