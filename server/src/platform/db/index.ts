import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { Kysely, Migrator, PostgresDialect, type Dialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  dataDir: string;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite-memory' | 'pglite-disk' | 'postgres';
  /** The schema holding our tables (and the migration table). */
  schema: string;
  close(): Promise<void>;
}

const INT8_OID = 20;

/** Opens the database chosen by DATABASE_URL (see config.ts). */
export function openDatabase(opts: DatabaseOptions): DatabaseHandle {
  let dialect: Dialect;
  let kind: DatabaseHandle['kind'];
  const schema = opts.databaseSchema ?? 'public';
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    kind = 'postgres';
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // Amounts are bigint minor units well inside Number.MAX_SAFE_INTEGER; PGlite returns numbers too.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID
            ? (v: string) => Number(v)
            : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
      },
      ...(opts.databaseSchema ? { options: `-c search_path=${opts.databaseSchema}` } : {}),
    });
    dialect = new PostgresDialect({ pool });
  } else if (opts.databaseUrl === 'memory://') {
    kind = 'pglite-memory';
    dialect = new PGliteDialect(new PGlite());
  } else {
    kind = 'pglite-disk';
    const dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    dialect = new PGliteDialect(new PGlite(dir));
  }
  const db = new Kysely<Database>({ dialect });
  return { db, kind, schema, close: () => db.destroy() };
}

/** Runs every pending migration; throws with the failing migration's error. */
export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider,
    migrationTableSchema: handle.schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    if (failed) err.message = `migration ${failed.migrationName} failed: ${err.message}`;
    throw err;
  }
}

/** Deletes one-time codes and sessions that expired more than a day ago (run on start). */
export async function purgeStale(db: Db, clock: { now(): Date }): Promise<void> {
  const cutoff = new Date(clock.now().getTime() - 24 * 3600_000);
  await db.deleteFrom('otps').where('expires_at', '<', cutoff).execute();
  await db.deleteFrom('sessions').where('expires_at', '<', cutoff).execute();
}
