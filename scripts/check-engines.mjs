// Every installed package (package-lock.json) must accept the Node.js that runs this: the README promises Node 20
// and `npm ci` must not warn EBADENGINE. Prints the offenders and exits 1. `npm run check:engines`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const semver = require('semver');
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const node = process.versions.node;
const offenders = Object.entries(lock.packages)
  .filter(([path, info]) => path !== '' && info.engines?.node && !info.optional)
  .filter(([, info]) => !semver.satisfies(node, info.engines.node, { includePrerelease: true }))
  .map(
    ([path, info]) =>
      `${path.replace(/^.*node_modules\//, '')}@${info.version} wants node ${info.engines.node}`,
  );
if (offenders.length > 0) {
  console.error(`These packages do not support Node ${node} (pick versions that do, or an override):`);
  for (const line of offenders) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`engines: every one of ${Object.keys(lock.packages).length - 1} packages accepts Node ${node}`);
