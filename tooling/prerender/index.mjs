// `node ../tooling/prerender/index.mjs`, run in an app's folder after its webpack build:
// - a remote's first screens (its `src/prerender.tsx`, render.tsx) to static HTML in each language;
// - the host's first-paint frame (its `src/shell/page-frame.tsx`, frame.tsx): host/dist/page-frame.json;
// for the server to paint before any JavaScript (docs/architecture.md "First load"). An app with neither has
// nothing to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const app = process.cwd();
const jobs = [
  ['prerender.tsx', 'render.tsx'],
  [join('shell', 'page-frame.tsx'), 'frame.tsx'],
].filter(([source]) => existsSync(join(app, 'src', source)));
for (const [, script] of jobs) {
  const run = spawnSync(
    process.execPath,
    ['--require', join(here, 'css-hook.cjs'), '--import', 'tsx', join(here, script), app],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: join(here, 'tsconfig.json') },
    },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
