// The chat's shapes as the server sends them (docs/chat.md "Messages"), shared by the customer's widget and the
// agents' inbox: one stored message, its buttons and media, and the read receipt.

export type ButtonType = 'web' | 'call' | 'postback';

/**
 * web: an https URL; call: a phone number; postback: what the customer's tap sends back. `T` is the types a part
 * accepts: the inbox sends only these, the widget also reads a type a later server may add (and skips it).
 */
export interface ChatButton<T extends string = ButtonType> {
  type: T;
  title: string;
  payload: string;
}

export interface GenericElement<B = ChatButton> {
  image_url: string;
  title: string;
  subtitle?: string;
  buttons?: B[];
}

export type MediaFileType = 'image' | 'video' | 'file';

/**
 * A stored message: spec §3's fields, then the server's own. `M` is how a part reads the message body: the widget
 * narrows it to the types it shows, the inbox keeps the payload `unknown` until it shows it.
 */
export interface ChatMessage<M> {
  /** `other`: an agent's message. */
  sender: 'customer' | 'other';
  message: M;
  createdAt: string;
  /** The conversation's room (PREFIX + userId or guestId; the same as `conversationId`). */
  session_id: string;
  /** The conversation's customer: a member's id or a guest's id, and a member's username (phone) and name. */
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
  /** The operator's username of an agent's message. */
  agent: string | null;
  clientId: string | null;
  /** When the other side read it. */
  readAt: string | null;
}

/** `chat:read`: `by` has read every message of the other side up to `seq`. */
export interface ReadEvent {
  conversationId: string;
  by: 'customer' | 'agent';
  seq: number;
}

/** An upload's answer: the signed path a media message names. */
export interface UploadedFile {
  path: string;
  fileId: string;
}
