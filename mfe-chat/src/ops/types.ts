/**
 * The chat's shapes as the agents' routes and the `/chat` namespace carry them (docs/chat.md "Messages" and
 * "HTTP (agents)"). A payload arrives as `unknown` from the server; `payloadOf` narrows what the inbox shows.
 */
import type {
  ChatButton,
  ChatMessage as StoredMessage,
  GenericElement,
  MediaFileType,
} from '../common/chat-contract';

export type {
  ButtonType,
  ChatButton,
  GenericElement,
  MediaFileType,
  ReadEvent,
  UploadedFile,
} from '../common/chat-contract';

export type MessageType = 'text' | 'buttons' | 'media' | 'quick_replies' | 'generic' | 'postback';

export interface QuickReply {
  title: string;
  payload: string;
}

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

/** A stored message as the inbox reads it: the payload stays `unknown` until `payloadOf` narrows it. */
export type ChatMessage = StoredMessage<{ message_type: MessageType; payload: unknown }>;

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

export interface TypingEvent {
  conversationId: string;
  by: 'customer' | 'agent';
}
