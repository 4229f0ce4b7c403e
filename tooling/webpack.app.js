// The one webpack factory of every front-end app (the member shell, the operators' console and the remotes). Its
// parts, one job each, live in tooling/webpack/: what the builds share (shared-modules.js, the Module Federation
// singleton list: here and only here), the contract guards (guards.js), the page's one federation runtime
// (federation.js), the first-load work (first-load.js) and the precompressed copies (precompression.js).
// Which remotes exist comes from the one list of remotes, remotes.json at the repository root.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { SINGLETONS, CARRIED_BY_SHARED, readJson, sharedConfig } = require('./webpack/shared-modules');
const { SharedContractGuard, TypesOnlyGuard } = require('./webpack/guards');
const { federationExperiments, injectExternalRuntimeCore } = require('./webpack/federation');
const { FirstLoadChunks, CompileHints } = require('./webpack/first-load');
const { precompression } = require('./webpack/precompression');
const { remotes: REMOTES } = require('../remotes.json');

/** Development server ports: the host and each remote's standalone harness (`devPort` in remotes.json). */
const DEV_PORTS = {
  host: 3000,
  ...Object.fromEntries(REMOTES.map((remote) => [remote.scope, remote.devPort])),
};

/**
 * The entry of remotes.json for a remote's folder, checked against what the remote exposes: every module the
 * shells load from it (`hostModules`, `consoleModules`) must be in its `exposes`, or the build fails.
 */
function remoteOf(dir, exposes) {
  const folder = path.basename(dir);
  const remote = REMOTES.find((candidate) => candidate.folder === folder);
  if (!remote) throw new Error(`${folder} is not a remote of remotes.json`);
  const missing = [...remote.hostModules, ...remote.consoleModules].filter((module) => !(module in exposes));
  if (missing.length > 0)
    throw new Error(
      `${folder} does not expose ${missing.join(', ')}, which remotes.json says the shells load`,
    );
  return remote;
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

/**
 * @param {object} app
 * @param {string} app.dir            the app's folder (`__dirname` of its webpack.config.js)
 * @param {string} [app.name]         MF name of a page (`host`, `ops_console`); a remote's is its `scope` in remotes.json
 * @param {'host'|'remote'} app.kind
 * @param {Record<string,string>} [app.exposes]  remote only: `./Name` → file
 * @param {string} [app.entry]        host: the entry file; remote: the standalone dev harness entry
 * @param {string} [app.title]        `<title>` of the generated index.html (template: `<dir>/index.html`); a
 *                                    remote's harness: `<scope> harness`
 */
function createAppConfig(app) {
  const { dir, kind, exposes = {} } = app;
  const isHost = kind === 'host';
  const name = isHost ? app.name : remoteOf(dir, exposes).scope;
  const title = app.title ?? (isHost ? 'Wallet' : `${name} harness`);

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

module.exports = { createAppConfig, SINGLETONS, CARRIED_BY_SHARED, DEV_PORTS };
