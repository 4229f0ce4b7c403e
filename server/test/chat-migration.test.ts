import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/platform/db';
import { migrationProvider } from '../src/platform/db/migrations';

/**
 * Chat messages stored before 0015 (a text's payload `{ text }`, no customer fields) get spec §3's fields from their
 * conversation and its member, and a text's payload becomes the text itself; down turns them back.
 */
let dataDir: string;
let handle: DatabaseHandle;
let migrator: Migrator;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'chat-migration-'));
  handle = openDatabase({ databaseUrl: 'memory://', databaseSchema: undefined, dataDir });
  migrator = new Migrator({ db: handle.db, provider: migrationProvider });
  const { error } = await migrator.migrateTo('0014_sandbox_transfer_apply');
  if (error) throw error;
});

afterAll(async () => {
  await handle?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Row {
  seq: number;
  sender: string;
  payload: unknown;
  user_id: string | null;
  guest_id: string | null;
  username: string | null;
  name: string | null;
  device_token: string | null;
}

test('0015 fills the customer fields of stored messages and makes a text payload the text; down undoes it', async () => {
  const db = handle.db;
  await sql`insert into banks (code, name_th, name_en, name_la, country)
    values ('TSTB', 'ทดสอบ', 'Test bank', 'ທົດສອບ', 'TH') on conflict do nothing`.execute(db);
  await sql`insert into members (id, username, name, password_hash, bank_code, bank_account_name, bank_account_no,
    currency) values ('m1', '0812345678', 'Somchai Jaidee', 'x', 'TSTB', 'SOMCHAI JAIDEE', '1234567890', 'THB')`.execute(
    db,
  );
  const at = '2026-03-04T10:00:00Z';
  await sql`insert into chat_conversations (id, kind, member_id, guest_id, last_seq, created_at, updated_at) values
    ('wallet-chat:m1', 'member', 'm1', null, 3, ${at}, ${at}),
    ('wallet-chat:g_AAAAAAAAAAAAAAAAAAAAAA', 'guest', null, 'g_AAAAAAAAAAAAAAAAAAAAAA', 1, ${at}, ${at})`.execute(
    db,
  );
  const message = (conv: string, seq: number, sender: string, type: string, payload: unknown) =>
    sql`insert into chat_messages (id, conversation_id, seq, sender, agent, message_type, payload, client_id,
      created_at) values (gen_random_uuid(), ${conv}, ${seq}, ${sender}, ${sender === 'agent' ? 'sue' : null},
      ${type}, ${JSON.stringify(payload)}::jsonb, ${`c${seq}`}, ${at})`.execute(db);
  await message('wallet-chat:m1', 1, 'customer', 'text', { text: 'hello' });
  await message('wallet-chat:m1', 2, 'agent', 'buttons', { text: 'Choose', buttons: [] });
  await message('wallet-chat:m1', 3, 'agent', 'text', { text: 'hi' });
  await message('wallet-chat:g_AAAAAAAAAAAAAAAAAAAAAA', 1, 'customer', 'text', { text: 'guest here' });

  const up = await migrator.migrateTo('0015_chat_message_fields');
  if (up.error) throw up.error;
  const rows = async () =>
    (
      await sql<Row>`select seq, sender, payload, user_id, guest_id, username, name, device_token
        from chat_messages order by conversation_id desc, seq`.execute(db)
    ).rows;
  const member = {
    user_id: 'm1',
    guest_id: null,
    username: '0812345678',
    name: 'Somchai Jaidee',
    device_token: null,
  };
  const guest = {
    user_id: null,
    guest_id: 'g_AAAAAAAAAAAAAAAAAAAAAA',
    username: null,
    name: null,
    device_token: null,
  };
  expect(await rows()).toEqual([
    { seq: 1, sender: 'customer', payload: 'hello', ...member },
    { seq: 2, sender: 'agent', payload: { text: 'Choose', buttons: [] }, ...member },
    { seq: 3, sender: 'agent', payload: 'hi', ...member },
    { seq: 1, sender: 'customer', payload: 'guest here', ...guest },
  ]);

  const down = await migrator.migrateTo('0014_sandbox_transfer_apply');
  if (down.error) throw down.error;
  const back = (
    await sql<{
      payload: unknown;
    }>`select payload from chat_messages order by conversation_id desc, seq`.execute(db)
  ).rows;
  expect(back.map((r) => r.payload)).toEqual([
    { text: 'hello' },
    { text: 'Choose', buttons: [] },
    { text: 'hi' },
    { text: 'guest here' },
  ]);
});
