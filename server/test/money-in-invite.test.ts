import { createTestApp, body, dbLabel, setSetting, type TestApp } from './helpers';
import {
  call,
  expectBooksBalanced,
  expectError,
  newMember,
  signedPost,
  walletAmount,
  type TestMember,
} from './money-in-support';

let t: TestApp;
let inviter: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t.app, 'registerOTP', false);
  inviter = await newMember(t.app, { name: 'Inviter One' });
});
afterAll(() => t.close());

const invitee = (name: string) => newMember(t.app, { name, inviteCode: `REF${inviter.id}` });
let tx = 0;
const bankDeposit = (m: TestMember, amount: number) => {
  tx += 1;
  return signedPost(t.app, '/api/webhooks/bank', {
    txid: `INV-TX-${tx}`,
    fromBankCode: m.reg.bankCode,
    fromAccountNo: m.reg.bankAccountNo,
    amount,
    currency: 'THB',
    transferredAt: new Date().toISOString(),
  });
};

describe(`invite (${dbLabel})`, () => {
  test('no invitees: empty list, zero summary, NO_INVITE_BONUS', async () => {
    const res = await call(t.app, inviter, 'POST', '/api/invite', { page: 1, limit: 10 });
    expect(body(res).data).toEqual({ invites: [], total: 0 });
    expect(await t.app.invites.summary(inviter.id)).toEqual({ amount: 0, success: 0, fail: 0 });
    expectError(await call(t.app, inviter, 'GET', '/api/invite/bonus'), 400, 'NO_INVITE_BONUS');
  });

  test('first deposit ≥ 100 baht earns 10 % (max 500 baht); a smaller first deposit or a later one earns nothing', async () => {
    const big = await invitee('Big Spender');
    const small = await invitee('Small Saver');
    await invitee('No Deposit');
    const huge = await invitee('Huge Whale');
    await bankDeposit(big, 25_000); // 250 baht → 25 baht
    await bankDeposit(big, 100_000); // not the first: nothing
    await bankDeposit(small, 9_999); // below 100 baht → fail
    await bankDeposit(small, 50_000); // later deposit does not qualify after the fact
    await bankDeposit(huge, 1_000_000); // 10 000 baht → capped at 500 baht
    expect(await t.app.invites.summary(inviter.id)).toEqual({
      amount: 2_500 + 50_000,
      success: 2,
      fail: 2,
    });

    const list = body<{
      invites: { from: { name: string }; amount: number; createdAt: string }[];
      total: number;
    }>(await call(t.app, inviter, 'POST', '/api/invite', { page: 1, limit: 10 })).data;
    expect(list.total).toBe(4);
    expect(Object.fromEntries(list.invites.map((i) => [i.from.name, i.amount]))).toEqual({
      'Big Spender': 2_500,
      'Small Saver': 0,
      'No Deposit': 0,
      'Huge Whale': 50_000,
    });
    const page2 = body<{ invites: unknown[]; total: number }>(
      await call(t.app, inviter, 'POST', '/api/invite', { page: 2, limit: 3 }),
    ).data;
    expect(page2).toMatchObject({ total: 4 });
    expect(page2.invites).toHaveLength(1);
  });

  test('receive moves the unclaimed bonus into the wallet once', async () => {
    const before = await walletAmount(t.app, inviter);
    const res = await call(t.app, inviter, 'GET', '/api/invite/bonus');
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ amount: 52_500, message: 'INVITE_BONUS_SUCCESS' });
    expect(await walletAmount(t.app, inviter)).toBe(before + 52_500);
    expectError(await call(t.app, inviter, 'GET', '/api/invite/bonus'), 400, 'NO_INVITE_BONUS');
    expect(await t.app.invites.summary(inviter.id)).toEqual({ amount: 0, success: 2, fail: 2 });
    await expectBooksBalanced(t.app);
  });

  test('concurrent receives pay once', async () => {
    const late = await invitee('Late Joiner');
    await bankDeposit(late, 20_000);
    const before = await walletAmount(t.app, inviter);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => call(t.app, inviter, 'GET', '/api/invite/bonus')),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    expect(await walletAmount(t.app, inviter)).toBe(before + 2_000);
    await expectBooksBalanced(t.app);
  });

  test('banners: seeded per language', async () => {
    const th = body<{ image: string; html: string }[]>(
      await call(t.app, undefined, 'GET', '/api/invite/banners'),
    ).data;
    expect(th).toHaveLength(2);
    expect(th[0]?.image).toBe('/media/banners/invite-1.svg');
    const image = await t.app.inject({ url: th[0]?.image ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.body).toContain('<svg');
    const en = await t.app.inject({ url: '/api/invite/banners', headers: { 'accept-language': 'en' } });
    expect(body<{ html: string }[]>(en).data[0]?.html).toMatch(/Invite friends/);
    const refund = body<unknown[]>(await call(t.app, undefined, 'GET', '/api/refund/banners')).data;
    expect(refund).toHaveLength(1);
  });
});
