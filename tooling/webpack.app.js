// The one webpack factory of every front-end app (the host and the five remotes). The Module Federation
// singleton list lives here and only here: a build that omits one silently gets its own copy (and its own bus).
// Libraries that are reached only through `@wallet/shared` are not shared on their own (CARRIED_BY_SHARED).
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');

const repoRoot = path.join(__dirname, '..');

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

/** Development server ports: the host and each remote's standalone harness. */
const DEV_PORTS = {
  host: 3000,
  mfe_auth: 3001,
  mfe_wallet: 3002,
  mfe_bonus: 3003,
  mfe_spin: 3004,
  mfe_chat: 3005,
};

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

/** Build-time flags the shared package reads (see shared/src/config.ts). */
function buildDefines(mode, name, version) {
  const env = process.env;
  const flag = (key, fallback) => JSON.stringify(env[key] ?? fallback);
  return {
    'process.env.NODE_ENV': JSON.stringify(mode),
    'process.env.WALLET_LAOS': flag('WALLET_LAOS', '0'),
    'process.env.WALLET_API_BASE': flag('WALLET_API_BASE', ''),
    'process.env.WALLET_GAME_NEW_TAB': flag('WALLET_GAME_NEW_TAB', '1'),
    'process.env.WALLET_INVITE_PREFIX': flag('WALLET_INVITE_PREFIX', 'WL'),
    // Shown as data-build on each remote's root: which build of a remote is live.
    'process.env.WALLET_BUILD_ID': flag('WALLET_BUILD_ID', `${name}@${version}`),
  };
}

const sharedSource = path.join(repoRoot, 'shared') + path.sep;

/** Fails a remote's build when its own source imports a library that must come through `@wallet/shared`. */
class SharedContractGuard {
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap('SharedContractGuard', (factory) => {
      factory.hooks.beforeResolve.tap('SharedContractGuard', (data) => {
        const issuer = data.contextInfo?.issuer;
        if (
          !issuer ||
          issuer.startsWith(sharedSource) ||
          issuer.includes(`${path.sep}node_modules${path.sep}`)
        )
          return;
        const request = data.request ?? '';
        if (request.startsWith('.') || request.startsWith('/')) return;
        if (!CARRIED_BY_SHARED.includes(packageNameOf(request))) return;
        throw new Error(
          `${path.relative(repoRoot, issuer)} imports '${request}' directly: a remote gets it from '@wallet/shared' ` +
            `(the page's one instance; see CARRIED_BY_SHARED in tooling/webpack.app.js)`,
        );
      });
    });
  }
}

const apiTypesSource = path.join(repoRoot, 'api-types') + path.sep;

/**
 * Fails any build that would bundle `@wallet/api-types`: the generated API types are imported with `import type`
 * only, which the compiler erases, so the package never reaches webpack and couples no two parts at run time.
 */
class TypesOnlyGuard {
  apply(compiler) {
    const refuse = (issuer, what) => {
      throw new Error(
        `${path.relative(repoRoot, issuer ?? '') || '(unknown)'} imports ${what} as a value: ` +
          `@wallet/api-types is types only, import it with \`import type\``,
      );
    };
    compiler.hooks.normalModuleFactory.tap('TypesOnlyGuard', (factory) => {
      factory.hooks.beforeResolve.tap('TypesOnlyGuard', (data) => {
        const request = data.request ?? '';
        if (request === '@wallet/api-types' || request.startsWith('@wallet/api-types/'))
          refuse(data.contextInfo?.issuer, `'${request}'`);
      });
      factory.hooks.afterResolve.tap('TypesOnlyGuard', (data) => {
        const resource = data.createData?.resource ?? '';
        if (resource.startsWith(apiTypesSource))
          refuse(data.contextInfo?.issuer, `'${path.relative(repoRoot, resource)}'`);
      });
    });
  }
}

