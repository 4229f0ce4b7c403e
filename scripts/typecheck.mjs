// Type-checks every workspace with its own tsconfig; exits non-zero on the first failure.
import { execFileSync } from 'node:child_process';
import { remotes } from './apps.mjs';

const workspaces = [
  'shared',
  'api-types',
  'host',
  'ops-console',
  ...remotes,
  'server',
  'e2e',
  // The build-time prerender of the remotes' first screens (it type-checks the remotes' sources it renders too).
  'tooling/prerender',
];
let failed = false;
for (const ws of workspaces) {
  try {
    execFileSync('npx', ['tsc', '-p', ws, '--noEmit'], { stdio: 'inherit' });
    console.log(`typecheck ${ws}: ok`);
  } catch {
    console.error(`typecheck ${ws}: FAILED`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
