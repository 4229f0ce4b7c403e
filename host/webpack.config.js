const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const webpack = require('webpack');
const { InjectManifest } = require('workbox-webpack-plugin');
const { createAppConfig } = require('../tooling/webpack.app');

const appConfig = createAppConfig({
  dir: __dirname,
  name: 'host',
  kind: 'host',
  entry: './src/main.ts',
  title: 'Wallet',
});

/** The languages of the site; one web app manifest each (`/manifest.<lang>.webmanifest`). */
const LANGUAGES = ['th', 'la', 'en'];
/** The shell's colours: the page's theme-color (host/index.html) and the body's background (src/shell/shell.css). */
const THEME_COLOR = '#120f0a';
const BACKGROUND_COLOR = '#0f172a';
/** Icons made from src/assets/favicon.svg (icon-maskable.svg: the same wallet inside the maskable safe zone). */
const ICONS = [
  { file: 'icon-192.png', sizes: '192x192', purpose: 'any' },
  { file: 'icon-512.png', sizes: '512x512', purpose: 'any' },
  { file: 'icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
];

/**
 * Emits the icons as content-hashed files (served immutable) and one manifest per language with the app's name
 * from that language's catalog (src/locales/<lang>/host.json, `appName`). The server's page links the member's.
 */
class WebAppManifestsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('WebAppManifestsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'WebAppManifestsPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const icons = ICONS.map(({ file, sizes, purpose }) => {
            const source = path.join(__dirname, 'src', 'assets', file);
            compilation.fileDependencies.add(source);
            const bytes = fs.readFileSync(source);
            const hash = crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 8);
            const name = `assets/${path.basename(file, '.png')}.${hash}.png`;
            compilation.emitAsset(name, new webpack.sources.RawSource(bytes));
            return { src: `/${name}`, sizes, type: 'image/png', purpose };
          });
          for (const lang of LANGUAGES) {
            const catalog = path.join(__dirname, 'src', 'locales', lang, 'host.json');
            compilation.fileDependencies.add(catalog);
            const { appName } = JSON.parse(fs.readFileSync(catalog, 'utf8'));
            const manifest = {
              id: '/',
              lang,
              dir: 'ltr',
              name: appName,
              short_name: appName,
              start_url: '/user',
              scope: '/',
              display: 'standalone',
              theme_color: THEME_COLOR,
              background_color: BACKGROUND_COLOR,
              icons,
            };
            compilation.emitAsset(
              `manifest.${lang}.webmanifest`,
              new webpack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`),
            );
          }
        },
      );
    });
  }
}

/**
 * The production build adds the service worker (`/sw.js`, src/sw/service-worker.ts, with the precache list of this
 * build), its registration (src/sw/register.ts, a second module of the `main` entry, run after `load`) and the web
 * app manifests. Development builds have none of them: no service worker between the dev server and the code.
 */
module.exports = (env = {}, argv = {}) => {
  const config = appConfig(env, argv);
  if (config.mode !== 'production') return config;
  config.entry = {
    ...config.entry,
    main: [config.entry.main, path.resolve(__dirname, 'src/sw/register.ts')],
  };
  config.plugins.push(
    new WebAppManifestsPlugin(),
    new InjectManifest({
      swSrc: path.resolve(__dirname, 'src/sw/service-worker.ts'),
      swDest: 'sw.js',
      // index.html is rendered by the server per request and main.js belongs to it (both network-first in the
      // worker); the build's JSON files (federation manifests, first-load-chunks.json: read by the server) and
      // licence texts are never fetched by the page.
      // The build's precompressed copies (.br, .gz) are the server's to send in their place.
      exclude: [/^index\.html$/, /^main\.js$/, /\.json$/, /\.LICENSE\.txt$/, /\.map$/, /\.(?:br|gz)$/],
      // Content-hashed names need no revision parameter.
      dontCacheBustURLsMatching: /\.[0-9a-f]{8}\./,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    }),
  );
  return config;
};
