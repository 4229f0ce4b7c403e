import type { App } from '../src/app';
import { signWebhook } from '../src/features/deposits/webhook-signature';
import { body, registration, type Registration } from './helpers';

/** Shared steps of the money-in suites: members, signed webhooks, balances and the books. */
export interface TestMember {
  id: string;
  token: string;
  reg: Registration;
}

export async function newMember(app: App, overrides: Partial<Registration> = {}): Promise<TestMember> {
  const reg = registration(overrides);
  const created = await app.inject({ method: 'POST', url: '/api/account', payload: reg });
  if (created.statusCode !== 200) throw new Error(`register: ${created.statusCode} ${created.body}`);
  const id = body<{ _id: string }>(created).data._id;
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { username: reg.username, password: reg.password },
  });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  return { id, token: body<{ token: string }>(login).data.token, reg };
}

export const bearerOf = (m: TestMember) => ({ authorization: `Bearer ${m.token}` });

export function call(
  app: App,
  m: TestMember | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: m ? bearerOf(m) : {}, ...(payload ? { payload } : {}) });
}

export async function walletAmount(app: App, m: TestMember): Promise<number> {
  return app.ctx.ledger.balance(app.ctx.db, { member: m.id, code: 'main' });
}

/** Every currency's accounts sum to zero, and every account equals the sum of its postings. */
export async function expectBooksBalanced(app: App): Promise<void> {
  const trial = await app.ctx.ledger.trialBalance();
  for (const total of Object.values(trial)) expect(total).toBe(0);
  expect(await app.ctx.ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
}

export function signedPost(
  app: App,
  url: string,
  payload: object,
  opts: { timestamp?: number; secret?: string } = {},
) {
  const raw = JSON.stringify(payload);
  const ts = String(opts.timestamp ?? app.ctx.clock.now().getTime());
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': ts,
      'x-signature': signWebhook(opts.secret ?? app.ctx.secrets.webhookSecret, ts, raw),
    },
    payload: raw,
  });
}

export const expectError = (res: { statusCode: number; body: string }, status: number, code: string) => {
  expect({ status: res.statusCode, code: body(res).code }).toEqual({ status, code });
};
