// `npm run tour [folder]`: the screenshot tour. Starts the built site (server/dist and the built front ends: run
// `npm run build` first) on a fresh database, walks every page and window of e2e/tour/states/ in th, la and en at
// 390×844 and 320×640 in Chromium, and writes the screenshots and the contact sheet `index.html` (plus report.json)
// to the folder: `tour/` at the repository root unless one is given. The same walk runs the axe-core and overflow
// checks of e2e/tests/tour.test.ts; the exit status is theirs.
//   TOUR_TODO=1   report the axe-core and overflow findings without failing
//   TOUR_TAP=file also write a TAP report there (scripts/test-all.sh counts it)
//   CHROMIUM_PATH the browser (default /usr/bin/chromium)
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apps, isBuilt, serverBuilt } from '../../scripts/apps.mjs';

const e2e = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(e2e, '..');
const folder = resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2] ?? join(root, 'tour'));

const missing = [...(serverBuilt() ? [] : ['server']), ...apps.filter((app) => !isBuilt(app))];
if (missing.length > 0) {
  console.error(`tour: not built yet: ${missing.join(', ')}. Run \`npm run build\` first.`);
  process.exit(2);
}

const reporters = ['--test-reporter=spec', '--test-reporter-destination=stdout'];
if (process.env.TOUR_TAP)
  reporters.push('--test-reporter=tap', `--test-reporter-destination=${resolve(process.env.TOUR_TAP)}`);

const run = spawnSync(
  process.execPath,
  ['--test', '--test-concurrency=1', '--import', 'tsx', ...reporters, 'tests/tour.test.ts'],
  { cwd: e2e, stdio: 'inherit', env: { ...process.env, TOUR_DIR: folder } },
);
console.log(`\ncontact sheet: ${join(folder, 'index.html')}`);
process.exit(run.status ?? 1);
