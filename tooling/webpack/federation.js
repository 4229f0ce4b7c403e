// The Module Federation runtime of a page: provided by the page's host (the member shell, the operators' console),
// taken from there by the remotes' production builds.
const path = require('node:path');

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

module.exports = { federationExperiments, injectExternalRuntimeCore };
