import { createHmac } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app';
import { GAMES } from '../src/features/games/catalogue';
import { memberRoom, MEMBER_NAMESPACE } from '../src/platform/realtime';
import { createTestApp, body, dbLabel, fund, setSetting, testDatabaseUrl, type TestApp } from './helpers';
import { bearerOf, call, newMember, signedPost, type TestMember } from './money-in-support';

/**
 * The members' realtime channel (platform/realtime, docs/realtime.md) on a listening server: who may connect,
 * which room a socket hears, and that events leave only after the money change committed.
 */
let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      limits: {
        qrCreatesPerMinute: 1000,
        qrCreatesPerHour: 1000,
        realtimeSessionRecheckMs: 0,
        realtimeSocketsPerMember: 3,
      },
    },
  );
  await setSetting(t.app, 'registerOTP', false);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(() => t.close());

interface Heard {
  socket: Socket;
  events: { name: string; payload: unknown }[];
}

/** Connects like the front end does (websocket first, token in the handshake) and records what it hears. */
function open(token: string | undefined, transports: string[] = ['websocket']): Promise<Heard> {
  const socket = connect(`${url}/member`, {
    auth: token === undefined ? {} : { token },
    transports,
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

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const withdraw = (m: TestMember, amount: number, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/wallet/withdraw',
    headers: { ...bearerOf(m), 'idempotency-key': key },
    payload: { amount },
  });

const names = (h: Heard) => h.events.map((e) => e.name);

describe(`member realtime channel (${dbLabel})`, () => {
  test('no token, a forged token or a logged-out session cannot connect', async () => {
    await expect(open(undefined)).rejects.toThrow('UNAUTHORIZED');
    await expect(open('not-a-jwt')).rejects.toThrow('invalid-token');
    // A well-formed token signed with another key.
    const [head, claims] = t.app.jwt.sign({ sub: '1', sid: 'x' }).split('.');
    const forged = `${head}.${claims}.${createHmac('sha256', 'another-secret').update(`${head}.${claims}`).digest('base64url')}`;
    await expect(open(forged)).rejects.toThrow('invalid-token');
    const m = await newMember(t.app);
    expect((await call(t.app, m, 'POST', '/api/logout')).statusCode).toBe(200);
    await expect(open(m.token)).rejects.toThrow('invalid-token');
  });

  test('a QR paid by its webhook: the member hears deposit:qr and wallet:changed; another member hears nothing', async () => {
    const a = await newMember(t.app);
    const b = await newMember(t.app);
    const [ha, hb] = await Promise.all([open(a.token), open(b.token, ['polling'])]);
    const qr = body<{ qrcodeId: string }>(
      await call(t.app, a, 'POST', '/api/qrcode/KBANK', { amount: 15_000 }),
    ).data;
    const row = await t.app.deposits.qr.find(qr.qrcodeId);
    const paid = await signedPost(t.app, '/api/webhooks/payments/KBANK', {
      txid: `TX-${qr.qrcodeId}`,
      qrcodeId: qr.qrcodeId,
      channelRef: row?.channel_ref,
      amount: 15_000,
      currency: 'THB',
      status: 'PAID',
      paidAt: new Date().toISOString(),
    });
    expect(body<{ outcome: string }>(paid).data.outcome).toBe('CREDITED');
    await until(() => names(ha).includes('deposit:qr') && names(ha).includes('wallet:changed'));
    expect(ha.events).toEqual(
      expect.arrayContaining([
        { name: 'deposit:qr', payload: { qrcodeId: qr.qrcodeId, status: 'PAID' } },
        { name: 'wallet:changed', payload: { reason: 'deposit' } },
      ]),
    );
    // The other member's socket (long-polling transport) is connected and hears nothing of it.
    expect(hb.socket.connected).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(hb.events).toEqual([]);
  });

  test('a failed transaction announces nothing: a withdrawal larger than the wallet is refused silently', async () => {
    const m = await newMember(t.app);
    const h = await open(m.token);
    await fund(t.app, m.id, 10_000);
    await until(() => names(h).includes('wallet:changed'));
    h.events.length = 0;
    const res = await withdraw(m, 50_000, 'k-big');
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(h.events).toEqual([]);
  });

  test('a payout settled by the bank is announced (reason withdraw); after logout the socket is closed', async () => {
    const m = await newMember(t.app);
    const h = await open(m.token);
    await fund(t.app, m.id, 100_000);
    await until(() => names(h).includes('wallet:changed'));
    const res = await withdraw(m, 30_000, 'k-w1');
    expect(res.statusCode).toBe(200);
    const withdrawalId = body<{ withdrawal: { id: string } }>(res).data.withdrawal.id;
    await until(() => h.events.filter((e) => e.name === 'wallet:changed').length >= 2);
    h.events.length = 0;
    expect(await t.app.withdrawals.settle(withdrawalId, 'SUCCESS')).toBe(true);
    await until(() => names(h).includes('wallet:changed'));
    expect(h.events).toEqual([{ name: 'wallet:changed', payload: { reason: 'withdraw' } }]);
    expect(t.app.realtime.localSockets(m.id)).toBe(1);

    // Logged out elsewhere: the next event closes the socket instead of reaching it.
    expect((await call(t.app, m, 'POST', '/api/logout')).statusCode).toBe(200);
    h.events.length = 0;
    const disconnected = new Promise<string>((resolve) => h.socket.on('disconnect', resolve));
    await fund(t.app, m.id, 1_000);
    expect(await disconnected).toBe('io server disconnect');
    expect(h.events).toEqual([]);
  });

  test('a round played at the sandbox game provider is announced (reason game); a refused bet is not', async () => {
    const m = await newMember(t.app);
    const code = GAMES[0]!.code;
    await t.app.games.accounts.activate(m.id, code);
    const { username } = await t.app.games.accounts.account(m.id, code);
    await t.app.ctx.db
      .updateTable('sandbox_game_players')
      .set({ balance: 10_000 })
      .where('provider', '=', code)
      .where('username', '=', username)
      .execute();
    const sandbox = t.app.sandboxGames;
    if (!sandbox) throw new Error('the sandbox game provider is on in tests');
    const h = await open(m.token);
    const play = (bet: string) =>
      t.app.inject({
        method: 'POST',
        url: `/sandbox/games/${code}/play`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ session: sandbox.session(code, username), bet }).toString(),
      });
    // The form takes baht: 50 of the 100 baht balance is played; a million is refused.
    expect((await play('50')).statusCode).toBe(303);
    expect((await play('1000000')).statusCode).toBe(303);
    await until(() => names(h).includes('wallet:changed'));
    await new Promise((r) => setTimeout(r, 200));
    expect(h.events).toEqual([{ name: 'wallet:changed', payload: { reason: 'game' } }]);
  });

  test('one member may keep a bounded number of pages connected', async () => {
    const m = await newMember(t.app);
    await Promise.all([open(m.token), open(m.token), open(m.token)]);
    await expect(open(m.token)).rejects.toThrow('REQUEST_LIMIT');
  });
});

