import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import { preparedName } from './prepared';

export { PREPARED } from './prepared';
import { migrationProvider } from './migrations';
import type { Database } from './schema';
import type { NotificationSource } from '../member-events';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  dataDir: string;
  /**
   * For memory://: start from this PGlite data folder (a `dumpDataDir()` tarball) instead of running initdb. The
   * test suites pass one migrated database here (server/test/global-setup.ts), so each app skips initdb and the
   * migrations; the migrator still runs and finds nothing to do.
   */
  pgliteTemplate?: Blob;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite-memory' | 'pglite-disk' | 'postgres';
  /** The schema holding our tables (and the migration table). */
  schema: string;
  /** LISTEN on a channel: PGlite's own listener, or one dedicated PostgreSQL connection that reconnects. */
  listen: NotificationSource;
  /** memory:// only: the whole database as a PGlite data-folder dump (memory-template.ts). */
  dump?: () => Promise<Blob>;
  /** The connections now (metrics): PostgreSQL's pool; PGlite's one connection (in use 0 or 1, and queued). */
  connections(): ConnectionStats;
  close(): Promise<void>;
}

export interface ConnectionStats {
  inUse: number;
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

const INT8_OID = 20;

/** pg's client, sending the statements marked PREPARED as named prepared statements. */
class PreparingClient extends pg.Client {
  // pg's query() has many overloads; Kysely calls query(text, values).
  override query(...args: unknown[]): never {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && args.length === 2) {
      const name = preparedName(text);
      if (name) return super.query({ name, text, values } as never) as never;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** Opens the database chosen by DATABASE_URL (see config.ts). */
export function openDatabase(opts: DatabaseOptions): DatabaseHandle {
  let dialect: Dialect;
  let kind: DatabaseHandle['kind'];
  let listen: NotificationSource;
  let dump: DatabaseHandle['dump'];
  let connections: DatabaseHandle['connections'];
  const schema = opts.databaseSchema ?? 'public';
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    kind = 'postgres';
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      Client: PreparingClient,
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
    connections = () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    listen = postgresListener(opts.databaseUrl);
  } else if (opts.databaseUrl === 'memory://') {
    kind = 'pglite-memory';
    const pglite = new PGlite(opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate } : {});
    // Nothing of an in-memory database outlives the process, so a commit need not wait for its WAL flush (the
    // order and atomicity of transactions are unchanged; a database on disk keeps the default).
    const lite = new PGliteDialect(pglite, { initSql: 'set synchronous_commit = off' });
    dialect = lite;
    connections = () => lite.connections();
    listen = (channel, onPayload) => pgliteListen(pglite, channel, onPayload);
    dump = async () => (await pglite.dumpDataDir('none')) as Blob;
  } else {
    kind = 'pglite-disk';
    const dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    const pglite = new PGlite(dir);
    const lite = new PGliteDialect(pglite);
    dialect = lite;
    connections = () => lite.connections();
    listen = (channel, onPayload) => pgliteListen(pglite, channel, onPayload);
  }
  const db = new Kysely<Database>({ dialect });
  return { db, kind, schema, listen, ...(dump ? { dump } : {}), connections, close: () => db.destroy() };
}

async function pgliteListen(
  pglite: PGlite,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<() => Promise<void>> {
  const unlisten = await pglite.listen(channel, onPayload);
  return async () => {
    // The database may already be closed on shutdown: nothing is left to unlisten from.
    if (!pglite.closed) await unlisten().catch(() => undefined);
  };
}

/**
 * LISTEN on PostgreSQL needs a connection of its own (a pooled one goes back to the pool). It reconnects with
 * backoff (0.5 s doubling to 30 s) when the connection drops; events sent while it was down are not replayed —
 * pages catch up by reloading when their own socket reconnects (docs/realtime.md).
 */
function postgresListener(connectionString: string): NotificationSource {
  return async (channel, onPayload) => {
    let client: pg.Client | undefined;
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = 500;
    const scheduleReconnect = (): void => {
      if (closed || retry) return;
      retry = setTimeout(() => {
        retry = undefined;
        connect().catch(scheduleReconnect);
      }, delay);
      delay = Math.min(delay * 2, 30_000);
    };
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString });
      const lost = (): void => {
        if (client !== c) return;
        client = undefined;
        c.end().catch(() => undefined);
        scheduleReconnect();
      };
      c.on('notification', (n) => {
        if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
      });
      c.on('error', lost);
      c.on('end', lost);
      try {
        await c.connect();
        await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      } catch (e) {
        c.end().catch(() => undefined);
        throw e;
      }
      if (closed) {
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      delay = 500;
    };
    await connect();
    return async () => {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    };
  };
}
/**
 * The session advisory lock under which migrations run on PostgreSQL, one database-wide key: Kysely's migrator first
 * reads the catalogue of every schema of the database (`getTables`, with `pg_get_serial_sequence` per column), and a
 * migration changing a table at that moment — another server starting, or another schema's app in the test suites
 * — fails that read ("column … does not exist"). Whoever drops a schema of this database takes it too
 * (server/test/helpers.ts).
 */
export const MIGRATION_LOCK = 0x77616c6c6574;

/**
 * Runs every pending migration; throws with the failing migration's error. On PostgreSQL one server (or app) of the
 * database at a time, under MIGRATION_LOCK.
 */
export async function migrateToLatest(handle: Pick<DatabaseHandle, 'db' | 'kind' | 'schema'>): Promise<void> {
  if (handle.kind !== 'postgres') return runMigrations(handle);
  await handle.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await runMigrations(handle);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}

async function runMigrations(handle: Pick<DatabaseHandle, 'db' | 'schema'>): Promise<void> {
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
