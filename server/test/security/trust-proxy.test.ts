import { loadConfig } from '../../src/platform/config';
import { body, createTestApp, dbLabel, newPhone, type TestApp } from '../helpers';
import { login } from './support';

/**
 * TRUST_PROXY: behind a reverse proxy, the member's address (from the trusted proxy's X-Forwarded-For) keys the
 * per-IP limits and the sandbox lock; nobody else's X-Forwarded-For is believed.
 */

const PROXY = '127.0.0.2';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: PROXY }, { limits: { loginFailuresPerIp: 3 } });
});
afterAll(() => t.close());

describe(`TRUST_PROXY (${dbLabel})`, () => {
  test('configuration: addresses and CIDR ranges; anything else is refused; none by default', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, ::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    for (const bad of ['proxy.example', '10.0.0.0/33', '*', '10.0.0.1/8/1'])
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).trustProxy).toEqual([]);
  });

  test('per-IP login limits count each member behind the proxy, not the proxy', async () => {
    const via = (client: string) => ({ 'x-forwarded-for': client });
    const attempt = (client: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: newPhone(), password: 'wrong-guess-x' },
        remoteAddress: PROXY,
        headers: via(client),
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt('127.0.0.50')).statusCode).toBe(401);
    expect(body(await attempt('127.0.0.50')).code).toBe('REQUEST_LIMIT');
    // Another member behind the same proxy has a budget of its own.
    expect((await attempt('127.0.0.51')).statusCode).toBe(401);
  });

  test("an untrusted caller's X-Forwarded-For is not believed", async () => {
    const caller = '127.0.0.3';
    for (let i = 0; i < 3; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: newPhone(), password: 'wrong-guess-x' },
        remoteAddress: caller,
        headers: { 'x-forwarded-for': `127.0.1.${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    expect(body(await login(t.app, newPhone(), 'wrong-guess-x', caller)).code).toBe('REQUEST_LIMIT');
  });

  test('the sandbox lock sees the member behind the proxy: outside → 403; the proxy machine itself → allowed', async () => {
    const outside = await t.app.inject({
      url: '/sandbox/sms',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect([outside.statusCode, body(outside).code]).toEqual([403, 'KEY_INVALID']);
    expect((await t.app.inject({ url: '/sandbox/sms', remoteAddress: PROXY })).statusCode).toBe(200);
  });
});
