import fs from 'node:fs';
import path from 'node:path';
import { check, migrationTables, sourceFiles, type Owner, type Rules } from './boundaries/table-access';

/**
 * Features do not read another feature's tables (docs/server.md "Boundaries"): every table has one owner, a
 * feature or core or the platform, and a feature's files name only its own tables and those of core and the
 * platform. What a feature needs of another's rows it asks of that feature's service (`app.operators`, …). The
 * few reads across are listed below with their reason; no feature writes another's table.
 */
const src = path.join(__dirname, '..', 'src');

const OWNERS: Record<string, Owner> = {
  ledger_accounts: 'core/ledger',
  ledger_transactions: 'core/ledger',
  ledger_postings: 'core/ledger',
  idempotency_keys: 'core/idempotency',
  operations: 'core/operations',
  operation_legs: 'core/operations',
  settings: 'platform',
  job_pools: 'platform',
  members: 'features/accounts',
  sessions: 'features/accounts',
  otps: 'features/otp',
  banks: 'features/content',
  lookup_content: 'features/content',
  money_in_banners: 'features/content',
  money_in_deposit_notices: 'features/deposits',
  money_in_gift_links: 'features/deposits',
  money_in_incoming: 'features/deposits',
  money_in_qr_codes: 'features/deposits',
  money_in_slips: 'features/deposits',
  money_in_invite_rewards: 'features/invite',
  money_in_refunds: 'features/refund',
  game_accounts: 'features/games',
  game_transfers: 'features/games',
  game_rounds: 'features/games',
  sandbox_game_players: 'features/games',
  sandbox_game_rounds: 'features/games',
  sandbox_game_transfers: 'features/games',
  withdrawals: 'features/withdrawals',
  sandbox_payouts: 'features/withdrawals',
  bonus_definitions: 'features/bonus',
  bonus_activations: 'features/bonus',
  promotions: 'features/bonus',
  spin_wheels: 'features/spin',
  spin_coins: 'features/spin',
  spin_coin_entries: 'features/spin',
  spin_seeds: 'features/spin',
  spin_draws: 'features/spin',
  spin_coupons: 'features/spin',
  operators: 'features/operators',
  operator_sessions: 'features/operators',
  operator_recovery_codes: 'features/operators',
  audit_log: 'features/operators',
  chat_conversations: 'features/chat',
  chat_messages: 'features/chat',
  chat_files: 'features/chat',
  remote_releases: 'features/releases',
};

export const RULES: Rules = {
  owners: OWNERS,
  readByAll: {
    members: 'the member record: every feature keys its rows on it and shows its username and name',
  },
  readAcross: [
    ...['withdrawals', 'game_transfers', 'bonus_activations'].map((table) => ({
      feature: 'features/statement',
      table,
      why: 'the statement is one paged query over the ledger and the rows that describe its transactions',
    })),
    ...['game_accounts', 'money_in_invite_rewards', 'spin_coins'].map((table) => ({
      feature: 'features/wallet',
      table,
      why: 'the wallet snapshot is one read (docs/benchmarks.md, issue 35)',
    })),
    {
      feature: 'features/accounts',
      table: 'banks',
      why: "the member directory joins the member's bank (its code, name and whether it is active)",
    },
  ],
};

const features = fs
  .readdirSync(path.join(src, 'features'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => `features/${e.name}`);

function scan(feature: string) {
  return sourceFiles(path.join(src, feature)).flatMap((file) =>
    check(feature, path.relative(src, file), fs.readFileSync(file, 'utf8'), RULES),
  );
}

test('every table the migrations create has one owner, and the map names no other', () => {
  const created = [...migrationTables(path.join(src, 'platform', 'db', 'migrations'))].sort();
  expect(Object.keys(OWNERS).sort()).toEqual(created);
  for (const owner of new Set(Object.values(OWNERS)))
    expect(fs.existsSync(path.join(src, owner)) || fs.existsSync(path.join(src, `${owner}.ts`))).toBe(true);
});

test.each(features)('%s names only its own tables and those of core and the platform', (feature) => {
  expect(scan(feature)).toEqual([]);
});

test('every read across is still made (a stale allowance is removed)', () => {
  const reads = new Set(
    features.flatMap((feature) =>
      sourceFiles(path.join(src, feature)).flatMap((file) =>
        check(feature, file, fs.readFileSync(file, 'utf8'), { ...RULES, readAcross: [] }).map(
          (f) => `${f.feature} ${f.table}`,
        ),
      ),
    ),
  );
  for (const allowed of RULES.readAcross) expect(reads).toContain(`${allowed.feature} ${allowed.table}`);
});

describe('the check finds', () => {
  const findings = (feature: string, text: string) =>
    check(feature, `${feature}/doctored.ts`, text, RULES)
      .map((f) => `${f.table}: ${f.problem}`)
      .sort();

  test("a Kysely read of another feature's table", () => {
    const text = `export const live = (db) => db.selectFrom('operator_sessions as s').innerJoin('operators as o', 'o.id', 's.operator_id').selectAll().execute();`;
    expect(findings('features/chat', text)).toEqual([
      "operator_sessions: reads features/operators's table: ask app.operators",
      "operators: reads features/operators's table: ask app.operators",
    ]);
  });

  test("raw SQL that writes another feature's table, even one every feature may read", () => {
    const text =
      'export const f = (db, id) => sql`update members set name = ${"x"} where id = ${id}; delete from spin_coins where member_id = ${id}`.execute(db);';
    expect(findings('features/bonus', text)).toEqual([
      "members: writes features/accounts's table: ask app.accounts",
      "spin_coins: writes features/spin's table: ask app.spin",
    ]);
  });

  test('a table no owner is listed for', () => {
    expect(findings('features/spin', `db.insertInto('spin_prizes').values({}).execute();`)).toEqual([
      'spin_prizes: names a table that has no owner (add it to the map)',
    ]);
  });

  test('nothing in comments, nor a CTE of the file, nor its own tables', () => {
    const text = [
      '// select * from operators',
      "db.with('recent', (q) => q.selectFrom('chat_messages').selectAll()).selectFrom('recent').selectAll();",
      'sql`select * from chat_files join members m on true`;',
    ].join('\n');
    expect(findings('features/chat', text)).toEqual([]);
  });
});
