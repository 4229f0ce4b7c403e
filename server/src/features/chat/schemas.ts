import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Request and answer schemas of the customers' chat routes (docs/chat.md "HTTP (customers)"). */

const Claimed = {
  userId: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'must be the caller’s own member id (else 403, nothing done)',
    }),
  ),
  guestId: Type.Optional(
    Type.String({ maxLength: 64, description: 'must be the caller’s own guest id (else 403, nothing done)' }),
  ),
};
export type Claimed = { userId?: string; guestId?: string };

export const MessageBody = Type.Object(
  {
    message_type: Type.Union(
      ['text', 'buttons', 'media', 'quick_replies', 'generic', 'postback'].map((t) => Type.Literal(t)),
      { description: 'customers: text, media or postback; agents any type' },
    ),
    payload: Type.Unknown({
      description:
        'per message_type (spec §3, docs/chat.md "Messages"): text → the text itself, a string (trimmed, 1–2,000 ' +
        'characters); media → { message?, url: true, fileType, filePath }; buttons → { text, buttons }; ' +
        'quick_replies → { text, quick_replies }; generic → { elements }; postback → { title, payload }',
    }),
  },
  { additionalProperties: false },
);

const Nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

/** A message as every answer and the `messaging` event carry it: spec §3's fields, then ours. */
export const ChatMessage = Type.Object({
  sender: Type.Union([Type.Literal('customer'), Type.Literal('other')], {
    description: 'customer, or other: an agent',
  }),
  message: Type.Object({
    message_type: Type.String(),
    payload: Type.Unknown({
      description:
        'a text’s payload is the text (a string); a media payload’s filePath is a signed URL valid 1 hour',
    }),
  }),
  createdAt: Type.String({ format: 'date-time' }),
  session_id: Type.String({ description: 'the conversation’s room: PREFIX + userId or PREFIX + guestId' }),
  userId: Nullable(Type.String(), 'the conversation’s member id (on both sides’ messages); null: a guest’s'),
  guestId: Nullable(Type.String(), 'the conversation’s guest id (on both sides’ messages); null: a member’s'),
  username: Nullable(
    Type.String(),
    'the member’s username (phone) when the message was stored; null: a guest',
  ),
  name: Nullable(Type.String(), 'the member’s name when the message was stored; null: a guest'),
  deviceToken: Nullable(
    Type.String(),
    'the device token the customer sent with it; null: none, or an agent’s',
  ),
  id: Type.String({ format: 'uuid' }),
  seq: Type.Integer({ minimum: 1, description: 'per conversation, from 1, no gaps' }),
  conversationId: Type.String({ description: 'the room name (the same as session_id)' }),
  agent: Nullable(Type.String(), 'the operator’s username of agent messages'),
  clientId: Type.Union([Type.String(), Type.Null()]),
  readAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const ConfigData = Type.Object({
  PREFIX: Type.String({ description: 'room prefix: a room is PREFIX + userId or PREFIX + guestId' }),
});

export const GuestData = Type.Object({
  guestId: Type.String({ description: '`g_` + 22 base64url characters' }),
  guestToken: Type.String({ description: 'sent back as the X-Guest-Token header; no expiry' }),
});

/** Spec §7's conversation package: the message, and what else a customer's client may say of it. */
export const SendBody = Type.Object({
  ...Claimed,
  sender: Type.Optional(Type.Literal('customer', { description: 'a customer sends as customer' })),
  session_id: Type.Optional(
    Type.String({ maxLength: 200, description: 'must be the caller’s own room (else 403, nothing done)' }),
  ),
  username: Type.Optional(
    Type.String({ maxLength: 200, description: 'not used: the server takes it from the member’s account' }),
  ),
  name: Type.Optional(
    Type.String({ maxLength: 200, description: 'not used: the server takes it from the member’s account' }),
  ),
  deviceToken: Type.Optional(
    Type.Union([Type.String({ maxLength: 255 }), Type.Null()], {
      description: 'the device’s push token, kept with the message as given (printable ASCII, ≤ 255)',
    }),
  ),
  clientId: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '^[A-Za-z0-9_.:-]+$',
    description: 'the sender’s id for the message: a resend with the same clientId stores nothing new',
  }),
  message: MessageBody,
});

export const SendData = Type.Object({
  id: Type.String({ format: 'uuid' }),
  seq: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const HistoryBody = Type.Object({
  ...Claimed,
  limit: Type.Integer({ minimum: 1, maximum: 10, default: 10 }),
  skip: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
  afterSeq: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'when given: every message after this seq, oldest first (at most 200); limit and skip unused',
    }),
  ),
});
export type HistoryBody = Static<typeof HistoryBody>;

export const ReadBody = Type.Object({ ...Claimed });

export const ReadData = Type.Object({
  conversationId: Type.String(),
  by: Type.Literal('customer'),
  seq: Type.Integer({ description: 'every agent message up to this seq is read' }),
});

export const UploadData = Type.Object({
  fileId: Type.String({ format: 'uuid', description: 'name it as the media payload’s filePath' }),
  path: Type.String({ description: 'signed URL of the file, valid 1 hour' }),
});

/** X-Guest-Token of guest requests (members send their bearer token instead). */
export const GuestHeader = Type.Object({
  'x-guest-token': Type.Optional(Type.String({ maxLength: 200 })),
});

/** How the customers' routes authenticate (OpenAPI): a member's bearer token, or a guest's X-Guest-Token. */
export const customerSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, {}];