// Two server processes on one PostgreSQL database (and Redis when configured): an event raised by one reaches a
// page connected to the other. PGlite is one process's database, so this runs on PostgreSQL only.
(testDatabaseUrl ? describe : describe.skip)(`two server processes (${dbLabel})`, () => {
  test('a posting made by the second process reaches a socket of the first; a room broadcast crosses too', async () => {
    const second = await buildApp(t.config);
    try {
      await second.ready();
      const m = await newMember(t.app);
      const h = await open(m.token);
      await second.ctx.db.transaction().execute((trx) =>
        second.ctx.ledger.creditMember(trx, {
          memberId: m.id,
          amount: 500,
          kind: 'deposit',
          from: 'bank_in',
        }),
      );
      await until(() => names(h).includes('wallet:changed'));
      expect(h.events).toEqual([{ name: 'wallet:changed', payload: { reason: 'deposit' } }]);
      if (t.config.redisUrl) {
        // With REDIS_URL the socket.io Redis adapter shares rooms: the second process broadcasts to the room.
        h.events.length = 0;
        second.realtime.io
          .of(MEMBER_NAMESPACE)
          .to(memberRoom(m.id))
          .emit('wallet:changed', { reason: 'refresh' });
        await until(() => names(h).includes('wallet:changed'));
        expect(h.events).toEqual([{ name: 'wallet:changed', payload: { reason: 'refresh' } }]);
      }
    } finally {
      await second.close();
    }
  });
});
