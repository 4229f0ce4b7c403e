import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Tables of the chat feature (migrations 0012_chat, 0015_chat_message_fields); only this feature uses them. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string, string>;

export type ChatTables = {
  chat_conversations: {
    /** The room name: PREFIX + member id or guest id. */
    id: string;
    kind: 'member' | 'guest';
    member_id: string | null;
    guest_id: string | null;
    last_seq: ColumnType<number, number | undefined, number>;
    created_at: Timestamp;
    updated_at: Timestamp;
  };
  chat_messages: {
    id: string;
    conversation_id: string;
    seq: number;
    /** The side that wrote it; the wire calls an agent `other` (spec §3). */
    sender: 'customer' | 'agent';
    agent: string | null;
    message_type: string;
    /** A text's payload is the text itself (a JSON string); the other types' are objects. */
    payload: Json;
    client_id: string | null;
    created_at: Timestamp;
    read_at: NullableTimestamp;
    /** The conversation's customer, on both sides' messages: its member id or guest id. */
    user_id: string | null;
    guest_id: string | null;
    /** A member's username (phone) and name when the message was stored; null for a guest. */
    username: string | null;
    name: string | null;
    /** What the customer's client gave as its device token with the message (null: none, and agents'). */
    device_token: string | null;
  };
  chat_files: {
    id: string;
    conversation_id: string;
    uploaded_by: string;
    kind: 'image' | 'video';
    mime: string;
    size: number;
    file_name: string;
    created_at: Timestamp;
  };
};

export const chatDb = <T extends Kysely<Database>>(db: T): Kysely<Database & ChatTables> =>
  db.withTables<ChatTables>();
