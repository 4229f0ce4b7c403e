import type { InjectOptions } from 'fastify';
import type { App } from './app';
import { DEMO, seedDemoMember } from './features/accounts/demo-member';
import { spinDb } from './features/spin/tables';
import { weekStart } from './platform/bangkok-time';

/**
 * The sandbox demo's seed (`npm start`, sandbox only): the demo member (0812345678 / demo-pass-1) with a life to
 * look at — the prize wheel on with coins, money in the wallet, three game accounts holding money, a statement
 * with deposits, transfers and a withdrawal, a bonus to claim (the last deposit qualifies it) and cashback to
 * receive (losses last week).
 *
 * Money moves only the way the site moves it: through the server's own HTTP routes (`inject`), the sandbox bank's
 * signed webhook for deposits, the member's transfers and withdrawal with Idempotency-Keys, the sandbox game
 * provider's set rounds — so every movement is a real ledger transaction that balances. Each step is skipped when
 * what it leaves is already there (a bank transaction id is credited once; a game that has a transfer, rounds or a
 * withdrawal are not done again), and the coins credited last (reference `demo-seed:coins`, once) mark the seed as
 * done: a second start adds nothing. Never with SANDBOX=0 (the demo member has a published password).
 */

/** What the seed leaves, in minor units of baht (kip: × KIP_PER_SATANG, about the same value). */
export const DEMO_SEED = {
  /** The first deposit, from the demo member's registered bank account. */
  firstDeposit: { txid: 'DEMO-SEED-DEPOSIT-1', amount: 300_000 },
  /** Into the games (each opened first). */
  transfers: [
    { code: 'PG', amount: 50_000 },
    { code: 'JOKER', amount: 30_000 },
    { code: 'HUAYHD', amount: 20_000 },
  ],
  /** Rounds played in PG last week: lost 200, lost 150, won 50 (bet 50, paid 100): a net loss of 300 baht. */
  rounds: [
    { bet: 20_000, win: 0 },
    { bet: 15_000, win: 0 },
    { bet: 5_000, win: 10_000 },
  ],
  /** 5 % of last week's net loss (docs/money-in.md). */
  cashback: 1_500,
  withdrawal: 50_000,
  /** The last deposit: after the withdrawal, so it qualifies a bonus. */
  lastDeposit: { txid: 'DEMO-SEED-DEPOSIT-2', amount: 100_000 },
  coins: 5,
} as const;

/** Kip per satang for the Laos build's demo (1 baht ≈ 600 kip). */
const KIP_PER_SATANG = 6;
const COINS_REFERENCE = 'demo-seed:coins';

export interface DemoSeedResult {
  /** The demo member was created now. */
  created: boolean;
  /** The demo's state was seeded now (false: already there, or the demo member is not this database's). */
  seeded: boolean;
}

