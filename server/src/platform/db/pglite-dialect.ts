import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { preparedName } from './prepared';

const { parseDescribeStatementResults, parseResults } = parse;

/**
 * A tiny FIFO mutex. PGlite is a single connection: without it two Kysely transactions would interleave their
 * statements on that connection and silently corrupt each other (toolchain pitfall 8).
 */
export class Mutex {
  private tail: Promise<void> = Promise.resolve();
  /** The holder and the callers waiting behind it. */
  private queued = 0;

  /** Resolves with a release function once every earlier holder has released. */
  lock(): Promise<() => void> {
    let release!: () => void;
    this.queued += 1;
    const next = new Promise<void>((resolve) => {
      let released = false;
      release = () => {
        if (released) return;
        released = true;
        this.queued -= 1;
        resolve();
      };
    });
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }

  /** Held (0 or 1) and waiting callers now. */
  state(): { held: number; waiting: number } {
    return { held: this.queued > 0 ? 1 : 0, waiting: Math.max(0, this.queued - 1) };
  }
}

/** Concatenates protocol messages into one buffer (one call into PGlite). */
const concat = (parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/** One connection (PGlite is one session); exported for tests that count the statements sent. */
export class PGliteConnection implements DatabaseConnection {
  /** Parameter types of the statements prepared in this session, by name. */
  private readonly prepared = new Map<string, number[]>();

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const params = [...compiledQuery.parameters];
    const name = preparedName(compiledQuery.sql);
    const result = name
      ? await this.executePrepared<R>(name, compiledQuery.sql, params)
      : await this.pglite.query<R>(compiledQuery.sql, params, { rowMode: 'object' });
    const command = (result as { command?: string }).command;
    const affected = result.affectedRows;
    const mutating =
      command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return {
      rows: result.rows,
      numAffectedRows: mutating && affected !== undefined ? BigInt(affected) : undefined,
    };
  }

  /**
   * A statement marked PREPARED (prepared.ts): parsed and described once per session as a named statement, then
   * bound and executed in one call into PGlite (its `query` parses, plans and describes every time, in six
   * calls). The result is shaped by PGlite's own parsers, as `query` shapes it.
   */
  private executePrepared<R>(name: string, text: string, params: unknown[]): Promise<Results<R>> {
    const { serialize } = protocol;
    return this.pglite.runExclusive(async () => {
      let types = this.prepared.get(name);
      if (!types) {
        const described = await this.pglite.execProtocolStream(
          concat([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        types = parseDescribeStatementResults(described);
        this.prepared.set(name, types);
      }
      const values = params.map((v, i) => {
        if (v === null || v === undefined) return null;
        const serializer = this.pglite.serializers[types[i] ?? 0];
        return serializer ? serializer(v) : String(v);
      });
      const messages = await this.pglite.execProtocolStream(
        concat([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      if (!this.pglite.isInTransaction()) await this.pglite.syncToFs();
      const [result] = parseResults(messages, this.pglite.parsers, { rowMode: 'object' }) as Results<R>[];
      if (!result) throw new Error('a prepared statement answered no result');
      return result;
    });
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported by the PGlite dialect');
  }
}

class PGliteDriver implements Driver {
  readonly mutex = new Mutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private connection: PGliteConnection | undefined;

  constructor(
    private readonly pglite: PGlite,
    private readonly options: PGliteDialectOptions,
  ) {}

  async init(): Promise<void> {
    await this.pglite.waitReady;
    if (this.options.initSql) await this.pglite.exec(this.options.initSql);
    this.connection = new PGliteConnection(this.pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    if (!this.connection) {
      release();
      throw new Error('PGlite driver is not initialised or already destroyed');
    }
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let sql = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      sql = 'start transaction';
      if (settings.isolationLevel) sql += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) sql += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(sql));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.releases.get(connection);
    this.releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {
    // Wait for the current holder (if any) to finish before closing.
    const release = await this.mutex.lock();
    this.connection = undefined;
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      release();
    }
  }
}

export interface PGliteDialectOptions {
  /** Run once before the first query (the one session's settings). */
  initSql?: string;
}

/** Kysely dialect over one PGlite instance, with transactions serialised by a mutex. */
export class PGliteDialect implements Dialect {
  private driver: PGliteDriver | undefined;

  constructor(
    private readonly pglite: PGlite,
    private readonly options: PGliteDialectOptions = {},
  ) {}

  /** The one connection: in use (0 or 1), idle, and the transactions queued behind it. */
  connections(): { inUse: number; idle: number; waiting: number } {
    const { held, waiting } = this.driver?.mutex.state() ?? { held: 0, waiting: 0 };
    return { inUse: held, idle: 1 - held, waiting };
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    this.driver = new PGliteDriver(this.pglite, this.options);
    return this.driver;
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
