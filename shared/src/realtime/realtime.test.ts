/**
 * @jest-environment node
 */
// Node, not jsdom: the real socket.io server below needs Node's `ws`, which jsdom replaces by a browser stub.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { bus } from '../bus/bus';
import type { BusEvents } from '../bus/events';
import { clearSession, setSession } from '../auth/session';
import { startRealtime } from './realtime';

/**
 * The page's side of the realtime channel against a real socket.io server on loopback (the network edge stands
 * in for ours: a `/member` namespace that accepts the token "good-*" and joins the socket to that member).
 */
let http: HttpServer;
let io: Server;
let url: string;
const connected: Socket[] = [];
let stop: (() => void) | undefined;

beforeEach(async () => {
  http = createServer();
  io = new Server(http, { cors: { origin: true } });
  io.of('/member').use((socket, next) => {
    const token = (socket.handshake.auth as { token?: string }).token ?? '';
    if (!token.startsWith('good-')) {
      const err = new Error('invalid-token') as Error & { data: { code: string } };
      err.data = { code: 'invalid-token' };
      return next(err);
    }
    next();
  });
  io.of('/member').on('connection', (socket) => {
    connected.push(socket);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  stop?.();
  stop = undefined;
  clearSession();
  connected.length = 0;
  await new Promise<void>((resolve) => {
    io.close(() => resolve());
  });
});

function record<K extends keyof BusEvents>(type: K): BusEvents[K][] {
  const seen: BusEvents[K][] = [];
  const sub = bus.on(type).subscribe((e) => seen.push(e));
  afterEachCleanups.push(() => sub.unsubscribe());
  return seen;
}
const afterEachCleanups: (() => void)[] = [];
afterEach(() => afterEachCleanups.splice(0).forEach((f) => f()));

async function until(check: () => boolean, ms = 4000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('signed in: connects with the token; pushes become bus events; signing out closes the socket', async () => {
  const changes = record('wallet:changed');
  const qrs = record('deposit:qr');
  setSession('good-1', false);
  stop = startRealtime({ url });
  await until(() => connected.length === 1);
  expect(connected[0]!.handshake.auth).toEqual({ token: 'good-1' });

  connected[0]!.emit('wallet:changed', { reason: 'deposit' });
  connected[0]!.emit('deposit:qr', { qrcodeId: 'qr-7', status: 'PAID' });
  // Anything unexpected is still a reason to reload, never a crash.
  connected[0]!.emit('wallet:changed', { reason: 'nonsense' });
  await until(() => changes.length === 2 && qrs.length === 1);
  expect(changes).toEqual([{ reason: 'deposit' }, { reason: 'refresh' }]);
  expect(qrs).toEqual([{ qrcodeId: 'qr-7', status: 'PAID' }]);

  const closed = new Promise<string>((resolve) => connected[0]!.on('disconnect', resolve));
  clearSession();
  expect(await closed).toBe('client namespace disconnect');
});

test('no session, no socket; a refused token is not retried', async () => {
  stop = startRealtime({ url, delayMs: 20 });
  await new Promise((r) => setTimeout(r, 150));
  expect(connected).toHaveLength(0);
  let attempts = 0;
  io.of('/member').use((_socket, next) => {
    attempts += 1;
    next();
  });
  setSession('bad-token', false);
  await new Promise((r) => setTimeout(r, 400));
  expect(connected).toHaveLength(0);
  expect(attempts).toBeLessThanOrEqual(1);
});

test('after the connection drops it reconnects by itself and asks every part to reload (missed pushes)', async () => {
  const changes = record('wallet:changed');
  setSession('good-2', false);
  stop = startRealtime({ url, delayMs: 20, maxDelayMs: 100 });
  await until(() => connected.length === 1);
  // The transport breaks (not a server decision to end the session).
  connected[0]!.conn.close();
  await until(() => connected.length === 2);
  await until(() => changes.length === 1);
  expect(changes).toEqual([{ reason: 'refresh' }]);
});

test('a new token (password change) reconnects with it', async () => {
  setSession('good-3', true);
  stop = startRealtime({ url });
  await until(() => connected.length === 1);
  setSession('good-4', true);
  await until(() => connected.length === 2);
  expect(connected[1]!.handshake.auth).toEqual({ token: 'good-4' });
  await until(() => connected[0]!.disconnected);
});
