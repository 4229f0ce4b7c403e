// `npm start`: builds whatever has not been built yet, then runs the server, which serves the site, the API and
// the embedded database (PGlite in ./data unless DATABASE_URL says otherwise).
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './apps.mjs';

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--missing'], {
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = spawn(process.execPath, [join(root, 'server', 'dist', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
