// Type-checks every workspace with its own tsconfig, as many at once as the machine has cores (each tsc is one
// thread); prints each workspace's errors together and exits non-zero when any failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { remotes } from './apps.mjs';

const workspaces = [
  // The largest first, so that the pool ends together.
  'server',
  'ops-console',
  'host',
  ...remotes,
  'shared',
  'e2e',
  'api-types',
  // The build-time prerender of the remotes' first screens (it type-checks the remotes' sources it renders too).
  'tooling/prerender',
];

function check(ws) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npx', ['tsc', '-p', ws, '--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output) process.stdout.write(output);
      if (code === 0) console.log(`typecheck ${ws}: ok (${seconds} s)`);
      else console.error(`typecheck ${ws}: FAILED (${seconds} s)`);
      resolve(code === 0);
    });
  });
}

const queue = [...workspaces];
let failed = false;
const worker = async () => {
  for (let ws = queue.shift(); ws !== undefined; ws = queue.shift()) if (!(await check(ws))) failed = true;
};
const lanes = Math.max(
  1,
  Math.min(Number(process.env.TYPECHECK_JOBS) || availableParallelism(), workspaces.length),
);
await Promise.all(Array.from({ length: lanes }, worker));
process.exit(failed ? 1 : 0);
