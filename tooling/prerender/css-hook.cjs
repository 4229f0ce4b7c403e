// Preloaded by tooling/prerender/index.mjs: under Node a `.css` import is not code. Each stylesheet the screens
// import is recorded (in import order) so the prerender can ship the app's own CSS beside the markup; the module
// itself is empty, as style-loader's would be before it runs.
const loaded = [];
require.extensions['.css'] = (module, filename) => {
  if (!loaded.includes(filename)) loaded.push(filename);
  module.exports = {};
};
globalThis.__prerenderCss = loaded;
