// The customer's side of the chat contract (docs/chat.md "Messages"): the message bodies the widget shows and
// sends. The stored message, buttons and read receipts are common to the widget and the inbox (common/).
import type {
  ButtonType,
  ChatButton as Button,
  ChatMessage as StoredMessage,
  GenericElement as Element,
  MediaFileType,
  UploadedFile,
} from '../common/chat-contract';

export type { ButtonType, ReadEvent } from '../common/chat-contract';
/** A button as the widget reads it: a type a later server adds is read (and not shown), not refused. */
export type ChatButton = Button<ButtonType | string>;
export type GenericElement = Element<ChatButton>;

export interface MediaPayload {
  message?: string;
  url: true;
  fileType: MediaFileType;
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

/** A stored message as the widget reads it. */
export type ChatMessage = StoredMessage<MessageBody>;

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

export type UploadAnswer = UploadedFile;
