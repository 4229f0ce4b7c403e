/**
 * Release CLI: `npm run release -- <remote> <build-dir|version>`, `list`, `rollback <remote>` (from the repository
 * root; `help`). See docs/releases.md.
 */
import { ConfigError } from '../platform/config';
import { runRelease } from './release-client';

runRelease(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((e: unknown) => {
    console.error(e instanceof ConfigError || e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
