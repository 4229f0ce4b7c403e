// `node ../tooling/prerender/index.mjs`, run in a remote's folder after its webpack build: renders the remote's first
// screens (its `src/prerender.tsx`) to static HTML in each language, for the server to paint before any JavaScript
// (docs/architecture.md "First load"). A remote without `src/prerender.tsx` has nothing to do.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const app = process.cwd();
if (!existsSync(join(app, 'src', 'prerender.tsx'))) process.exit(0);
const run = spawnSync(
  process.execPath,
  ['--require', join(here, 'css-hook.cjs'), '--import', 'tsx', join(here, 'render.tsx'), app],
  {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: join(here, 'tsconfig.json') },
  },
);
process.exit(run.status ?? 1);
