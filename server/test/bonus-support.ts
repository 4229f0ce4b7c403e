import { randomUUID } from 'node:crypto';
import { ManualClock } from '../src/platform/clock';
import { body, createTestApp, fund, setSetting, type TestApp } from './helpers';
import { call, type TestMember } from './money-in-support';

/** What the bonus engine's suites share: the clock they start from, and the app with the member's calls. */

export const DAY = 86_400_000;

/** The next Sunday 23:50 Bangkok (16:50 UTC) at or after `from`: ten minutes before a new day and a new week. */
export function sundayBeforeMidnight(from: number): Date {
  const d = new Date(from);
  d.setUTCHours(16, 50, 0, 0);
  while (d.getUTCDay() !== 0 || d.getTime() < from) d.setTime(d.getTime() + DAY);
  return d;
}

/** The member's open bonus as GET /api/bonus/check/active answers it. */
export interface Active {
  status: boolean;
  type: string | null;
  bonus: null | {
    code: string;
    amount: number;
    turnover: { needed: number; done: number; percent: number };
    met: boolean;
    cancellable: boolean;
    forfeit: number;
  };
}

/**
 * An app whose engine clock starts at `start` (built in the suite's beforeAll, closed in its afterAll; `t.app` is
 * there once the suite's tests run), and the calls the bonus tests make as a member.
 */
export function bonusHarness(start: Date) {
  const clock = new ManualClock(start);
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp({ GAME_LATENCY_MS: '0', JOB_INTERVAL_MS: '0' }, { clock }));
    await setSetting(t.app, 'registerOTP', false);
  });
  afterAll(() => t.close());

  const get = <T>(m: TestMember, url: string, locale = 'en') =>
    t.app
      .inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${m.token}`, 'accept-language': locale },
      })
      .then((r) => ({ res: r, data: r.statusCode === 200 ? body<T>(r).data : (undefined as T) }));
  const keyed = (m: TestMember, method: 'GET' | 'POST', url: string, key: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${m.token}`, 'idempotency-key': key },
      ...(payload ? { payload } : {}),
    });
  const deposit = (m: TestMember, amount: number) => fund(t.app, m.id, amount);
  const active = async (m: TestMember) => (await get<Active>(m, '/api/bonus/check/active')).data;

  /** Opens the member's account at that game and reports a round there, as the provider would. */
  async function round(
    m: TestMember,
    code: string,
    bet: number,
    roundId: string = randomUUID(),
  ): Promise<boolean> {
    const acct = await t.app.games.accounts.account(m.id, code).catch(async () => {
      await call(t.app, m, 'GET', `/api/wallet/activate/${code}`);
      return t.app.games.accounts.account(m.id, code);
    });
    return t.app.games.rounds.report({
      provider: code,
      roundId,
      username: acct.username,
      bet,
      win: 0,
      playedAt: clock.now(),
    });
  }

  return { t, clock, get, keyed, deposit, active, round };
}
