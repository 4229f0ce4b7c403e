import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { ChatMessage } from '../src/features/chat/model';
import { body, type TestApp } from './helpers';

/** What the support chat's customer suites (chat.test.ts, chat-files.test.ts) do through the HTTP API. */
export interface Guest {
  guestId: string;
  guestToken: string;
}
export type Caller = { guest: Guest } | { token: string } | { headers: Record<string, string> };

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(64),
]);
export const roomOf = (id: string) => `wallet-chat:${id}`;
export const text = (s: string) => ({ message_type: 'text', payload: s });

/** The calls of a suite's app (`get()` answers it once its beforeAll has built it). */
export function chatCalls(get: () => TestApp) {
  let ipCounter = 0;
  /** A new guest, each from an address of its own (guest ids are limited per IP). */
  async function newGuest(): Promise<Guest> {
    ipCounter += 1;
    const res = await get().app.inject({
      method: 'POST',
      url: '/api/chat/guest',
      remoteAddress: `10.1.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`,
    });
    expect(res.statusCode).toBe(200);
    return body<Guest>(res).data;
  }

  const headersOf = (caller: Caller): Record<string, string> =>
    'guest' in caller
      ? { 'x-guest-token': caller.guest.guestToken }
      : 'token' in caller
        ? { authorization: `Bearer ${caller.token}` }
        : caller.headers;

  const call = (caller: Caller, method: 'POST' | 'PUT', url: string, payload: object) =>
    get().app.inject({ method, url, headers: headersOf(caller), payload });

  const send = (caller: Caller, message: object, extra: object = {}) =>
    call(caller, 'POST', '/api/chat/send-message', {
      clientId: `c-${randomBytes(6).toString('hex')}`,
      message,
      ...extra,
    });
  const history = (caller: Caller, query: object = {}) => call(caller, 'POST', '/api/chat/history', query);
  const historyOf = async (caller: Caller, query: object = {}): Promise<ChatMessage[]> => {
    const res = await history(caller, query);
    expect(res.statusCode).toBe(200);
    return body<ChatMessage[]>(res).data;
  };

  async function storedCount(conversationId?: string): Promise<number> {
    const r = await sql<{ n: number }>`select count(*)::int as n from chat_messages
      where ${conversationId ?? null}::text is null or conversation_id = ${conversationId ?? null}`.execute(
      get().app.ctx.db,
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  function multipart(file: Buffer, filename: string, type: string) {
    const boundary = `----chat${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
  }
  const upload = (
    caller: Caller,
    kind: 'image' | 'video',
    file: Buffer,
    filename: string,
    type = 'image/png',
  ) => {
    const { payload, contentType } = multipart(file, filename, type);
    return get().app.inject({
      method: 'POST',
      url: `/api/chat/upload-${kind}`,
      headers: { ...headersOf(caller), 'content-type': contentType },
      payload,
    });
  };

  return { newGuest, headersOf, call, send, history, historyOf, storedCount, upload };
}
