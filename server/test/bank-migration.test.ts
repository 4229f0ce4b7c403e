import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/platform/db';
import { migrationProvider } from '../src/platform/db/migrations';

/** A database seeded before banks had account-number lengths and BCEL its Lao and English names (0005). */
let dataDir: string;
let handle: DatabaseHandle;
let migrator: Migrator;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'bank-migration-'));
  handle = openDatabase({ databaseUrl: 'memory://', databaseSchema: undefined, dataDir });
  migrator = new Migrator({ db: handle.db, provider: migrationProvider });
  const { error } = await migrator.migrateTo('0004_operations');
  if (error) throw error;
});

afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('0005 gives the seeded banks their account-number digits and BCEL its names; an operator edit stays', async () => {
  const banks: [string, string, string, string, string][] = [
    ['KBANK', 'ธนาคารกสิกรไทย', 'Kasikornbank', 'ທະນາຄານກະສິກອນໄທ', 'TH'],
    ['GSB', 'ธนาคารออมสิน', 'Government Savings Bank', 'ທະນາຄານອອມສິນ', 'TH'],
    [
      'BCEL',
      'ธนาคารการค้าต่างประเทศลาว',
      'Banque pour le Commerce Extérieur Lao',
      'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
      'LA',
    ],
    // An operator renamed this one: the migration leaves the name alone.
    ['LDB', 'ธนาคารพัฒนาลาว', 'LDB Bank', 'ທະນາຄານພັດທະນາລາວ', 'LA'],
  ];
  for (const [code, th, en, la, country] of banks) {
    await sql`insert into banks (code, name_th, name_en, name_la, country) values (${code}, ${th}, ${en}, ${la}, ${country})`.execute(
      handle.db,
    );
  }

  const { error } = await migrator.migrateTo('0005_bank_rules');
  if (error) throw error;

  const rows = await handle.db
    .selectFrom('banks')
    .select(['code', 'name_th', 'name_en', 'name_la', 'account_no_min', 'account_no_max'])
    .orderBy('code')
    .execute();
  expect(rows).toEqual([
    {
      code: 'BCEL',
      name_th: 'ธนาคารการค้าต่างประเทศลาว มหาชน',
      name_en: 'BCEL (Banque pour le Commerce Extérieur Lao Public)',
      name_la: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ ມະຫາຊົນ',
      account_no_min: 10,
      account_no_max: 18,
    },
    {
      code: 'GSB',
      name_th: 'ธนาคารออมสิน',
      name_en: 'Government Savings Bank',
      name_la: 'ທະນາຄານອອມສິນ',
      account_no_min: 12,
      account_no_max: 12,
    },
    {
      code: 'KBANK',
      name_th: 'ธนาคารกสิกรไทย',
      name_en: 'Kasikornbank',
      name_la: 'ທະນາຄານກະສິກອນໄທ',
      account_no_min: 10,
      account_no_max: 10,
    },
    {
      code: 'LDB',
      name_th: 'ธนาคารพัฒนาลาว',
      name_en: 'LDB Bank',
      name_la: 'ທະນາຄານພັດທະນາລາວ',
      account_no_min: 10,
      account_no_max: 18,
    },
  ]);
  // A range that makes no sense is refused.
  await expect(
    sql`update banks set account_no_min = 13, account_no_max = 12 where code = 'GSB'`.execute(handle.db),
  ).rejects.toThrow(/banks_account_no_range/);
});