/**
 * One Module Federation runtime per page. The host bundles `@module-federation/runtime-core` and publishes it
 * (`provideExternalRuntime`, global `_FEDERATION_RUNTIME_CORE`); a remote's production build takes it from there
 * (`externalRuntime`) instead of shipping its own copy in remoteEntry.js. A remote's production build therefore
 * runs only in a page whose host provides the runtime (the site always does); its dev harness (`npm run dev`)
 * is a page of its own, so development builds keep a runtime of their own.
 */
function federationExperiments(isHost, isProd) {
  // Only browsers load these builds: leave out the runtime's Node script loader.
  const optimization = { target: 'web' };
  if (isHost) return { optimization };
  return isProd ? { externalRuntime: true, optimization } : { optimization };
}

/**
 * The host's side: what `experiments.provideExternalRuntime` does (add the inject-external-runtime-core runtime
 * plugin), but its ES module build. The option adds the plugin's CommonJS build, which requires the CommonJS
 * build of runtime-core: a second copy of the runtime (+80 KB raw in main.js), and the copy published to the
 * remotes would not be the one the host runs on.
 */
const injectExternalRuntimeCore = path.join(
  path.dirname(require.resolve('@module-federation/inject-external-runtime-core-plugin')),
  'index.js',
);

/**
 * The chunk groups a chunk's consumed shared modules (React, `@wallet/shared`, ...) load from. The host provides
 * each of them itself, so the runtime loads the provided module's chunk (its fallback's chunk only when nothing
 * provides it).
 */
function sharedModuleGroups(compilation, chunk, provided) {
  const { chunkGraph } = compilation;
  const groups = [];
  for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
    if (module.constructor.name !== 'ConsumeSharedModule') continue;
    const source = provided.get(module.options?.shareKey) ?? module;
    for (const block of source.blocks) {
      const group = chunkGraph.getBlockChunkGroup(block);
      if (group) groups.push(group);
    }
  }
  return groups;
}

/** The JavaScript files of a chunk group and of the shared modules its chunks consume, recursively. */
function groupFiles(compilation, start, provided) {
  const files = new Set();
  const seen = new Set();
  const queue = [start];
  while (queue.length > 0) {
    const group = queue.shift();
    if (seen.has(group)) continue;
    seen.add(group);
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
      queue.push(...sharedModuleGroups(compilation, chunk, provided));
    }
  }
  return [...files].sort();
}

function providedModules(compilation) {
  const provided = new Map();
  for (const module of compilation.modules) {
    if (module.constructor.name === 'ProvideSharedModule') provided.set(module._name, module);
  }
  return provided;
}

/** Name of the file the host's build writes for the server: which files each of its lazy chunks needs. */
const FIRST_LOAD_CHUNKS = 'first-load-chunks.json';

/**
 * The host's first load, prepared at build time: `first-load-chunks.json` lists the files of each lazy chunk of the
 * host's own source, by the request of its `import()` (`./bootstrap`, `./shell/member-shell`) and by chunk name
 * (`chunk:socket-io`), with the chunks of the shared modules they consume (React, `@wallet/shared`, ...), so that
 * the server can preload a route's lazy chunks in the page it renders (server/src/platform/index-page.ts).
 * index.html does not ask for the bootstrap's chunks before main.js has run: the page paints its frame and first
 * screen first, then the bootstrap loads them (main.ts), while the route's remote is already on its way.
 */
class FirstLoadChunks {
  constructor(sourceDir) {
    this.sourceDir = sourceDir + path.sep;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstLoadChunks', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FirstLoadChunks', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const provided = providedModules(compilation);
          const out = {};
          for (const module of compilation.modules) {
            if (!module.resource?.startsWith(this.sourceDir)) continue;
            for (const block of module.blocks ?? []) {
              const group = compilation.chunkGraph.getBlockChunkGroup(block);
              const request = block.dependencies?.[0]?.request;
              if (group && typeof request === 'string' && request.startsWith('.'))
                out[request] = groupFiles(compilation, group, provided);
            }
          }
          for (const [name, group] of compilation.namedChunkGroups) {
            if (!group.isInitial()) out[`chunk:${name}`] = groupFiles(compilation, group, provided);
          }
          compilation.emitAsset(
            FIRST_LOAD_CHUNKS,
            new webpack.sources.RawSource(JSON.stringify(out, null, 1)),
          );
        },
      );
    });
  }
}

