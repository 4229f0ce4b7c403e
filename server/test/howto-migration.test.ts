import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { seedContentRows } from '../src/features/content/seed-content';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../src/platform/db';
import { migrationProvider } from '../src/platform/db/migrations';
import { previousHowto } from '../src/platform/db/migrations/0006_howto_captions';

/** A database seeded before the recorded how-to videos gets their captions (migration 0006). */
let dataDir: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'howto-migration-'));
  handle = openDatabase({ databaseUrl: 'memory://', databaseSchema: undefined, dataDir });
  const migrator = new Migrator({ db: handle.db, provider: migrationProvider });
  const { error } = await migrator.migrateTo('0005_bank_rules');
  if (error) throw error;
});

afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const howtoRow = async (locale: string) =>
  (
    await handle.db
      .selectFrom('lookup_content')
      .select('value')
      .where('key', '=', 'howto')
      .where('locale', '=', locale)
      .executeTakeFirstOrThrow()
  ).value as { id: string; title: string; captions?: Record<string, string> }[];

test('the earlier seeded how-to rows get the new titles and caption tracks; an operator-edited row stays', async () => {
  const operatorEdit = previousHowto('en').map((v, i) => ({ ...v, title: `Video ${i + 1}` }));
  for (const [locale, value] of [
    ['th', previousHowto('th')],
    ['la', previousHowto('la')],
    ['en', operatorEdit],
  ] as const) {
    await sql`insert into lookup_content (key, locale, value) values ('howto', ${locale}, ${JSON.stringify(value)}::jsonb)`.execute(
      handle.db,
    );
  }

  await migrateToLatest(handle);

  const seeded = (locale: string) =>
    seedContentRows(false).find((r) => r.key === 'howto' && r.locale === locale)?.value;
  expect(await howtoRow('th')).toEqual(seeded('th'));
  expect(await howtoRow('la')).toEqual(seeded('la'));
  const th = await howtoRow('th');
  expect(th.map((v) => v.id)).toEqual(['register', 'deposit', 'withdraw', 'transfer', 'invite']);
  expect(th[4]?.captions).toEqual({
    th: '/media/howto/howto-5.th.vtt',
    la: '/media/howto/howto-5.la.vtt',
    en: '/media/howto/howto-5.en.vtt',
  });
  expect(await howtoRow('en')).toEqual(operatorEdit);
});
