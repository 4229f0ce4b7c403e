// Builds the server and every front-end app, one at a time (parallel webpack builds contend on two cores).
// `node scripts/build.mjs --missing` builds only what has no output yet; `node scripts/build.mjs mfe-auth` builds one app.
import { spawnSync } from 'node:child_process';
import { apps, isBuilt, root, serverBuilt } from './apps.mjs';

const args = process.argv.slice(2);
const usage = `usage: node scripts/build.mjs [--missing] [server|${apps.join('|')} ...]`;
if (args.includes('--help') || args.includes('-h')) {
  console.log(usage);
  process.exit(0);
}
const unknownFlags = args.filter((a) => a.startsWith('-') && a !== '--missing');
if (unknownFlags.length > 0) {
  console.error(`unknown option: ${unknownFlags.join(' ')}\n${usage}`);
  process.exit(2);
}
const onlyMissing = args.includes('--missing');
const named = args.filter((a) => !a.startsWith('-'));
const targets = named.length > 0 ? named : ['server', ...apps];

function run(label, cmd, cmdArgs) {
  const started = Date.now();
  const result = spawnSync(cmd, cmdArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    console.error(`build ${label}: FAILED`);
    process.exit(result.status ?? 1);
  }
  console.log(`build ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

for (const target of targets) {
  if (target === 'server') {
    if (onlyMissing && serverBuilt()) continue;
    run('server', 'npm', ['run', 'build', '-w', 'server']);
  } else if (apps.includes(target)) {
    if (onlyMissing && isBuilt(target)) continue;
    run(target, 'npm', ['run', 'build', '-w', target]);
  } else {
    console.error(`unknown build target: ${target}`);
    process.exit(2);
  }
}