/** V8's explicit compile hint (Chromium 136+): compile every function of the script eagerly, while it streams. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the scripts whose code runs as soon as they load with V8's explicit compile hint, so that the browser
 * compiles their functions on the background thread that streams the script, instead of one by one on the main
 * thread at each function's first call (lazy compilation): the long tasks of a first load (React DOM, the
 * federation runtime, the bootstrap, a remote's entry and screen) lose their compile time, which is most of what
 * they spend on a phone (docs/benchmarks.md, "Compile hints"). Only those scripts: hinting code that is never
 * called would compile it for nothing.
 * - the host: every script but its language catalogs (data): its entry (main.js), the bootstrap with the shared
 *   modules it consumes, the member shell and pages, and the libraries a member's first screen loads (http,
 *   socket-io);
 * - a remote: remoteEntry.js and the chunks of each exposed module (the screen a route mounts and runs at once).
 * Runs after minification (the hint is a comment) and before the real content hashes and the precompressed copies.
 */
class CompileHints {
  constructor(isHost) {
    this.isHost = isHost;
  }

  files(compilation) {
    const files = new Set();
    const addChunk = (chunk) => {
      for (const file of chunk.files) if (file.endsWith('.js')) files.add(file);
    };
    if (this.isHost) {
      for (const chunk of compilation.chunks) if (!chunk.name?.startsWith('locale-')) addChunk(chunk);
    } else {
      for (const module of compilation.modules) {
        if (module.constructor.name !== 'ContainerEntryModule') continue;
        compilation.chunkGraph.getModuleChunks(module).forEach(addChunk);
        for (const block of module.blocks ?? []) {
          compilation.chunkGraph.getBlockChunkGroup(block)?.chunks.forEach(addChunk);
        }
      }
    }
    return files;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('CompileHints', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CompileHints', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
        () => {
          const files = this.files(compilation);
          if (files.size === 0) {
            compilation.errors.push(new webpack.WebpackError('CompileHints: no script to mark was found'));
          }
          for (const file of files) {
            compilation.updateAsset(file, (source) => new webpack.sources.ConcatSource(COMPILE_HINT, source));
          }
        },
      );
    });
  }
}

/**
 * @param {object} app
 * @param {string} app.dir            the app's folder (`__dirname` of its webpack.config.js)
 * @param {string} app.name           MF name: `host` or `mfe_<x>`
 * @param {'host'|'remote'} app.kind
 * @param {Record<string,string>} [app.exposes]  remote only: `./Name` → file
 * @param {string} [app.entry]        host: the entry file; remote: the standalone dev harness entry
 * @param {string} [app.title]        `<title>` of the generated index.html (template: `<dir>/index.html`)
 */
