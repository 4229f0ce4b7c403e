import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors';
import { auth, requireMember } from '../../platform/http/auth';
import { replies, success } from '../../platform/http/schemas';
import { sendUpload } from '../../platform/http/security';
import type { ChatService } from './chat-service';
import type { CustomerIdentity } from './model';
import * as S from './schemas';

/**
 * The caller of a customer route: a member by bearer token (as every member route: missing → 401 UNAUTHORIZED,
 * bad or revoked → 401 invalid-token), else a guest by X-Guest-Token (forged → 401 UNAUTHORIZED).
 */
async function customerOf(
  chat: ChatService,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CustomerIdentity> {
  if (request.headers.authorization !== undefined) {
    await requireMember(request, reply);
    return { kind: 'member', memberId: auth(request).memberId };
  }
  const token = request.headers['x-guest-token'];
  if (typeof token === 'string' && token !== '') {
    const guest = chat.guestFromToken(token);
    if (guest) return guest;
  }
  throw new AppError('UNAUTHORIZED', 401);
}

/** The customers' chat routes under /api/chat (docs/chat.md "HTTP (customers)"). */
export const chatRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { chat } = app;
  const tags = ['chat'];
  const security = S.customerSecurity;
  const headers = S.GuestHeader;

  await app.register(fastifyMultipart, {
    limits: { fileSize: chat.options.videoMaxBytes, files: 1, fields: 4, fieldSize: 64, parts: 6 },
  });

  app.get(
    '/config',
    { schema: { tags, summary: 'The room prefix', response: replies(S.ConfigData) } },
    async () => success({ PREFIX: chat.prefix }),
  );

  app.post(
    '/guest',
    {
      schema: {
        tags,
        summary: 'A new guest id and its token (no body; 10 per IP per hour → REQUEST_LIMIT)',
        body: Type.Object({}, { description: 'Empty, or no body' }),
        response: replies(S.GuestData),
      },
      // No body at all is the usual call: it is read as {} before the schema check.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => success(await chat.newGuest(request.ip)),
  );

  app.post(
    '/send-message',
    {
      // Text messages may hold line breaks.
      config: { multilineText: true },
      schema: {
        tags,
        security,
        headers,
        summary:
          'Send a message (text, media or postback) into the caller’s own conversation: spec §7’s conversation ' +
          'package, whose userId, guestId, session_id and sender must be the caller’s own (else 403); a ' +
          'repeated clientId answers the first message and stores nothing; 30 per minute → REQUEST_LIMIT',
        body: S.SendBody,
        response: replies(S.SendData),
      },
    },
    async (request, reply) => {
      const identity = await customerOf(chat, request, reply);
      chat.checkClaims(identity, request.body);
      const conversation = await chat.conversationFor(identity);
      const { message } = await chat.send(conversation.id, identity, {
        clientId: request.body.clientId,
        message: request.body.message,
        deviceToken: request.body.deviceToken ?? null,
      });
      return success({ id: message.id, seq: message.seq, createdAt: message.createdAt });
    },
  );

  app.post(
    '/history',
    {
      schema: {
        tags,
        security,
        headers,
        summary:
          'The caller’s messages: newest first (limit ≤ 10, skip), or with afterSeq every later one, oldest first',
        body: S.HistoryBody,
        response: replies(Type.Array(S.ChatMessage)),
      },
    },
    async (request, reply) => {
      const identity = await customerOf(chat, request, reply);
      chat.checkClaims(identity, request.body);
      // A read: the conversation is not created by it (empty until the customer's first message).
      const conversationId = chat.conversationIdFor(identity);
      const { afterSeq, limit, skip } = request.body;
      return success(
        await chat.history(conversationId, afterSeq !== undefined ? { afterSeq } : { limit, skip }),
      );
    },
  );

  const readCustomer = {
    schema: {
      tags,
      security,
      headers,
      summary: 'The customer has read every agent message so far',
      body: S.ReadBody,
      response: replies(S.ReadData),
    },
  };
  const markRead = async (request: FastifyRequest, reply: FastifyReply) => {
    const identity = await customerOf(chat, request, reply);
    chat.checkClaims(identity, request.body as S.Claimed);
    const conversationId = chat.conversationIdFor(identity);
    try {
      const read = await chat.markRead(conversationId, 'customer');
      return success({ conversationId: read.conversationId, by: 'customer' as const, seq: read.seq });
    } catch (e) {
      // A conversation not started yet has nothing to read: read up to 0, and nothing is created.
      if (e instanceof AppError && e.code === 'NO_DATA')
        return success({ conversationId, by: 'customer' as const, seq: 0 });
      throw e;
    }
  };
  app.put('/read-customer/', readCustomer, markRead);
  // The same without the trailing slash, not listed twice in the OpenAPI document.
  app.put('/read-customer', { ...readCustomer, schema: { ...readCustomer.schema, hide: true } }, markRead);

  for (const kind of ['image', 'video'] as const) {
    const max = kind === 'image' ? chat.options.imageMaxBytes : chat.options.videoMaxBytes;
    app.post(
      `/upload-${kind}`,
      {
        schema: {
          tags,
          security,
          headers,
          summary:
            kind === 'image'
              ? 'Upload an image into the caller’s conversation (multipart file: PNG, JPEG or GIF by its bytes, ≤ 10 MB)'
              : 'Upload a video into the caller’s conversation (multipart file: MP4 or QuickTime by its bytes, ≤ 20 MB)',
          body: {
            content: {
              'multipart/form-data': {
                schema: Type.Unknown({ description: `field file, at most ${max} bytes` }),
              },
            },
          },
          response: replies(S.UploadData),
        },
      },
      async (request, reply) => {
        const identity = await customerOf(chat, request, reply);
        if (!request.isMultipart()) throw new AppError('KEY_INVALID', 400);
        let file: Buffer | undefined;
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const data = await part.toBuffer();
              if (part.fieldname === 'file' && !file) file = data;
            }
          }
        } catch (e) {
          const code = typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : '';
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('KEY_INVALID', 413);
          if (code.startsWith('FST_')) throw new AppError('KEY_INVALID', 400);
          throw e;
        }
        if (!file || file.length === 0) throw new AppError('KEY_INVALID', 400);
        const conversation = await chat.conversationFor(identity);
        const stored = await chat.storeFile(conversation.id, identity, kind, file);
        return success({ fileId: stored.fileId, path: stored.path });
      },
    );
  }

  app.get(
    '/files/:fileId',
    {
      schema: {
        tags,
        summary:
          'A chat file behind a signed URL (the signature is the authorisation, for its conversation; 1 hour)',
        params: Type.Object({ fileId: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Type.Object({
          exp: Type.String({ maxLength: 20 }),
          sig: Type.String({ maxLength: 100 }),
        }),
      },
    },
    async (request, reply) => {
      const file = await chat.readFile(request.params.fileId, request.query.exp, request.query.sig);
      if (!file) throw new AppError('NO_DATA', 404);
      // Its stored type, inline, with nosniff (helmet) and the sandboxing media CSP of every upload.
      return sendUpload(reply, file).header('x-content-type-options', 'nosniff');
    },
  );
};
