import {
  body,
  createTestApp,
  dbLabel,
  fund,
  memberWithToken,
  registration,
  setSetting,
  type TestApp,
} from './helpers';

interface GameAccount {
  code: string;
  name: string;
  logo: string;
  background: string;
  category: string;
  isActive: boolean;
  amount: number;
  ftWalletSlot: number;
  web: string | null;
  android: string | null;
  ios: string | null;
}
interface TransferResult {
  status: string;
  transferId: string;
  wallet: { amount: number; currency: string };
  slots: GameAccount[];
}
interface WithdrawResult {
  withdrawalId: string;
  status: string;
  operation: { legs: { type: string; status: string }[] };
  amount: number;
  wallet: { amount: number; currency: string };
}

let t: TestApp;
let token: string;
let memberId: string;

beforeAll(async () => {
  t = await createTestApp({ GAME_LATENCY_MS: '0', JOB_INTERVAL_MS: '0', PAYOUT_SETTLE_MS: '60000' });
  await setSetting(t.app, 'registerOTP', false);
  ({ memberId, token } = await memberWithToken(t.app));
  await fund(t.app, memberId, 100_000);
});
afterAll(() => t.close());

const headers = (key?: string) => ({
  authorization: `Bearer ${token}`,
  ...(key ? { 'idempotency-key': key } : {}),
});
const get = (url: string) => t.app.inject({ url, headers: headers() });
const post = (url: string, payload: object, key?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: headers(key) });
const expectError = (res: { statusCode: number; body: string }, status: number, code: string) => {
  expect({ status: res.statusCode, code: body(res).code }).toEqual({ status, code });
};
const mainBalance = () => t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code: 'main' });