export async function seedDemo(app: App): Promise<DemoSeedResult> {
  const { ctx } = app;
  if (!ctx.config.sandbox) throw new Error('the demo seed runs only with the sandbox on');
  const created = await seedDemoMember(app);
  const member = await ctx.db
    .selectFrom('members')
    .select(['id', 'currency'])
    .where('username', '=', DEMO.username)
    .executeTakeFirst();
  if (!member) return { created, seeded: false };
  const done = await spinDb(ctx.db)
    .selectFrom('spin_coin_entries')
    .select('id')
    .where('reference', '=', COINS_REFERENCE)
    .executeTakeFirst();
  if (done) return { created, seeded: false };

  const scale = member.currency === 'LAK' ? KIP_PER_SATANG : 1;
  const ops = { 'x-ops-secret': ctx.secrets.opsSecret };
  /** A call from this machine (the sandbox's money routes answer only locally or to the operator). */
  const call = async <T>(req: InjectOptions, what: string, accept: number[] = [200]): Promise<T> => {
    const res = await app.inject({ remoteAddress: '127.0.0.1', ...req });
    if (!accept.includes(res.statusCode)) {
      throw new Error(`demo seed: ${what} answered ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    const json = JSON.parse(res.body) as { data?: T } & T;
    return (json.data ?? json) as T;
  };

  // The prize wheel on (the operator's setting).
  await call(
    { method: 'POST', url: '/api/ops/settings/spin.active', headers: ops, payload: { value: true } },
    'spin.active',
  );

  const { token } = await call<{ token: string }>(
    { method: 'POST', url: '/api/login', payload: { username: DEMO.username, password: DEMO.password } },
    'login',
  );
  const member$ = { authorization: `Bearer ${token}` };
  const keyed = (key: string) => ({ ...member$, 'idempotency-key': `demo-seed:${key}` });
  const deposit = async (d: { txid: string; amount: number }) =>
    call(
      {
        method: 'POST',
        url: '/sandbox/bank/incoming',
        payload: {
          txid: d.txid,
          fromAccountNo: DEMO.bankAccountNo,
          fromBankCode: DEMO.bankCode,
          amount: d.amount * scale,
        },
      },
      `deposit ${d.txid}`,
    );

  try {
    await deposit(DEMO_SEED.firstDeposit);

    for (const t of DEMO_SEED.transfers) {
      const open = await ctx.db
        .selectFrom('game_accounts')
        .select('username')
        .where('member_id', '=', member.id)
        .where('code', '=', t.code)
        .executeTakeFirst();
      if (!open)
        await call(
          { method: 'GET', url: `/api/wallet/activate/${t.code}`, headers: member$ },
          `open ${t.code}`,
        );
      const moved = await ctx.db
        .selectFrom('game_transfers')
        .select('id')
        .where('member_id', '=', member.id)
        .where('code', '=', t.code)
        .executeTakeFirst();
      if (!moved) {
        await call(
          {
            method: 'POST',
            url: '/api/wallet/transfer',
            headers: keyed(`transfer-${t.code}`),
            payload: { from: 'wallet', to: t.code, amount: t.amount * scale },
          },
          `transfer to ${t.code}`,
        );
      }
    }

    // Last week's losses in PG, as the provider reports them: cashback to receive now.
    if ((await app.games.rounds.rounds(member.id, 1)).length === 0) {
      const { username } = await app.games.accounts.account(member.id, 'PG');
      const playedAt = new Date(weekStart(ctx.clock.now()).getTime() - 3 * 86_400_000);
      for (const [i, r] of DEMO_SEED.rounds.entries()) {
        await call(
          {
            method: 'POST',
            url: '/sandbox/games/PG/rounds',
            payload: {
              username,
              bet: r.bet * scale,
              win: r.win * scale,
              playedAt: new Date(playedAt.getTime() + i * 3_600_000).toISOString(),
            },
          },
          'a PG round',
        );
      }
      // The game list reads the balances back: the result is in the ledger (game_loss / game_win).
      await call({ method: 'GET', url: '/api/wallet/refresh/slot', headers: member$ }, 'refresh the games');
    }

    const withdrawn = await ctx.db
      .selectFrom('withdrawals')
      .select('id')
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    if (!withdrawn) {
      await call(
        {
          method: 'POST',
          url: '/api/wallet/withdraw',
          headers: keyed('withdraw'),
          payload: { amount: DEMO_SEED.withdrawal * scale },
        },
        'withdraw',
      );
      // The last deposit comes after the withdrawal: it qualifies a bonus to claim.
      await deposit(DEMO_SEED.lastDeposit);
    }

    await ctx.db.transaction().execute(async (trx) => {
      await app.coins.credit(trx, member.id, DEMO_SEED.coins, 'operator', COINS_REFERENCE, 'demo');
    });
  } finally {
    await app.inject({ method: 'POST', url: '/api/logout', headers: member$ });
  }
  return { created, seeded: true };
}
