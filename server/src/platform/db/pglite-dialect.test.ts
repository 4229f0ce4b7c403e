import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { Mutex, PGliteDialect } from './pglite-dialect';

test('mutex hands the lock over in FIFO order, one holder at a time', async () => {
  const mutex = new Mutex();
  const order: string[] = [];
  let holders = 0;
  const task = async (name: string, ms: number) => {
    const release = await mutex.lock();
    holders += 1;
    expect(holders).toBe(1);
    order.push(`${name}:start`);
    await new Promise((r) => setTimeout(r, ms));
    order.push(`${name}:end`);
    holders -= 1;
    release();
  };
  await Promise.all([task('a', 20), task('b', 1), task('c', 5)]);
  expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
});

describe('statements marked PREPARED on PGlite', () => {
  let db: Kysely<unknown>;
  beforeAll(async () => {
    db = new Kysely<unknown>({ dialect: new PGliteDialect(new PGlite()) });
    await sql`create table t (id bigint primary key, at timestamptz, doc jsonb, name text not null)`.execute(
      db,
    );
  });
  afterAll(() => db.destroy());

  const insert = (id: number, name: string | null) =>
    sql<{ id: number; at: Date; doc: { a: number[] }; name: string }>`/*prepared*/
      insert into t (id, at, doc, name) values (${id}, ${new Date('2026-01-02T03:04:05Z')},
        ${JSON.stringify({ a: [1, 2] })}::jsonb, ${name}) returning *`.execute(db);

  test('answer as unprepared ones do (types parsed, parameters serialised), again and again', async () => {
    for (const id of [1, 2, 3]) {
      const res = await insert(id, `n${id}`);
      expect(res.rows).toEqual([
        { id, at: new Date('2026-01-02T03:04:05Z'), doc: { a: [1, 2] }, name: `n${id}` },
      ]);
      expect(res.numAffectedRows).toBe(1n);
    }
    const plain = await sql<{ id: number }>`select id from t order by id`.execute(db);
    expect(plain.rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  test('an error is the database error, and a transaction that saw it rolls back', async () => {
    await expect(insert(9, null)).rejects.toMatchObject({ code: '23502' });
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`/*prepared*/ insert into t (id, name) values (${10}, ${'x'})`.execute(trx);
        await sql`/*prepared*/ insert into t (id, name) values (${10}, ${'x'})`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const left = await sql<{ n: number }>`select count(*)::int as n from t where id >= 9`.execute(db);
    expect(left.rows[0]?.n).toBe(0);
  });
});
