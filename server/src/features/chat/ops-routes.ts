import fastifyMultipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { replies, success } from '../../platform/http/schemas';
import { actorOf, requireOperator } from '../operators/guard';
import type { ChatService } from './chat-service';
import type { Conversation, HistoryQuery } from './model';
import { chatRealtimePlugin } from './realtime';
import { ChatMessage, MessageBody, UploadData } from './schemas';

export interface ChatOpsOptions {
  /** Default: the app's (`app.chat`). */
  chat?: ChatService;
}

const ConversationRow = Type.Object({
  id: Type.String({ description: 'the room name (PREFIX + member id or guest id)' }),
  kind: Type.Union([Type.Literal('member'), Type.Literal('guest')]),
  memberId: Type.Union([Type.String(), Type.Null()]),
  guestId: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()], {
    description: 'the member’s phone (username); null: guest',
  }),
  name: Type.Union([Type.String(), Type.Null()]),
  lastMessage: Type.Union([ChatMessage, Type.Null()]),
  lastSeq: Type.Integer({ minimum: 0 }),
  unread: Type.Integer({ minimum: 0, description: 'customer messages the agents have not read' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time', description: 'latest activity' }),
});

const ReadData = Type.Object({
  conversationId: Type.String(),
  by: Type.Literal('agent'),
  seq: Type.Integer({ description: 'every customer message up to this seq is read' }),
});

const ConversationParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

