// What a first load needs, prepared at build time: the host's lazy chunks for the server's preload hints, and V8's
// compile hints on the scripts that run as soon as they load.
const path = require('node:path');
const webpack = require('webpack');

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
 * the server can preload a route's lazy chunks in the page it renders (server/src/platform/index-page/).
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

module.exports = { FirstLoadChunks, CompileHints };
