import { sql, type Kysely } from 'kysely';

/**
 * Operators of the back office (docs/operators.md): accounts with a role (admin, finance, support), an argon2id
 * password and TOTP two-factor (RFC 6238) with one-use recovery codes; their sessions (an opaque token, stored as
 * its SHA-256, with an idle and an absolute expiry); and the audit log of every operator action, append-only
 * like the ledger (a trigger refuses UPDATE and DELETE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(sql`username ~ '^[a-z0-9._-]{3,32}$'`),
    )
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'finance', 'support')`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'disabled')`),
    )
    // Base32 TOTP secret: pending while enrolment waits for its first code, then enabled.
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    // The time step of the last code accepted: a code is never accepted twice.
    .addColumn('totp_last_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('operator_recovery_codes')
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('operator_recovery_codes_pk', ['operator_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('operator_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('operator_id', 'text', (c) => c.notNull().references('operators.id'))
    // password: waits for a TOTP code; enrol: must enrol TOTP first; full: signed in.
    .addColumn('stage', 'text', (c) => c.notNull().check(sql`stage in ('password', 'enrol', 'full')`))
    .addColumn('failed_codes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema
    .createIndex('operator_sessions_operator')
    .on('operator_sessions')
    .column('operator_id')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    // The operator's id (null for the CLI, which acts with the operator secret) and name as it was then.
    .addColumn('operator_id', 'text', (c) => c.references('operators.id'))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await sql`
    create function audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only', tg_table_name using errcode = '55000';
    end $$`.execute(db);
  await sql`create trigger audit_log_append_only before update or delete on audit_log
    for each statement execute function audit_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists audit_log_append_only on audit_log`.execute(db);
  await sql`drop function if exists audit_append_only()`.execute(db);
  await db.schema.dropTable('audit_log').ifExists().execute();
  await db.schema.dropTable('operator_sessions').ifExists().execute();
  await db.schema.dropTable('operator_recovery_codes').ifExists().execute();
  await db.schema.dropTable('operators').ifExists().execute();
}
