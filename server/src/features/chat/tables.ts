import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Tables of the chat feature (migration 0012_chat); only this feature reads or writes them. */
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
    sender: 'customer' | 'agent';
    agent: string | null;
    message_type: string;
    payload: Json;
    client_id: string | null;
    created_at: Timestamp;
    read_at: NullableTimestamp;
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
