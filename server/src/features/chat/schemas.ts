import { Type, type Static } from '@sinclair/typebox';

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
    payload: Type.Unknown({ description: 'per message_type (spec §3, docs/chat.md "Messages")' }),
  },
  { additionalProperties: false },
);

export const ChatMessage = Type.Object({
  id: Type.String({ format: 'uuid' }),
  seq: Type.Integer({ minimum: 1, description: 'per conversation, from 1, no gaps' }),
  conversationId: Type.String({ description: 'the room name' }),
  sender: Type.Union([Type.Literal('customer'), Type.Literal('agent')]),
  agent: Type.Union([Type.String(), Type.Null()], {
    description: 'the operator’s username of agent messages',
  }),
  message: Type.Object({
    message_type: Type.String(),
    payload: Type.Unknown({ description: 'a media payload’s filePath is a signed URL valid 1 hour' }),
  }),
  clientId: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  readAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const ConfigData = Type.Object({
  PREFIX: Type.String({ description: 'room prefix: a room is PREFIX + userId or PREFIX + guestId' }),
});

export const GuestData = Type.Object({
  guestId: Type.String({ description: '`g_` + 22 base64url characters' }),
  guestToken: Type.String({ description: 'sent back as the X-Guest-Token header; no expiry' }),
});

export const SendBody = Type.Object({
  ...Claimed,
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
