import { sql, type Kysely } from 'kysely';

/**
 * Remote releases (docs/releases.md): each row is one release of a remote's build, a version stored immutably
 * under DATA_DIR/releases/<folder>/<version>/. At most one row per folder is active (a partial unique index); the
 * site serves that one, else the remote's own <folder>/dist. A rollback marks the active row rolled back and
 * activates the latest earlier row that was not rolled back; rows are never deleted (the history).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_releases')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) =>
      c.notNull().check(sql`version ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$'`),
    )
    // The stored build, relative to DATA_DIR (releases/<folder>/<version>).
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('released_by', 'text', (c) => c.notNull())
    .addColumn('released_at', 'timestamptz', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rolled_back_by', 'text')
    .addColumn('rolled_back_at', 'timestamptz')
    .execute();
  await sql`create unique index remote_releases_one_active on remote_releases (folder) where active`.execute(
    db,
  );
  await db.schema
    .createIndex('remote_releases_folder')
    .on('remote_releases')
    .columns(['folder', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('remote_releases').ifExists().execute();
}
