// The customer's side of the chat contract (docs/chat.md "Messages"). The agents' inbox has its own copy: the two
// parts ship separately and each reads only what it shows.

export type ButtonType = 'web' | 'call' | 'postback';

export interface ChatButton {
  type: ButtonType | string;
  title: string;
  payload: string;
}

export interface MediaPayload {
  message?: string;
  url: true;
  fileType: 'image' | 'video' | 'file';
  filePath: string;
}
export interface ButtonsPayload {
  text: string;
  buttons: ChatButton[];
}
export interface QuickRepliesPayload {
  text: string;
  quick_replies: { title: string; payload: string }[];
}
export interface GenericElement {
  image_url: string;
  title: string;
  subtitle?: string;
  buttons?: ChatButton[];
}
export interface GenericPayload {
  elements: GenericElement[];
}
export interface PostbackPayload {
  title: string;
  payload: string;
}

export type MessageBody =
  /** Spec §3: a text's payload is the text itself. */
  | { message_type: 'text'; payload: string }
  | { message_type: 'media'; payload: MediaPayload }
  | { message_type: 'buttons'; payload: ButtonsPayload }
  | { message_type: 'quick_replies'; payload: QuickRepliesPayload }
  | { message_type: 'generic'; payload: GenericPayload }
  | { message_type: 'postback'; payload: PostbackPayload };

/** What a customer may send (anything else is `400 KEY_INVALID`). */
export type OutgoingMessage = Extract<MessageBody, { message_type: 'text' | 'media' | 'postback' }>;

/** A stored message: spec §3's fields, then the server's own (docs/chat.md "Messages"). */
export interface ChatMessage {
  /** `other`: an agent. */
  sender: 'customer' | 'other';
  message: MessageBody;
  createdAt: string;
  /** The conversation's room (PREFIX + userId or guestId). */
  session_id: string;
  /** The conversation's customer: a member's id or a guest's id, and a member's username and name. */
  userId: string | null;
  guestId: string | null;
  username: string | null;
  name: string | null;
  deviceToken: string | null;
  id: string;
  seq: number;
  conversationId: string;
  /** The operator's username of an agent's message. */
  agent: string | null;
  clientId: string | null;
  readAt: string | null;
}

/** Spec §3 delivery statuses of what the customer sends; `succeed` ones become stored messages. */
export type DeliveryStatus = 'uploading_file' | 'sending' | 'failed' | 'succeed';

/** A message on its way: shown under the stored ones until the server has it. */
export interface OutgoingItem {
  clientId: string;
  status: Exclude<DeliveryStatus, 'succeed'>;
  /** What is sent; a media message gets its filePath once the file is uploaded. */
  message: OutgoingMessage | null;
  /** A file still to upload (null once uploaded or for text). */
  file: File | null;
  fileKind: 'image' | 'video' | null;
  /** 0..1 while uploading. */
  progress: number;
  /** A local preview of the file (object URL), for the bubble while it uploads. */
  previewUrl: string | null;
  createdAt: string;
}

export interface SendAnswer {
  createdAt: string;
  seq: number;
  id: string;
}

export interface UploadAnswer {
  path: string;
  fileId: string;
}

export interface ReadEvent {
  conversationId: string;
  by: 'customer' | 'agent';
  seq: number;
}
