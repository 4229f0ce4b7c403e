import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/platform/config';
import { signedPost } from './money-in-support';
import { body, createTestApp, dbLabel, setSetting, type TestApp } from './helpers';

const WEBHOOK_SECRET = randomBytes(24).toString('hex');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_SECRET });
  await setSetting(t.app, 'registerOTP', false);
});
afterAll(() => t.close());

describe(`secrets from the environment (${dbLabel})`, () => {
  test('WEBHOOK_SECRET signs and checks the webhooks, so every server of a deployment accepts them', async () => {
    expect(t.app.ctx.secrets.webhookSecret).toBe(WEBHOOK_SECRET);
    const payload = {
      txid: `env-${randomBytes(4).toString('hex')}`,
      fromBankCode: 'KBANK',
      fromAccountNo: '1234509876',
      amount: 100,
      currency: 'THB',
      transferredAt: new Date().toISOString(),
    };
    const good = await signedPost(t.app, '/api/webhooks/bank', payload, { secret: WEBHOOK_SECRET });
    expect(body(good).data).toMatchObject({ received: true, outcome: 'UNMATCHED' });
    const other = await signedPost(
      t.app,
      '/api/webhooks/bank',
      { ...payload, txid: 'env-other' },
      {
        secret: randomBytes(24).toString('hex'),
      },
    );
    expect([other.statusCode, body(other).code]).toEqual([401, 'KEY_INVALID']);
  });

  test('a short WEBHOOK_SECRET is a configuration error', () => {
    expect(() => loadConfig({ WEBHOOK_SECRET: 'short' })).toThrow(
      /WEBHOOK_SECRET must be at least 32 characters/,
    );
  });
});
