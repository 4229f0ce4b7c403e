import { sql } from 'kysely';
import type { Ledger } from '../src/core/ledger';
import { createTestApp, dbLabel, registration, setSetting, testDatabaseUrl, type TestApp } from './helpers';

let t: TestApp;
let ledger: Ledger;

beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t.app, 'registerOTP', false);
  ledger = t.app.ctx.ledger;
});
afterAll(() => t.close());

const main = (member: string) => ({ member, code: 'main' as const });

/** Each test has a member of its own (and so references of its own): no test depends on another's order. */
async function newMember(balance = 0): Promise<string> {
  const sources = () => t.app.content.get('sources', 'th');
  const id = await t.app.accounts.register(registration(), { requireOtp: false, sources });
  if (balance > 0) {
    await t.app.ctx.db.transaction().execute((trx) =>
      ledger.creditMember(trx, {
        memberId: id,
        amount: balance,
        kind: 'deposit',
        from: 'bank_in',
        reference: `seed:${id}`,
      }),
    );
  }
  return id;
}

const credit = (memberId: string, amount: number, reference: string) =>
  t.app.ctx.db
    .transaction()
    .execute((trx) =>
      ledger.creditMember(trx, { memberId, amount, kind: 'deposit', from: 'bank_in', reference }),
    );

