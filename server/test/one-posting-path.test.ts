import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createTestApp, dbLabel, type TestApp } from './helpers';

/**
 * One posting path (issue 36, docs/ledger.md): only `ledger_write` (migration 0018) writes the ledger's
 * transactions and postings. `Ledger.post` calls it, and so do the game legs' functions (directly since 0019).
 * This test fails when any other code of server/src writes those tables: SQL text (`insert into ledger_postings`)
 * or Kysely (`insertInto('ledger_postings')`), and when a database function other than `ledger_write` does.
 */

/** The tables only the posting path writes. */
const POSTING_TABLES = ['ledger_postings', 'ledger_transactions'] as const;

/**
 * The files allowed to write them: the migration that defines `ledger_write` now (0019), the one that defined it
 * first (0018), and migration 0009, whose `ledger_post` (applied once, never edited) 0018 replaced and 0019 dropped
 * — the database check below shows that only `ledger_write` is left.
 */
const ALLOWED = [
  'src/platform/db/migrations/0019_legs_call_ledger_write.ts',
  'src/platform/db/migrations/0018_one_posting_path.ts',
  'src/platform/db/migrations/0009_game_leg_functions.ts',
];

const table = `(?:"?\\w+"?\\.)?"?(?:${POSTING_TABLES.join('|')})"?(?![\\w])`;
const WRITES = [
  // SQL text: insert / merge into, copy … from.
  new RegExp(`\\b(?:insert|merge)\\s+into\\s+${table}`, 'gi'),
  new RegExp(`\\bcopy\\s+${table}`, 'gi'),
  // Kysely: insertInto('ledger_postings'), with an alias or a schema too; mergeInto likewise.
  new RegExp(
    `\\b(?:insertInto|mergeInto|replaceInto)\\s*\\(\\s*(['"\`])(?:\\w+\\.)?(?:${POSTING_TABLES.join('|')})(?:\\s+as\\s+\\w+)?\\1`,
    'g',
  ),
];

/** The writes to the posting tables in one source text (each as it is written there). */
function postingWrites(source: string): string[] {
  return WRITES.flatMap((re) => [...source.matchAll(re)].map((m) => m[0]));
}

/** Every TypeScript / JavaScript / SQL file under `dir`, relative to `root`. */
function sources(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sources(root, full);
    return /\.(?:[cm]?[jt]sx?|sql)$/.test(name) ? [path.relative(root, full).split(path.sep).join('/')] : [];
  });
}

/** The files of `root`/src, other than the allowed ones, that write the posting tables, with what they write. */
function offenders(root: string, allowed: readonly string[] = ALLOWED): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const file of sources(root, path.join(root, 'src'))) {
    if (allowed.includes(file)) continue;
    const found = postingWrites(readFileSync(path.join(root, file), 'utf8'));
    if (found.length > 0) out[file] = found;
  }
  return out;
}

const serverRoot = path.join(__dirname, '..');

describe('the scan for writes to the posting tables', () => {
  test('finds SQL text and Kysely inserts, in any case, with a schema, an alias or quotes', () => {
    const offender = `
      await trx.insertInto('ledger_postings').values({ transaction_id: 1, account_id: 2, amount: 5 }).execute();
      await db.insertInto("public.ledger_transactions as t").values(row).execute();
      await sql\`INSERT INTO ledger_postings (transaction_id, account_id, amount) values (1, 2, 3)\`.execute(db);
      await sql\`insert into public."ledger_transactions" (kind) values ('deposit')\`.execute(db);
      await sql\`with t as (insert
        into ledger_postings select * from x) select 1\`.execute(db);
      await sql\`copy ledger_postings from stdin\`.execute(db);
    `;
    expect(postingWrites(offender)).toEqual([
      'INSERT INTO ledger_postings',
      'insert into public."ledger_transactions"',
      'insert\n        into ledger_postings',
      'copy ledger_postings',
      "insertInto('ledger_postings'",
      'insertInto("public.ledger_transactions as t"',
    ]);
  });

  test('leaves reads and other tables alone', () => {
    const reads = `
      db.selectFrom('ledger_postings').selectAll();
      sql\`select * from ledger_postings p join ledger_transactions t on t.id = p.transaction_id\`;
      sql\`insert into ledger_postings_archive select * from ledger_postings\`;
      db.insertInto('ledger_accounts').values(row);
      db.updateTable('ledger_postings');
    `;
    expect(postingWrites(reads)).toEqual([]);
  });

  test('names a deliberate offender in a source tree, and not the allowed module', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'posting-scan-'));
    try {
      const write = (file: string, text: string) => {
        const full = path.join(root, file);
        mkdirSync(path.dirname(full), { recursive: true });
        writeFileSync(full, text);
      };
      write('src/core/ledger/index.ts', "sql`select o_id from ledger_write(${'deposit'})`;");
      write(
        'src/platform/db/migrations/0018_one_posting_path.ts',
        'sql`insert into ledger_postings values (1)`;',
      );
      write(
        'src/features/bonus/shortcut.ts',
        "await trx.insertInto('ledger_postings').values({ transaction_id: id, account_id: 1, amount: 100 }).execute();",
      );
      expect(offenders(root)).toEqual({ 'src/features/bonus/shortcut.ts': ["insertInto('ledger_postings'"] });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe(`one posting path (${dbLabel})`, () => {
  test('no code of server/src outside the posting path writes the ledger’s transactions or postings', () => {
    expect(offenders(serverRoot)).toEqual({});
    // The allowed files exist (a rename would make the allowance silently cover nothing).
    for (const file of ALLOWED)
      expect(postingWrites(readFileSync(path.join(serverRoot, file), 'utf8'))).not.toEqual([]);
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  test('in the database, ledger_write is the only function that writes them', async () => {
    const { rows } = await sql<{ proname: string }>`
      select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema()
        and p.prosrc ~* ${String.raw`\y(insert|merge)\s+into\s+("?\w+"?\.)?"?ledger_(postings|transactions)\y`}
      order by p.proname`.execute(t.app.ctx.db);
    expect(rows.map((r) => r.proname)).toEqual(['ledger_write']);
  });
});
