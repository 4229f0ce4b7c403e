import { sql, type Kysely } from 'kysely';

/**
 * The support chat (docs/chat.md): one conversation per customer (a member or a guest), keyed by its room name;
 * its messages, numbered per conversation by `seq` (1, 2, …, no gaps: the send statement takes the next number
 * from `chat_conversations.last_seq` while it holds that row's lock, and a failed insert rolls the number back
 * with it); the files uploaded into it (stored under DATA_DIR/chat, typed by their bytes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('chat_conversations')
    // The room name: PREFIX + member id or guest id.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('member', 'guest')`))
    .addColumn('member_id', 'text', (c) => c.references('members.id'))
    .addColumn('guest_id', 'text')
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint(
      'chat_conversations_owner',
      sql`(kind = 'member' and member_id is not null and guest_id is null) or
          (kind = 'guest' and guest_id is not null and member_id is null)`,
    )
    .execute();
  await db.schema
    .createIndex('chat_conversations_active')
    .on('chat_conversations')
    .columns(['updated_at'])
    .where(sql.ref('last_seq'), '>', 0)
    .execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id'))
    .addColumn('seq', 'integer', (c) => c.notNull().check(sql`seq > 0`))
    .addColumn('sender', 'text', (c) => c.notNull().check(sql`sender in ('customer', 'agent')`))
    .addColumn('agent', 'text')
    .addColumn('message_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .addUniqueConstraint('chat_messages_seq', ['conversation_id', 'seq'])
    .execute();
  // A resend of the same clientId by the same side stores nothing new.
  await sql`create unique index chat_messages_client on chat_messages (conversation_id, sender, client_id)
    where client_id is not null`.execute(db);
  // The agents' unread counts.
  await sql`create index chat_messages_unread on chat_messages (conversation_id, sender)
    where read_at is null`.execute(db);

  await db.schema
    .createTable('chat_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id'))
    // 'customer' or 'agent:<username>'.
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('image', 'video')`))
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // Relative to DATA_DIR/chat.
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_files_conversation').on('chat_files').column('conversation_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_files').ifExists().execute();
  await db.schema.dropTable('chat_messages').ifExists().execute();
  await db.schema.dropTable('chat_conversations').ifExists().execute();
}
