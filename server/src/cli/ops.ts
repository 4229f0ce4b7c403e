/**
 * Operator CLI: `npm run ops -- list|get|set …`, `bonus …`, `promotion …` (from the repository root; `help`).
 */
import { ConfigError } from '../platform/config';
import { runOps } from './ops-client';

runOps(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((e: unknown) => {
    console.error(e instanceof ConfigError || e instanceof Error ? e.message : String(e));
    process.exit(1);
  });
