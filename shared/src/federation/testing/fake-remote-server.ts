import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A test helper (`@wallet/shared/federation/testing`): fake remotes on a real HTTP server, for the runtime tests of
// the remote-failure policy in both shells.

/** How the server answers one request: the remote's file, an error status, or never. */
export type Answer = 'ok' | 500 | 404 | 'hang';

/** The three files of a remote as the runtime fetches them: manifest, entry script, the exposed module's chunk. */
export type RemoteFile = 'mf-manifest.json' | 'remoteEntry.js' | 'home.chunk.js';

export interface FakeRemote {
  /** `http://127.0.0.1:<port>/<name>/mf-manifest.json`, to register with the runtime. */
  manifestUrl: string;
  /** The next answers for a file, in order; once they are used up the file is served. */
  plan(file: RemoteFile, ...answers: Answer[]): void;
  /** From now on every file is served ("the remote is back"). */
  recover(): void;
  /** When each request for a file arrived (ms, `performance.now()`). */
  requests(file: RemoteFile): number[];
}

export interface FakeRemoteServer {
  origin: string;
  /**
   * A remote under `/<name>/`: a real manifest, an entry script defining a global container (as a webpack
   * remote's does) and a chunk loaded by a script element when the container's `get('./<expose>')` is called
   * (`./Home` unless told); its parcel renders "<expose> of <name>". Each remote has its own global names, so the
   * tests do not share state.
   */
  remote(name: string, expose?: string): FakeRemote;
  close(): Promise<void>;
}

function manifest(name: string, expose: string) {
  return {
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      buildInfo: { buildVersion: '1.0.0', buildName: name },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: `fake_${name}`,
      pluginVersion: '2.9.2',
      publicPath: 'auto',
    },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: `${name}:${expose}`,
        name: expose,
        path: `./${expose}`,
        assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
      },
    ],
  };
}

/**
 * A container like webpack's: `get` loads the module's chunk with a script element; a `get` while the chunk is
 * on its way joins that request, which fails after `chunkTimeoutMs` (webpack's `chunkLoadTimeout`); a chunk that
 * failed is requested again by the next `get`.
 */
function remoteEntry(name: string, expose: string, chunkUrl: string, chunkTimeoutMs: number): string {
  return `(function () {
  var loaded = null;
  function loadChunk() {
    if (loaded) return loaded;
    loaded = new Promise(function (resolve, reject) {
      var script = document.createElement('script');
      var timer = setTimeout(function () { fail('timed out'); }, ${chunkTimeoutMs});
      function fail(reason) {
        clearTimeout(timer);
        script.onload = script.onerror = null;
        script.remove();
        loaded = null;
        reject(new Error('ChunkLoadError: ' + reason + ': ' + script.src));
      }
      script.setAttribute('async', '');
      script.src = ${JSON.stringify(chunkUrl)};
      script.onload = function () { clearTimeout(timer); script.remove(); resolve(); };
      script.onerror = function () { fail('failed'); };
      document.head.appendChild(script);
    });
    return loaded;
  }
  window[${JSON.stringify(`fake_${name}`)}] = {
    init: function () { return Promise.resolve(); },
    get: function (request) {
      if (request !== ${JSON.stringify(`./${expose}`)}) return Promise.reject(new Error('Module "' + request + '" does not exist in container.'));
      return loadChunk().then(function () {
        var module = window[${JSON.stringify(`fake_chunk_${name}`)}];
        return function () { return module; };
      });
    }
  };
})();`;
}

function chunk(name: string, expose: string): string {
  return `window[${JSON.stringify(`fake_chunk_${name}`)}] = {
  default: {
    bootstrap: function () { return Promise.resolve(); },
    mount: function (props) {
      var p = document.createElement('p');
      p.setAttribute('data-testid', 'remote-content');
      p.textContent = ${JSON.stringify(`${expose} of ${name}`)};
      props.domElement.appendChild(p);
      return Promise.resolve();
    },
    unmount: function (props) { props.domElement.textContent = ''; return Promise.resolve(); }
  }
};`;
}

/** A real HTTP server on the loopback address (a free port) serving fake remotes whose answers a test plans. */
export async function startFakeRemoteServer({ chunkTimeoutMs = 2_000 } = {}): Promise<FakeRemoteServer> {
  const remotes = new Map<
    string,
    { expose: string; plans: Map<RemoteFile, Answer[]>; seen: Map<RemoteFile, number[]> }
  >();
  const hanging = new Set<ServerResponse>();
  let origin = '';

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const [, name = '', file = ''] = new URL(req.url ?? '/', origin).pathname.split('/');
    const remote = remotes.get(name);
    const known = file === 'mf-manifest.json' || file === 'remoteEntry.js' || file === 'home.chunk.js';
    if (!remote || !known) {
      res.writeHead(404).end();
      return;
    }
    const seen = remote.seen.get(file) ?? [];
    seen.push(performance.now());
    remote.seen.set(file, seen);
    const answer = remote.plans.get(file)?.shift() ?? 'ok';
    if (answer === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (answer !== 'ok') {
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(`HTTP ${answer}`);
      return;
    }
    const base = `${origin}/${name}`;
    const [type, body] =
      file === 'mf-manifest.json'
        ? ['application/json', JSON.stringify(manifest(name, remote.expose))]
        : file === 'remoteEntry.js'
          ? ['text/javascript', remoteEntry(name, remote.expose, `${base}/home.chunk.js`, chunkTimeoutMs)]
          : ['text/javascript', chunk(name, remote.expose)];
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' }).end(body);
  };

  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    remote(name, expose = 'Home') {
      const state = { expose, plans: new Map<RemoteFile, Answer[]>(), seen: new Map<RemoteFile, number[]>() };
      remotes.set(name, state);
      return {
        manifestUrl: `${origin}/${name}/mf-manifest.json`,
        plan: (file, ...answers) => state.plans.set(file, answers),
        recover: () => state.plans.clear(),
        requests: (file) => state.seen.get(file) ?? [],
      };
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
