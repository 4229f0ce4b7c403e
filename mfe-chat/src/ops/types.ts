/**
 * The chat's shapes as the agents' routes and the `/chat` namespace carry them (docs/chat.md "Messages" and
 * "HTTP (agents)"). A payload arrives as `unknown` from the server; `payloadOf` narrows what the inbox shows.
 */
export type MessageType = 'text' | 'buttons' | 'media' | 'quick_replies' | 'generic' | 'postback';

export type ButtonType = 'web' | 'call' | 'postback';
/** web: an https URL; call: a phone number; postback: what the customer's tap sends back. */
export interface ChatButton {
  type: ButtonType;
  title: string;
  payload: string;
}
export interface QuickReply {
  title: string;
  payload: string;
}
export interface GenericElement {
  image_url: string;
  title: string;
  subtitle?: string;
  buttons?: ChatButton[];
}
export type MediaFileType = 'image' | 'video' | 'file';

/** What an agent may send: every type (customers: text, media and postback). */
export type OutgoingMessage =
  /** Spec §3: a text's payload is the text itself. */
  | { message_type: 'text'; payload: string }
  | { message_type: 'buttons'; payload: { text: string; buttons: ChatButton[] } }
  | { message_type: 'quick_replies'; payload: { text: string; quick_replies: QuickReply[] } }
  | { message_type: 'generic'; payload: { elements: GenericElement[] } }
  | {
      message_type: 'media';
      payload: { message?: string; url: true; fileType: MediaFileType; filePath: string };
    }
  | { message_type: 'postback'; payload: { title: string; payload: string } };

/** A stored message: spec §3's fields, then the server's own. */
export interface ChatMessage {
  /** `other`: an agent's message. */
  sender: 'customer' | 'other';
  message: { message_type: MessageType; payload: unknown };
  createdAt: string;
  /** The conversation's room (the same as `conversationId`). */
  session_id: string;
  /** The conversation's customer: a member's id, or a guest's id; a member's username (phone) and name. */
  userId: string | null;
  guestId: string | null;
  username: string | null;
  name: string | null;
  /** The device token the customer's client sent with it (null: none, and on agents' messages). */
  deviceToken: string | null;
  id: string;
  /** Per conversation, from 1, no gaps. */
  seq: number;
  /** The room name. */
  conversationId: string;
  /** The operator's username for agent messages. */
  agent: string | null;
  clientId: string | null;
  /** When the other side read it. */
  readAt: string | null;
}

/** An open conversation as `GET /api/ops/chat/conversations` lists it. */
export interface Conversation {
  /** The room name (PREFIX + member id or guest id). */
  id: string;
  kind: 'member' | 'guest';
  memberId: string | null;
  guestId: string | null;
  /** The member's phone and name; null for a guest. */
  phone: string | null;
  name: string | null;
  lastMessage: ChatMessage | null;
  lastSeq: number;
  /** Customer messages the agents have not read. */
  unread: number;
  createdAt?: string;
  /** Latest activity; the list falls back to the last message's time when the server leaves it out. */
  updatedAt?: string;
}

/** `chat:read`: `by` has read every message of the other side up to `seq`. */
export interface ReadEvent {
  conversationId: string;
  by: 'customer' | 'agent';
  seq: number;
}
export interface TypingEvent {
  conversationId: string;
  by: 'customer' | 'agent';
}

/** An upload's answer: the signed path a media message names. */
export interface UploadedFile {
  path: string;
  fileId: string;
}
