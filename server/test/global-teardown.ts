import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Removes the migrated PGlite template that global-setup.ts wrote for this run. */
export default function globalTeardown(): void {
  rmSync(path.join(os.tmpdir(), `wallet-pglite-template-${process.pid}.tar`), { force: true });
}
