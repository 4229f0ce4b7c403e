import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { migrateToLatest } from '../src/platform/db';
import { PGliteDialect } from '../src/platform/db/pglite-dialect';
import type { Database } from '../src/platform/db/schema';

/**
 * Once per Jest run (server project): one in-memory PGlite database with every migration applied, dumped to a
 * tarball that each suite's app starts from (helpers.ts, `createTestApp`). A fresh PGlite runs initdb and all
 * migrations, about two seconds each time on this project's reference machine and far more on a loaded one;
 * loading the dump skips both. Each app still gets a database of its own (the dump is copied, not shared), and
 * the migrator still runs on it and finds nothing to do. Off with TEST_DATABASE_URL (PostgreSQL: a schema per app).
 */
export const TEMPLATE_ENV = 'WALLET_PGLITE_TEMPLATE';

export default async function globalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL || process.env[TEMPLATE_ENV]) return;
  const pglite = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  await migrateToLatest({ db, kind: 'pglite-memory', schema: 'public' });
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `wallet-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  // Workers start after this and inherit the environment.
  process.env[TEMPLATE_ENV] = file;
}