const row = (c: Conversation) => ({
  id: c.id,
  kind: c.kind,
  memberId: c.memberId,
  guestId: c.guestId,
  phone: c.phone,
  name: c.name,
  lastMessage: c.lastMessage,
  lastSeq: c.lastSeq,
  unread: c.unread,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

/**
 * The agents' side of the support chat (`/api/ops/chat…`, docs/chat.md "HTTP (agents)"): operators of role
 * support or admin see every conversation, read its history, answer with any message type and upload files as
 * the customers do. An agent writes only into a conversation a customer opened (unknown id: 404 NO_DATA); its
 * messages carry the operator's username. What is stored reaches the customer's sockets through the chat
 * service's hook (realtime.ts), as a customer's message reaches the agents'.
 */
export const chatOpsRoutes: FastifyPluginAsyncTypebox<ChatOpsOptions> = async (app, options) => {
  const chat = options.chat ?? app.chat;
  const tags = ['ops', 'chat'];
  const security: { [k: string]: string[] }[] = [{ opsSecret: [] }, { opsSession: [] }];
  const roles = ['admin', 'support'] as const;
  app.addHook('onRequest', requireOperator(app));
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: Math.max(chat.options.imageMaxBytes, chat.options.videoMaxBytes),
      files: 1,
      fields: 2,
      fieldSize: 64,
      parts: 3,
    },
  });

  /** The conversation of the path, or 404 NO_DATA. */
  const existing = async (id: string): Promise<Conversation> => {
    const c = await chat.conversation(id);
    if (!c) throw new AppError('NO_DATA', 404);
    return c;
  };

  app.get(
    '/chat/conversations',
    {
      config: { roles, validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary: 'Conversations with at least one message, latest activity first, with unread counts',
        response: replies(Type.Array(ConversationRow)),
      },
    },
    async () => success((await chat.conversations()).map(row)),
  );

  app.get(
    '/chat/conversations/:id/messages',
    {
      config: { roles, validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary:
          'A conversation’s messages: newest first (page with `before`: the smallest seq seen), or with `afterSeq` every message after it, oldest first',
        params: ConversationParams,
        querystring: Type.Object({
          before: Type.Optional(Type.Integer({ minimum: 1 })),
          afterSeq: Type.Optional(Type.Integer({ minimum: 0 })),
          limit: Type.Optional(
            Type.Integer({ minimum: 1, maximum: 200, description: 'newest first: at most 100 (default 20)' }),
          ),
        }),
        response: replies(Type.Array(ChatMessage)),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { before, afterSeq, limit } = request.query;
      if (afterSeq !== undefined && before !== undefined) throw new AppError('KEY_INVALID', 400);
      if (afterSeq === undefined && limit !== undefined && limit > 100)
        throw new AppError('KEY_INVALID', 400);
      await existing(id);
      const query: HistoryQuery =
        afterSeq !== undefined
          ? { afterSeq, limit: limit ?? 200 }
          : { limit: limit ?? 20, ...(before !== undefined ? { beforeSeq: before } : {}) };
      return success(await chat.history(id, query));
    },
  );

  app.post(
    '/chat/conversations/:id/messages',
    {
      config: { roles, validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary:
          'An agent’s message (any type) in the name of the signed-in operator; a repeated clientId answers the first',
        params: ConversationParams,
        body: Type.Object({
          clientId: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' }),
          message: MessageBody,
        }),
        response: replies(ChatMessage),
      },
    },
    async (request) => {
      const { id } = request.params;
      await existing(id);
      const { username } = actorOf(request);
      const { message } = await chat.send(
        id,
        { kind: 'agent', username },
        { clientId: request.body.clientId, message: request.body.message },
      );
      return success(message);
    },
  );

  app.post(
    '/chat/conversations/:id/read',
    {
      config: { roles, validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary: 'The agents have read every customer message of the conversation so far',
        params: ConversationParams,
        body: Type.Optional(Type.Object({})),
        response: replies(ReadData),
      },
    },
    async (request) => {
      const { id } = request.params;
      await existing(id);
      const event = await chat.markRead(id, 'agent');
      return success({ conversationId: event.conversationId, by: 'agent' as const, seq: event.seq });
    },
  );

  for (const kind of ['image', 'video'] as const) {
    const max = kind === 'image' ? chat.options.imageMaxBytes : chat.options.videoMaxBytes;
    app.post(
      `/chat/conversations/:id/upload-${kind}`,
      {
        config: { roles, validationCode: 'KEY_INVALID' },
        schema: {
          tags,
          security,
          summary:
            kind === 'image'
              ? 'An agent’s image for the conversation (multipart `file`: png, jpeg or gif by its bytes, ≤ 10 MB)'
              : 'An agent’s video for the conversation (multipart `file`: mp4 or quicktime by its bytes, ≤ 20 MB)',
          params: ConversationParams,
          body: {
            content: {
              'multipart/form-data': {
                schema: Type.Unknown({ description: 'field: file' }),
              },
            },
          },
          response: replies(UploadData),
        },
      },
      async (request) => {
        const { id } = request.params;
        await existing(id);
        const data = await readFile(request, max);
        const { username } = actorOf(request);
        const stored = await chat.storeFile(id, { kind: 'agent', username }, kind, data);
        return success({ fileId: stored.fileId, path: stored.path });
      },
    );
  }
};

/** The multipart `file` field's bytes, at most `max` (more: 413 KEY_INVALID; none: 400 KEY_INVALID). */
async function readFile(request: FastifyRequest, max: number): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('KEY_INVALID', 400);
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: max } })) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === 'file' && !file) file = data;
    }
  } catch (e) {
    const code = typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : '';
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('KEY_INVALID', 413);
    if (code.startsWith('FST_')) throw new AppError('KEY_INVALID', 400);
    throw e;
  }
  if (!file || file.length === 0) throw new AppError('KEY_INVALID', 400);
  return file;
}

/**
 * The support side of the chat, registered after the chat plugin (app.ts): the agents' routes under /api/ops and
 * the `/chat` socket.io namespace (the customers' sockets and the agents', fed by the service's hooks).
 */
export const chatSupportPlugin = fp(
  async (app) => {
    await app.register(chatRealtimePlugin);
    await app.register(chatOpsRoutes, { prefix: '/api/ops' });
  },
  { name: 'chat-support', fastify: '5.x', dependencies: ['chat', 'realtime', 'operators'] },
);