describe(`ledger (${dbLabel})`, () => {
  test('registration opens the main wallet through the ledger', async () => {
    const memberId = await newMember();
    expect(await ledger.balance(t.app.ctx.db, main(memberId))).toBe(0);
    const accounts = await t.app.ctx.db
      .selectFrom('ledger_accounts')
      .select('code')
      .where('member_id', '=', memberId)
      .execute();
    expect(accounts.map((a) => a.code)).toEqual(['main']);
  });

  test('a system account is kept in shards: postings spread by reference, a repeat lands where it did, its balance is their sum', async () => {
    const memberId = await newMember();
    const shardRows = () =>
      t.app.ctx.db
        .selectFrom('ledger_accounts')
        .select(['shard', 'balance'])
        .where('member_id', 'is', null)
        .where('code', '=', 'bank_in')
        .where('currency', '=', 'THB')
        .orderBy('shard')
        .execute();
    const before = await ledger.balance(t.app.ctx.db, { system: 'bank_in', currency: 'THB' });
    const references = Array.from({ length: 40 }, (_, i) => `shard-${i}:${memberId}`);
    for (const reference of references) await credit(memberId, 100, reference);
    // 40 references over 8 shards: more than one row moved, and the account's balance is the sum of its rows.
    const rows = await shardRows();
    expect(new Set(rows.map((r) => Number(r.shard))).size).toBeGreaterThan(1);
    expect(rows.every((r) => Number(r.shard) >= 0 && Number(r.shard) < 8)).toBe(true);
    const after = await ledger.balance(t.app.ctx.db, { system: 'bank_in', currency: 'THB' });
    expect(after).toBe(before - 4_000);
    expect(rows.reduce((n, r) => n + Number(r.balance), 0)).toBe(after);
    // Posted again with the same reference: answered as a repeat, nothing moves on any shard.
    const again = await credit(memberId, 100, references[0] as string);
    expect(again.duplicate).toBe(true);
    expect(await shardRows()).toEqual(rows);
    expect(await ledger.balance(t.app.ctx.db, main(memberId))).toBe(4_000);
    expect(await ledger.trialBalance()).toEqual(expect.objectContaining({ THB: 0 }));
    expect(await ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
  });

  test('a credit posts two balanced postings and moves both balances', async () => {
    const memberId = await newMember();
    const bankIn = await ledger.balance(t.app.ctx.db, { system: 'bank_in', currency: 'THB' });
    const r = await credit(memberId, 50_000, `dep-1:${memberId}`);
    expect(r.duplicate).toBe(false);
    expect(await ledger.balance(t.app.ctx.db, main(memberId))).toBe(50_000);
    expect(await ledger.balance(t.app.ctx.db, { system: 'bank_in', currency: 'THB' })).toBe(bankIn - 50_000);
    const postings = await t.app.ctx.db
      .selectFrom('ledger_postings')
      .select(['amount'])
      .where('transaction_id', '=', Number(r.transactionId))
      .execute();
    expect(postings.map((p) => p.amount).sort((a, b) => a - b)).toEqual([-50_000, 50_000]);
    expect(await ledger.trialBalance()).toEqual({ THB: 0 });
  });

  test('a duplicate (kind, reference) posts once', async () => {
    const memberId = await newMember();
    const first = await credit(memberId, 50_000, `dep-1:${memberId}`);
    const again = await credit(memberId, 50_000, `dep-1:${memberId}`);
    expect(again).toEqual({ transactionId: first.transactionId, duplicate: true });
    const concurrent = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.ctx.db.transaction().execute((trx) =>
          ledger.creditMember(trx, {
            memberId,
            amount: 100,
            kind: 'deposit',
            from: 'bank_in',
            reference: `dep-2:${memberId}`,
          }),
        ),
      ),
    );
    expect(concurrent.filter((c) => !c.duplicate)).toHaveLength(1);
    expect(new Set(concurrent.map((c) => c.transactionId)).size).toBe(1);
    expect(await ledger.balance(t.app.ctx.db, main(memberId))).toBe(50_100);
  });

  test('a repeated (kind, reference) with other postings is an error, not "already done"', async () => {
    const memberId = await newMember();
    await credit(memberId, 10_000, `dep-3:${memberId}`);
    await expect(credit(memberId, 20_000, `dep-3:${memberId}`)).rejects.toThrow(/other postings/);
    const other = await newMember();
    await expect(credit(other, 10_000, `dep-3:${memberId}`)).rejects.toThrow(/other postings/);
    expect(await ledger.balance(t.app.ctx.db, main(memberId))).toBe(10_000);
    expect(await ledger.balance(t.app.ctx.db, main(other))).toBe(0);
  });

  test('postings must balance: refused in code, and by the deferred SQL trigger', async () => {
    const memberId = await newMember();
    await expect(
      t.app.ctx.db.transaction().execute((trx) =>
        ledger.post(trx, {
          kind: 'adjustment',
          memberId,
          postings: [
            { account: main(memberId), amount: 10 },
            { account: { system: 'bank_in', currency: 'THB' }, amount: -9 },
          ],
        }),
      ),
    ).rejects.toThrow(/do not balance/);
    // Around the code: raw postings that do not sum to zero fail at commit.
    const account = await t.app.ctx.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('ledger_transactions')
          .values({ kind: 'adjustment', member_id: memberId, meta: '{}' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_postings')
          .values({ transaction_id: row.id, account_id: account.id, amount: 5, currency: 'THB' })
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
    // A transaction without postings is refused too.
    await expect(
      t.app.ctx.db
        .insertInto('ledger_transactions')
        .values({ kind: 'adjustment', member_id: memberId, meta: '{}' })
        .execute(),
    ).rejects.toThrow(/has no postings/);
    expect(await ledger.trialBalance()).toEqual({ THB: 0 });
  });

  test('a member balance never goes negative: MONEY_NOT_ENOUGH, and the SQL CHECK refuses a direct UPDATE', async () => {
    const memberId = await newMember(50_100);
    const other = await newMember();
    await expect(
      t.app.ctx.db
        .transaction()
        .execute((trx) =>
          ledger.debitMember(trx, { memberId: other, amount: 1, kind: 'withdraw', to: 'payouts' }),
        ),
    ).rejects.toMatchObject({ code: 'MONEY_NOT_ENOUGH' });
    await expect(
      t.app.ctx.db
        .updateTable('ledger_accounts')
        .set({ balance: -1 })
        .where('member_id', '=', memberId)
        .where('code', '=', 'main')
        .execute(),
    ).rejects.toThrow(/ledger_accounts_member_non_negative/);
    expect(await ledger.balance(t.app.ctx.db, main(memberId))).toBe(50_100);
  });

  test('ledger rows are append-only; a mistake is reversed by a new transaction', async () => {
    const memberId = await newMember(50_100);
    await expect(sql`update ledger_postings set amount = amount + 1`.execute(t.app.ctx.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from ledger_transactions`.execute(t.app.ctx.db)).rejects.toThrow(/append-only/);

    const wrong = await t.app.ctx.db.transaction().execute((trx) =>
      ledger.post(trx, {
        kind: 'transfer',
        memberId,
        postings: [
          { account: main(memberId), amount: -1_000 },
          { account: { member: memberId, code: 'game:PG' }, amount: 1_000 },
        ],
      }),
    );
    expect(await ledger.balance(t.app.ctx.db, { member: memberId, code: 'game:PG' })).toBe(1_000);
    const reversal = await t.app.ctx.db
      .transaction()
      .execute((trx) => ledger.reverse(trx, wrong.transactionId, { kind: 'transfer_reversal' }));
    const twice = await t.app.ctx.db
      .transaction()
      .execute((trx) => ledger.reverse(trx, wrong.transactionId, { kind: 'transfer_reversal' }));
    expect(twice).toEqual({ transactionId: reversal.transactionId, duplicate: true });
    expect(await ledger.balance(t.app.ctx.db, { member: memberId, code: 'game:PG' })).toBe(0);
    expect(await ledger.balance(t.app.ctx.db, main(memberId))).toBe(50_100);
    const row = await t.app.ctx.db
      .selectFrom('ledger_transactions')
      .select(['reversal_of', 'kind'])
      .where('id', '=', Number(reversal.transactionId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reversal_of: Number(wrong.transactionId), kind: 'transfer_reversal' });
    expect(await ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
  });

  test('concurrent debits on one wallet never overdraw it', async () => {
    const memberId = await newMember(50_100);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        t.app.ctx.db.transaction().execute((trx) =>
          ledger.debitMember(trx, {
            memberId,
            amount: 5_000,
            kind: 'withdraw',
            to: 'payouts',
            reference: `w-${i}:${memberId}`,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await ledger.balance(t.app.ctx.db, main(memberId))).toBe(100);
    expect(await ledger.trialBalance()).toEqual({ THB: 0 });
    expect(await ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
  });
  test('an account created in a transaction that rolled back is created again by the next posting', async () => {
    const memberId = await newMember(10_000);
    const code = `provider_float:R${memberId.slice(-6)}` as const;
    const post = (reference: string) =>
      t.app.ctx.db.transaction().execute((trx) =>
        ledger.post(trx, {
          kind: 'game_win',
          memberId,
          reference,
          postings: [
            { account: { system: code, currency: 'THB' }, amount: -300 },
            { account: main(memberId), amount: 300 },
          ],
        }),
      );
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        await ledger.post(trx, {
          kind: 'game_win',
          memberId,
          reference: `rolled-back:${memberId}`,
          postings: [
            { account: { system: code, currency: 'THB' }, amount: -200 },
            { account: main(memberId), amount: 200 },
          ],
        });
        throw new Error('rolled back after the posting');
      }),
    ).rejects.toThrow('rolled back after the posting');
    expect(await ledger.balance(t.app.ctx.db, { system: code, currency: 'THB' })).toBe(0);
    expect((await post(`after:${memberId}`)).duplicate).toBe(false);
    expect(await ledger.balance(t.app.ctx.db, { system: code, currency: 'THB' })).toBe(-300);
    expect(await ledger.balance(t.app.ctx.db, main(memberId))).toBe(10_300);
    expect(await ledger.trialBalance()).toEqual({ THB: 0 });
    expect(await ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
  });
  // Two connections at once: PostgreSQL only (PGlite runs one transaction at a time).
  (testDatabaseUrl ? test : test.skip)(
    'a posting whose account another transaction is still creating waits for it holding no lock (no deadlock)',
    async () => {
      const memberId = await newMember(10_000);
      const other = await newMember();
      const code = `provider_float:C${memberId.slice(-6)}` as const;
      const win = (trx: Parameters<Ledger['post']>[0], to: string, reference: string, amount: number) =>
        ledger.post(trx, {
          kind: 'game_win',
          memberId: to,
          reference,
          postings: [
            { account: { system: code, currency: 'THB' }, amount: -amount },
            { account: main(to), amount },
          ],
        });
      let created!: () => void;
      const isCreated = new Promise<void>((resolve) => (created = resolve));
      let go!: () => void;
      const mayGoOn = new Promise<void>((resolve) => (go = resolve));
      // The creator: its first posting creates the account (uncommitted; the ledger keeps its id) and pays another
      // member, then it pays the member once the second transaction is on its way.
      const creator = t.app.ctx.db.transaction().execute(async (trx) => {
        await win(trx, other, `creator-1:${memberId}`, 100);
        created();
        await mayGoOn;
        await win(trx, memberId, `creator-2:${memberId}`, 200);
      });
      await isCreated;
      // The second one knows the account's id but cannot see the row yet: it must not keep the wallet locked
      // while it waits for the creator to commit.
      const second = t.app.ctx.db
        .transaction()
        .execute((trx) => win(trx, memberId, `second:${memberId}`, 400));
      await new Promise((resolve) => setTimeout(resolve, 300));
      go();
      const results = await Promise.allSettled([creator, second]);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.status))).toEqual([
        'fulfilled',
        'fulfilled',
      ]);
      expect(await ledger.balance(t.app.ctx.db, main(memberId))).toBe(10_600);
      expect(await ledger.balance(t.app.ctx.db, main(other))).toBe(100);
      expect(await ledger.balance(t.app.ctx.db, { system: code, currency: 'THB' })).toBe(-700);
      expect(await ledger.verify()).toEqual({ accountsOff: 0, transactionsOff: 0 });
    },
  );
});
