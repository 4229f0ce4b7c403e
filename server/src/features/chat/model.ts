/** The support chat's shapes (docs/chat.md): who acts, messages, conversations, reads, files, options. */
/** Who is acting: a member (bearer token), a guest (signed guest token) or a console agent (ops session). */
export type Identity =
  | { kind: 'member'; memberId: string }
  | { kind: 'guest'; guestId: string }
  | { kind: 'agent'; username: string };
export type CustomerIdentity = Exclude<Identity, { kind: 'agent' }>;

export type MessageType = 'text' | 'buttons' | 'media' | 'quick_replies' | 'generic' | 'postback';

/**
 * A stored message as every answer and event carries it (docs/chat.md "Messages"): the fields spec §3 names
 * (`sender`, `message`, `createdAt`, `session_id`, `userId`, `guestId`, `username`, `name`, `deviceToken`) and ours
 * (`id`, `seq`, `conversationId`, `agent`, `clientId`, `readAt`).
 */
export interface ChatMessage {
  id: string;
  /** Per conversation, from 1, no gaps. */
  seq: number;
  /** The room name (PREFIX + memberId or guestId); the same as `session_id`. */
  conversationId: string;
  /** Spec §3: `customer`, or `other` for an agent's message. */
  sender: 'customer' | 'other';
  /** The operator's username for agent messages. */
  agent: string | null;
  /** A text's payload is the text (a string); a media payload's filePath is a signed, expiring URL here. */
  message: { message_type: MessageType; payload: unknown };
  createdAt: string;
  /** The conversation's room name (PREFIX + userId or guestId). */
  session_id: string;
  /** The conversation's customer, on both sides' messages: a member's id, or a guest's id. */
  userId: string | null;
  guestId: string | null;
  /** The member's username (phone) and name when the message was stored; null in a guest's conversation. */
  username: string | null;
  name: string | null;
  /** The device token the customer's client sent with the message; null when none (and on agents' messages). */
  deviceToken: string | null;
  clientId: string | null;
  /** When the other side read it. */
  readAt: string | null;
}

/**
 * What a customer's request or socket event may name besides the message (spec §7's "conversation package"):
 * whatever it names must be the caller's own, else 403 KEY_INVALID (`checkClaims`).
 */
export interface Claims {
  userId?: unknown;
  guestId?: unknown;
  session_id?: unknown;
  /** A socket's `join` names its room so (spec §4). */
  room?: unknown;
  sender?: unknown;
}

/** A conversation as the agents' inbox lists it (docs/chat.md, agents' routes). */
export interface Conversation {
  /** The room name. */
  id: string;
  kind: 'member' | 'guest';
  memberId: string | null;
  guestId: string | null;
  /** The member's phone (username) and name; null for a guest. */
  phone: string | null;
  name: string | null;
  lastMessage: ChatMessage | null;
  lastSeq: number;
  /** Customer messages the agents have not read. */
  unread: number;
  createdAt: string;
  /** Latest activity (the last message, else the creation). */
  updatedAt: string;
}

/** A read receipt: `by` has read every message of the other side up to `seq`. */
export interface ReadEvent {
  conversationId: string;
  by: 'customer' | 'agent';
  seq: number;
}

export type HistoryQuery =
  /** Newest first: `limit` messages after skipping `skip` newest (or those below `beforeSeq`). */
  | { limit: number; skip?: number; beforeSeq?: number }
  /** Oldest first: every message after `afterSeq` (at most `limit`, default 200). */
  | { afterSeq: number; limit?: number };

export interface SendInput {
  /** The sender's own id for the message: a resend with the same clientId stores nothing new. */
  clientId: string;
  message: { message_type: string; payload: unknown };
  /** The customer's device token (spec §3), kept with the message as given; agents send none. */
  deviceToken?: string | null;
}

export interface StoredFile {
  fileId: string;
  /** Signed, expiring URL (`/api/chat/files/<fileId>?exp=…&sig=…`). */
  path: string;
  mime: string;
}

export interface ChatOptions {
  /** Room prefix (CHAT_PREFIX, default `wallet-chat:`). */
  prefix: string;
  /** DATA_DIR; files live under DATA_DIR/chat. */
  dataDir: string;
  /** The server's secret (JWT secret), from which the guest-token and file-URL keys are derived (HKDF). */
  secret: string;
  messagesPerMinute: number;
  guestsPerIpPerHour: number;
  fileUrlTtlMs: number;
  imageMaxBytes: number;
  videoMaxBytes: number;
}

export const DEFAULT_CHAT_OPTIONS = {
  prefix: 'wallet-chat:',
  messagesPerMinute: 30,
  guestsPerIpPerHour: 10,
  fileUrlTtlMs: 3600_000,
  imageMaxBytes: 10 * 1024 * 1024,
  videoMaxBytes: 20 * 1024 * 1024,
} as const;

/** The rate-limit key of a sender: one counter per member, guest or agent, whichever conversation. */
export const senderKey = (identity: Identity): string =>
  identity.kind === 'member'
    ? `m:${identity.memberId}`
    : identity.kind === 'guest'
      ? `g:${identity.guestId}`
      : `a:${identity.username}`;