function createAppConfig(app) {
  const { dir, name, kind, exposes = {}, title = 'Wallet' } = app;
  const isHost = kind === 'host';

  return (_env = {}, argv = {}) => {
    const mode = argv.mode ?? (process.env.NODE_ENV === 'production' ? 'production' : 'development');
    const isProd = mode === 'production';
    // A remote's harness (index.html mounting its parcels) exists only for `npm run dev`; the production build
    // ships remoteEntry.js, the manifest and the exposed chunks, nothing else.
    const withHtml = isHost || !isProd;
    const entry = withHtml && app.entry ? { main: path.resolve(dir, app.entry) } : {};
    // Remotes keep style-loader: their CSS comes with their code, wherever the host mounts it.
    const extractCss = isHost && isProd;

    return {
      mode,
      context: dir,
      entry,
      target: 'web',
      devtool: isProd ? false : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        // [contenthash] in filename breaks MF's remoteEntry; entries stay stable and are served no-cache.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // Packages' ES2015 builds where they publish one (rxjs): classes as classes, no tslib helpers (≈ 1 KB less
        // on the first load); then webpack's usual conditions.
        conditionNames: ['es2015', '...'],
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !isProd } },
                  target: 'es2020',
                },
              },
            },
          },
          {
            test: /\.css$/,
            use: [
              // The host's production build: its CSS (shell, skeleton, the shared UI kit's base) in a real, hashed
              // stylesheet linked from index.html, so the frame the server paints is styled before any JavaScript.
              // A linked same-origin stylesheet needs no 'unsafe-inline' (style-src 'self').
              extractCss
                ? MiniCssExtractPlugin.loader
                : {
                    // Elsewhere no inline <style> (the site's CSP has no 'unsafe-inline'): constructed stylesheets.
                    loader: 'style-loader',
                    options: {
                      insert: path.join(__dirname, 'style-adopt', 'insert.js'),
                      styleTagTransform: path.join(__dirname, 'style-adopt', 'transform.js'),
                    },
                  },
              'css-loader',
            ],
          },
          { test: /\.(png|jpe?g|gif|svg|webp|ico|mp4|webm|woff2?)$/i, type: 'asset/resource' },
        ],
      },
      plugins: [
        new webpack.DefinePlugin(buildDefines(mode, name, readJson(path.join(dir, 'package.json')).version)),
        new ModuleFederationPlugin({
          name,
          ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
          // The host declares no remotes: they come from /remotes.json at run time.
          remotes: {},
          shared: sharedConfig(dir),
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          experiments: federationExperiments(isHost, isProd),
          ...(isHost ? { runtimePlugins: [injectExternalRuntimeCore] } : {}),
        }),
        new TypesOnlyGuard(),
        ...(extractCss
          ? [
              new MiniCssExtractPlugin({
                filename: '[name].[contenthash:8].css',
                chunkFilename: '[name].[contenthash:8].css',
              }),
            ]
          : []),
        ...(isHost && isProd ? [new FirstLoadChunks(path.join(dir, 'src'))] : []),
        ...(isProd ? [new CompileHints(isHost)] : []),
        ...(isProd ? precompression() : []),
        ...(isHost ? [] : [new SharedContractGuard()]),
        ...(withHtml
          ? [
              new HtmlWebpackPlugin({
                template: path.join(dir, 'index.html'),
                title,
                chunks: ['main'],
                scriptLoading: 'defer',
              }),
            ]
          : []),
      ],
      optimization: {
        nodeEnv: false,
        minimize: isProd,
        // Remotes: the runtime stays in remoteEntry.js. The host keeps it in main.js (one entry, one request).
        runtimeChunk: false,
        moduleIds: isProd ? 'deterministic' : 'named',
        chunkIds: isProd ? 'deterministic' : 'named',
      },
      performance: { hints: false },
      stats: isProd ? 'errors-warnings' : 'minimal',
      devServer: {
        port: DEV_PORTS[name] ?? 3000,
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // The API (and, for the host, /remotes.json and the built remotes) come from the running server.
        proxy: [
          {
            context: isHost ? ['/api', '/remotes.json', '/remotes', '/media'] : ['/api', '/media'],
            target: process.env.WALLET_DEV_SERVER ?? 'http://127.0.0.1:8080',
            changeOrigin: true,
          },
        ],
      },
    };
  };
}

/**
 * Every text file of a production build also as `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9),
 * which the server sends as they are to a browser that accepts them (@fastify/static `preCompressed`): smaller than
 * what it compresses on the fly per request (brotli 5, for speed) and no compression work per request. Files under
 * the server's own threshold (1 KiB), or that do not shrink by a fifth, are left alone.
 */
function precompression() {
  const test = /\.(?:m?js|css|json|svg|txt|webmanifest)$/;
  return [
    new CompressionPlugin({
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      test,
      compressionOptions: {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
      },
      threshold: 1024,
      minRatio: 0.8,
    }),
    new CompressionPlugin({
      filename: '[path][base].gz',
      algorithm: 'gzip',
      test,
      compressionOptions: { level: 9 },
      threshold: 1024,
      minRatio: 0.8,
    }),
  ];
}

module.exports = { createAppConfig, SINGLETONS, CARRIED_BY_SHARED, DEV_PORTS };
