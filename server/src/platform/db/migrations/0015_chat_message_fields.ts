import { sql, type Kysely } from 'kysely';

/**
 * The support chat's messages carry the fields spec §3 names (docs/chat.md "Messages"): the conversation's customer
 * (`user_id` or `guest_id`, and a member's `username` and `name` as they were when the message was stored) and the
 * `device_token` the customer's client gave with it. Rows stored before are filled from their conversation and its
 * member. A text message's payload becomes the text itself, a JSON string (it was `{ text }`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table chat_messages
    add column user_id text,
    add column guest_id text,
    add column username text,
    add column name text,
    add column device_token text`.execute(db);
  await sql`update chat_messages m
    set user_id = c.member_id, guest_id = c.guest_id, username = mb.username, name = mb.name
    from chat_conversations c left join members mb on mb.id = c.member_id
    where c.id = m.conversation_id`.execute(db);
  await sql`update chat_messages set payload = payload -> 'text'
    where message_type = 'text' and jsonb_typeof(payload) = 'object' and jsonb_typeof(payload -> 'text') = 'string'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update chat_messages set payload = jsonb_build_object('text', payload)
    where message_type = 'text' and jsonb_typeof(payload) = 'string'`.execute(db);
  await sql`alter table chat_messages
    drop column if exists user_id,
    drop column if exists guest_id,
    drop column if exists username,
    drop column if exists name,
    drop column if exists device_token`.execute(db);
}
