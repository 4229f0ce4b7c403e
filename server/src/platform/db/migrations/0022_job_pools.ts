import { sql, type Kysely } from 'kysely';

/**
 * The running job worker pools of the database (graphile-worker, one per server process; platform/jobs). Each
 * holds a session advisory lock while its process lives; the others find a pool whose lock is free dead, and take
 * over at once what its process was doing (docs/server.md "Background jobs").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_pools')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_pools').execute();
}
