import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import type { App } from '../src/app';
import { body, createTestApp, operatorCookie, OPS_CONSOLE, setSetting, type TestApp } from './helpers';

/**
 * The app, sockets and calls of the `/chat` realtime suites (chat-realtime.test.ts, chat-realtime-limits.test.ts):
 * one listening app per suite, a support and a finance operator, the sockets a test opened closed after it.
 */
export const state = { t: undefined as unknown as TestApp, url: '', support: '', finance: '' };
export const sockets: Socket[] = [];

export const listen = async (app: App): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

/** Registers the suite's hooks: call once at the top of a suite file. */
export function realtimeSuite(): void {
  beforeAll(async () => {
    state.t = await createTestApp({}, { limits: { realtimeSessionRecheckMs: 0 } });
    await setSetting(state.t.app, 'registerOTP', false);
    state.support = await operatorCookie(state.t.app, 'sue-support', 'support');
    state.finance = await operatorCookie(state.t.app, 'fin-finance', 'finance');
    state.url = await listen(state.t.app);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => state.t.close());
}

export interface Message {
  id: string;
  seq: number;
  conversationId: string;
  sender: 'customer' | 'other';
  agent: string | null;
  /** A text's payload is the text itself. */
  message: { message_type: string; payload: unknown };
  createdAt: string;
  session_id: string;
  userId: string | null;
  guestId: string | null;
  username: string | null;
  name: string | null;
  deviceToken: string | null;
}
/** A message's text, else its type. */
export const textOf = (m: Message) =>
  typeof m.message.payload === 'string' ? m.message.payload : m.message.message_type;
export interface Heard {
  socket: Socket;
  events: { name: string; payload: unknown }[];
}
export type Auth =
  { token: string } | { guestToken: string } | { cookie: string; origin?: string } | Record<string, never>;

/** Connects as the widget (token or guestToken) or the inbox (the console's cookie) and records what it hears. */
export function open(auth: Auth, base = state.url): Promise<Heard> {
  const socket = connect(`${base}/chat`, {
    auth: 'cookie' in auth ? {} : auth,
    ...('cookie' in auth
      ? {
          extraHeaders: {
            cookie: `wl_ops=${auth.cookie}`,
            ...(auth.origin ? { origin: auth.origin } : {}),
          },
        }
      : {}),
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const heard: Heard = { socket, events: [] };
  socket.onAny((name: string, payload: unknown) => heard.events.push({ name, payload }));
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(heard));
    socket.on('connect_error', (err: Error & { data?: { code?: string } }) =>
      reject(new Error(err.data?.code ?? err.message)),
    );
  });
}

/** The widget's `join`: its room's name (PREFIX + id), as spec §4 has it, with the last seq it holds. */
export const join = (h: Heard, lastSeq: number, room?: string) =>
  h.socket.timeout(3000).emitWithAck('join', { lastSeq, ...(room ? { room } : {}) }) as Promise<{
    messages?: Message[];
    more?: boolean;
    code?: string;
  }>;

export async function until(check: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}
export const settle = () => new Promise((r) => setTimeout(r, 200));

/** The `messaging` events a socket heard, as `sender: text`. */
export const said = (h: Heard) =>
  h.events
    .filter((e) => e.name === 'messaging')
    .map((e) => {
      const m = e.payload as Message;
      return `${m.sender}: ${textOf(m)}`;
    });

let clientSeq = 0;
export const clientId = () => `rt-${(clientSeq += 1)}`;
export const text = (s: string) => ({ message_type: 'text', payload: s });

/** An agent's answer over HTTP (the inbox's route), on `app`. */
export const agentSays = (conversationId: string, s: string, app: App = state.t.app) =>
  app.inject({
    method: 'POST',
    url: `/api/ops/chat/conversations/${encodeURIComponent(conversationId)}/messages`,
    cookies: { wl_ops: state.support },
    headers: OPS_CONSOLE,
    payload: { clientId: clientId(), message: text(s) },
  });

/** A member's message over HTTP (the customers' route). */
export const memberSays = (token: string, s: string) =>
  state.t.app.inject({
    method: 'POST',
    url: '/api/chat/send-message',
    headers: { authorization: `Bearer ${token}` },
    payload: { clientId: clientId(), message: text(s) },
  });

export const newGuest = async (app: App = state.t.app) =>
  body<{ guestId: string; guestToken: string }>(await app.inject({ method: 'POST', url: '/api/chat/guest' }))
    .data;