describe(`wallet and games (${dbLabel})`, () => {
  test('GET /api/wallet lists all 16 games in three categories, the spin flag and the snapshot time', async () => {
    const res = await get('/api/wallet');
    expect(res.statusCode).toBe(200);
    const data = body<{
      wallet: { amount: number; currency: string };
      slots: GameAccount[];
      spin: { isActive: boolean };
      updatedAt: string;
      invite: object;
    }>(res).data;
    expect(data.wallet).toEqual({ amount: 100_000, currency: 'THB' });
    expect(data.slots).toHaveLength(16);
    expect(new Set(data.slots.map((s) => s.category))).toEqual(new Set(['slot', 'sport', 'lotto']));
    expect(data.slots.every((s) => !s.isActive && s.amount === 0)).toBe(true);
    expect(data.slots.some((s) => s.android === null)).toBe(true);
    expect(data.spin).toEqual({ isActive: false });
    expect(Number.isNaN(Date.parse(data.updatedAt))).toBe(false);
    expect(data.invite).toEqual({ amount: 0, success: 0, fail: 0 });
    await setSetting(t.app, 'spin.active', true);
    expect(body<{ spin: { isActive: boolean } }>(await get('/api/wallet')).data.spin).toEqual({
      isActive: true,
    });

    const logo = await t.app.inject({ url: data.slots[0]?.logo ?? '' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
    expect(logo.body).toContain(data.slots[0]?.name ?? '-');
    expect((await t.app.inject({ url: '/media/games/NOPE-logo.svg' })).statusCode).toBe(404);
  });

  test('activate, credentials, reset password, auto-login', async () => {
    expectError(await get('/api/wallet/activate/NOPE'), 404, 'NO_GAME');
    expectError(await get('/api/wallet/account/PG'), 400, 'SLOT_NO_ACCOUNT');
    const act = await get('/api/wallet/activate/PG');
    expect(act.statusCode).toBe(200);
    expect(body<GameAccount>(act).data).toMatchObject({ code: 'PG', isActive: true, amount: 0 });
    expectError(await get('/api/wallet/activate/PG'), 409, 'SLOT_ALREADY_ACTIVE');
    const creds = body<{ username: string; password: string }>(await get('/api/wallet/account/PG')).data;
    expect(creds.username).toMatch(/^w/);
    const reset = body<{ username: string; password: string }>(
      await get('/api/wallet/resetpassword/PG'),
    ).data;
    expect(reset.username).toBe(creds.username);
    expect(reset.password).not.toBe(creds.password);

    expectError(await get(`/api/autoLogin/pg/someone-else`), 400, 'SLOT_NO_ACCOUNT');
    expectError(await get(`/api/autoLogin/nope/${creds.username}`), 404, 'NO_GAME');
    const link = body<{ link: string }>(await get(`/api/autoLogin/pg/${creds.username}/${reset.password}`))
      .data.link;
    expect(link).toMatch(/^\/sandbox\/games\/PG\/play\?session=/);
    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('ยอดเงินในเกม');
  });

  test('transfer validation: minimum, same account, unknown game, no account, not enough money', async () => {
    expectError(
      await post('/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 99 }),
      400,
      'TRANSFER_MINIMUM',
    );
    expectError(
      await post('/api/wallet/transfer', { from: 'PG', to: 'PG', amount: 1000 }),
      400,
      'TRANSFER_SAME_ACCOUNT',
    );
    expectError(
      await post('/api/wallet/transfer', { from: 'wallet', to: 'XX', amount: 1000 }),
      404,
      'NO_GAME',
    );
    expectError(
      await post('/api/wallet/transfer', { from: 'wallet', to: 'JOKER', amount: 1000 }),
      400,
      'SLOT_NO_ACCOUNT',
    );
    expectError(
      await post('/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 100_001 }),
      400,
      'MONEY_NOT_ENOUGH',
    );
    expectError(
      await post('/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 1.5 }),
      400,
      'KEY_INVALID',
    );
    expect(await mainBalance()).toBe(100_000);
  });

  test('transfer in, play rounds at the provider, refresh posts the result, transfer everything back', async () => {
    const res = await post('/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 30_000 }, 'k-in-1');
    expect(res.statusCode).toBe(200);
    const r = body<TransferResult>(res).data;
    expect(r.status).toBe('SUCCESS');
    expect(r.wallet.amount).toBe(70_000);
    expect(r.slots.find((s) => s.code === 'PG')?.amount).toBe(30_000);

    // Play through the sandbox page's form, as a person would.
    const creds = body<{ username: string }>(await get('/api/wallet/account/PG')).data;
    const link = body<{ link: string }>(await get(`/api/autoLogin/pg/${creds.username}`)).data.link;
    const session = new URL(link, 'http://x').searchParams.get('session') ?? '';
    for (let i = 0; i < 5; i += 1) {
      const round = await t.app.inject({
        method: 'POST',
        url: '/sandbox/games/PG/play?lang=en',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ session, bet: '10' }).toString(),
      });
      expect(round.statusCode).toBe(303);
    }
    const providerBalance = await t.app.sandboxGames!.player('PG', creds.username);
    expect(await t.app.sandboxGames!.lastRounds('PG', creds.username)).toHaveLength(5);
    const slots = body<GameAccount[]>(await get('/api/wallet/refresh/slot')).data;
    expect(slots.find((s) => s.code === 'PG')?.amount).toBe(providerBalance.balance);
    expect(await t.app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });

    const all = await post('/api/wallet/transferAll', { to: 'wallet' }, 'k-all-1');
    expect(all.statusCode).toBe(200);
    const after = body<TransferResult>(all).data;
    expect(after.status).toBe('SUCCESS');
    expect(after.wallet.amount).toBe(70_000 + providerBalance.balance);
    expect(after.slots.find((s) => s.code === 'PG')?.amount).toBe(0);
    expectError(await post('/api/wallet/transferAll', { to: 'wallet' }, 'k-all-2'), 400, 'TRANSFER_MINIMUM');
  });

  test('a game win not yet refreshed can be transferred out (the mirror is synced first)', async () => {
    const before = await mainBalance();
    await post('/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 1_000 }, 'k-in-2');
    const creds = body<{ username: string }>(await get('/api/wallet/account/PG')).data;
    await t.app.ctx.db
      .updateTable('sandbox_game_players')
      .set({ balance: 5_000 })
      .where('provider', '=', 'PG')
      .where('username', '=', creds.username)
      .execute();
    const res = await post('/api/wallet/transfer', { from: 'PG', to: 'wallet', amount: 5_000 }, 'k-out-2');
    expect(body<TransferResult>(res).data).toMatchObject({
      status: 'SUCCESS',
      wallet: { amount: before + 4_000 },
    });
    expect(await t.app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });
  });

  test('idempotency: a retry returns the stored response; another body is KEY_INVALID; concurrent duplicates move money once', async () => {
    const start = await mainBalance();
    const first = await post('/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 1_000 }, 'k-idem');
    const again = await post('/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 1_000 }, 'k-idem');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expectError(
      await post('/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 2_000 }, 'k-idem'),
      409,
      'KEY_INVALID',
    );
    const errFirst = await post('/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 50 }, 'k-err');
    const errAgain = await post('/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 50 }, 'k-err');
    expect(errAgain.body).toBe(errFirst.body);
    expectError(errAgain, 400, 'TRANSFER_MINIMUM');

    const burst = await Promise.all(
      Array.from({ length: 4 }, () =>
        post('/api/wallet/transfer', { from: 'wallet', to: 'PG', amount: 1_000 }, 'k-burst'),
      ),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(burst.map((r) => body<TransferResult>(r).data.transferId)).size).toBe(1);
    expect(await mainBalance()).toBe(start - 2_000);
    const perKey = await t.app.ctx.db
      .selectFrom('ledger_transactions')
      .select('idempotency_key')
      .where('idempotency_key', 'in', ['k-idem', 'k-burst'])
      .execute();
    expect(perKey).toHaveLength(2);
  });

  test('withdraw: limits, pending then success, failed returns the money, withdrawAll collects games first', async () => {
    expectError(await post('/api/wallet/withdraw', { amount: 9_999 }, 'w-min'), 400, 'WITHDRAW_MINIMUM');
    expectError(await post('/api/wallet/withdraw', { amount: 5_000_001 }, 'w-max'), 400, 'WITHDRAW_MAXIMUM');
    expectError(await post('/api/wallet/withdraw', { amount: 10_000_00 }, 'w-big'), 400, 'MONEY_NOT_ENOUGH');
    const start = await mainBalance();
    const ok = body<WithdrawResult>(await post('/api/wallet/withdraw', { amount: 10_000 }, 'w-1')).data;
    // The operation succeeded: the withdrawal is recorded and waits for the bank.
    expect(ok).toMatchObject({
      status: 'SUCCESS',
      amount: 10_000,
      withdrawal: { id: ok.withdrawalId, status: 'PENDING', amount: 10_000 },
      wallet: { amount: start - 10_000 },
    });
    const settled = await t.app.inject({
      method: 'POST',
      url: `/sandbox/payouts/${ok.withdrawalId}/settle`,
      payload: { outcome: 'success' },
    });
    expect(JSON.parse(settled.body)).toEqual({ withdrawalId: ok.withdrawalId, status: 'SUCCESS' });

    const bad = body<WithdrawResult>(await post('/api/wallet/withdraw', { amount: 10_000 }, 'w-2')).data;
    await t.app.inject({
      method: 'POST',
      url: `/sandbox/payouts/${bad.withdrawalId}/settle`,
      payload: { outcome: 'failed' },
    });
    expect(await mainBalance()).toBe(start - 10_000);

    const inGames = await t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code: 'game:PG' });
    expect(inGames).toBeGreaterThan(0);
    const all = body<WithdrawResult>(
      await post('/api/wallet/withdrawAll', { amount: start - 10_000 + inGames }, 'w-3'),
    ).data;
    expect(all).toMatchObject({
      status: 'SUCCESS',
      withdrawal: { status: 'PENDING' },
      wallet: { amount: 0 },
    });
    expect(all.operation.legs.map((l) => [l.type, l.status])).toEqual([
      ['game_out', 'SUCCESS'],
      ['withdraw', 'SUCCESS'],
    ]);
    expect(await t.app.ctx.ledger.balance(t.app.ctx.db, { member: memberId, code: 'game:PG' })).toBe(0);
    expect(await t.app.ctx.ledger.trialBalance()).toEqual({ THB: 0 });
  });

  test('statement: newest first, with transfer and withdrawal statuses', async () => {
    const res = await post('/api/statement', { page: 1, limit: 5 });
    expect(res.statusCode).toBe(200);
    const data = body<{
      total: number;
      statements: {
        statementType: string;
        status: string;
        amount: number;
        createdAt: string;
        from: string;
        to: string;
      }[];
    }>(res).data;
    expect(data.total).toBeGreaterThan(5);
    expect(data.statements).toHaveLength(5);
    expect(data.statements[0]).toMatchObject({
      statementType: 'withdraw',
      status: 'PENDING',
      from: 'wallet',
    });
    const times = data.statements.map((s) => Date.parse(s.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const all = body<{ statements: { statementType: string; status: string }[] }>(
      await post('/api/statement', { page: 1, limit: 100 }),
    ).data.statements;
    expect(all.filter((s) => s.statementType === 'withdraw').map((s) => s.status)).toEqual([
      'PENDING',
      'FAILED',
      'SUCCESS',
    ]);
    expect(all.at(-1)).toMatchObject({ statementType: 'deposit', status: 'SUCCESS', amount: 100_000 });
    expect(all.some((s) => s.statementType === 'transfer')).toBe(true);
    expect((await post('/api/statement', { page: 100, limit: 10 })).statusCode).toBe(200);
  });

  test('money routes need a member', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      payload: { from: 'wallet', to: 'PG', amount: 100 },
    });
    expectError(res, 401, 'UNAUTHORIZED');
  });
});

describe(`GET /api/wallet in one statement (${dbLabel})`, () => {
  test('the view equals what each owner answers: profile and coins, balances, game accounts, invites, spin', async () => {
    const { app } = t;
    const m = await memberWithToken(app);
    const reg = (name: string, inviteCode: string) =>
      app.accounts.register(registration({ name, inviteCode }), {
        requireOtp: false,
        sources: () => app.content.get('sources', 'th'),
      });
    const memberGet = (url: string) => app.inject({ url, headers: { authorization: `Bearer ${m.token}` } });
    await fund(app, m.memberId, 50_000);
    for (const code of ['PG', 'JOKER'])
      expect((await memberGet(`/api/wallet/activate/${code}`)).statusCode).toBe(200);
    const moved = await app.inject({
      method: 'POST',
      url: '/api/wallet/transfer',
      payload: { from: 'wallet', to: 'JOKER', amount: 12_300 },
      headers: { authorization: `Bearer ${m.token}`, 'idempotency-key': 'one-statement-1' },
    });
    expect(moved.statusCode).toBe(200);
    // Two invitees: one first deposit qualifies, one does not; three coins.
    const [qualified, small] = [
      await reg('Invitee One', `REF${m.memberId}`),
      await reg('Invitee Two', `X${m.memberId}`),
    ];
    await app.ctx.db.transaction().execute(async (trx) => {
      await app.invites.onDeposit(trx, qualified, 20_000);
      await app.invites.onDeposit(trx, small, 5_000);
      await app.coins.credit(trx, m.memberId, 3, 'operator', `test-coins-${m.memberId}`);
    });

    const view = body<Record<string, unknown>>(await memberGet('/api/wallet')).data;
    const profile = await app.accounts.profile(m.memberId);
    // The three given here, plus what the deposit earned (the spin feature's coin rule).
    expect(profile.coin).toBeGreaterThanOrEqual(3);
    expect(view).toEqual({
      profile,
      bankAccount: {
        bankAccountName: profile.bankAccountName,
        bankAccountNo: profile.bankAccountNo,
        bank: profile.bank,
      },
      wallet: { amount: 50_000 - 12_300, currency: 'THB' },
      invite: await app.invites.summary(m.memberId),
      slots: await app.games.accounts.slots(m.memberId),
      spin: { isActive: await app.ctx.settings.get('spin.active') },
      updatedAt: expect.any(String),
    });
    expect(view.invite).toEqual({ amount: 2_000, success: 1, fail: 1 });
    const slots = view.slots as GameAccount[];
    expect(
      slots
        .filter((s) => s.isActive)
        .map((s) => `${s.code} ${s.amount}`)
        .sort(),
    ).toEqual(['JOKER 12300', 'PG 0']);
  });
});
