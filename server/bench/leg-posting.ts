/**
 * The game legs' posting alone (issue 36, acceptance 7; docs/benchmarks.md "One posting path"): the posting a
 * game leg makes inside `game_leg_start` / `game_leg_settle`, called in a PL/pgSQL `DO` loop with a commit after
 * each posting, against the same posting as migration 0009's `ledger_post` wrote it (its text, under the name
 * `bench_post_0009`), on one connection of a fresh database (PGlite in memory, or a throw-away schema of
 * BENCH_DATABASE_URL with `synchronous_commit` off). The two alternate, BENCH_ROUNDS (5) rounds of BENCH_POSTINGS
 * (1,000) each, wallet → game and back in turn.
 *
 *   cd server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/legs_bench node --import tsx bench/leg-posting.ts
 *   BENCH_MIGRATION=0018_one_posting_path …   the database as that migration left it (the legs' `ledger_post`)
 *
 * Prints one JSON line per round and a summary: µs per posting (wall, and CPU of the PostgreSQL backend or of this
 * process for PGlite) for `0009` and for the legs' posting of the migrated database (`current`), and the books.
 */
import { readFileSync } from 'node:fs';
import { sql, Migrator, type Kysely } from 'kysely';
import { openDatabase } from '../src/platform/db';
import { migrationProvider } from '../src/platform/db/migrations';
import { ledgerPost0009 } from '../src/platform/db/migrations/0009_game_leg_functions';
import { benchDatabase, postgresCpuMs } from './bench-util';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const postings = Number(process.env.BENCH_POSTINGS ?? 1000);
const target = process.env.BENCH_MIGRATION;
const pgUrl = process.env.BENCH_DATABASE_URL;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

async function main(): Promise<void> {
  const { config, drop } = await benchDatabase(pgUrl, 'bench-legs-');
  const handle = openDatabase({
    databaseUrl: config.databaseUrl,
    databaseSchema: config.databaseSchema,
    dataDir: config.dataDir,
  });
  const db = handle.db as unknown as Kysely<unknown>;
  try {
    const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: handle.schema });
    const migrated = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
    if (migrated.error) throw migrated.error;
    const compiled = ledgerPost0009
      .compile(db)
      .sql.replace('create function ledger_post(', 'create function bench_post_0009(');
    await sql.raw(compiled).execute(db);
    const legsCall = (
      await sql<{
        n: number;
      }>`select count(*)::int as n from pg_proc where proname = 'ledger_refuse'`.execute(db)
    ).rows[0]?.n
      ? `v_w := ledger_write('transfer', m, r, null, '{}'::jsonb, null, a, array[-100, 100]::bigint[], null, null);
         if v_w.o_state <> 'posted' then perform ledger_refuse(v_w.o_state, r); end if;`
      : `v_tx := ledger_post('transfer', m, r, null, '{}'::jsonb, null, a, array[-100, 100]::bigint[], null, null);
         if v_tx is null then raise exception 'repeat %', r; end if;`;
    const calls: Record<string, string> = {
      '0009': `v_tx := bench_post_0009('transfer', m, r, null, '{}'::jsonb, null, a, array[-100, 100]::bigint[],
                 null, null);
               if v_tx is null then raise exception 'repeat %', r; end if;`,
      current: legsCall,
    };
    // Variants to try (development): BENCH_EXTRA=file.sql (functions), BENCH_CALLS='{"name": "call"}' (each
    // name's PL/pgSQL statements, with m, r, a, v_tx and v_w as in the loop below); BENCH_SESSION: SQL run first
    // (PostgreSQL).
    if (process.env.BENCH_EXTRA) await sql.raw(readFileSync(process.env.BENCH_EXTRA, 'utf8')).execute(db);
    Object.assign(calls, JSON.parse(process.env.BENCH_CALLS ?? '{}') as Record<string, string>);

    await db.connection().execute(async (conn) => {
      const bank = `bench-${Date.now()}`;
      await sql`insert into banks (code, name_th, name_en, name_la, country) values (${bank}, 'b', 'b', 'b', 'TH')`.execute(
        conn,
      );
      await sql`insert into members (id, username, name, password_hash, bank_code, bank_account_name, bank_account_no,
        currency) values ('bench-member', '0800000000', 'Bench', 'x', ${bank}, 'BENCH', '1', 'THB')`.execute(
        conn,
      );
      const ids = (
        await sql<{
          main: string;
          game: string;
          bank: string;
        }>`select ledger_member_account('bench-member', 'main') as main,
          ledger_member_account('bench-member', 'game:BENCH') as game, ledger_system_account('bank_in', 'THB') as bank`.execute(
          conn,
        )
      ).rows[0];
      if (!ids) throw new Error('no accounts');
      await sql`select bench_post_0009('deposit', 'bench-member', 'bench-seed', null, '{}'::jsonb, null,
        array[${ids.bank}::bigint, ${ids.main}::bigint], array[-1000000, 1000000]::bigint[], null, null)`.execute(
        conn,
      );
      let pid: string | undefined;
      if (pgUrl) {
        await sql`set synchronous_commit = off`.execute(conn);
        if (process.env.BENCH_SESSION) await sql.raw(process.env.BENCH_SESSION).execute(conn);
        pid = String((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn)).rows[0]?.pid);
      }
      const loop = async (name: string, tag: string, n: number) => {
        const body = `do $bench$
          declare v_tx bigint; v_w record; m text := 'bench-member'; r text; a bigint[];
          begin
            for i in 1..${n} loop
              r := '${tag}-' || i;
              if i % 2 = 1 then a := array[${ids.main}, ${ids.game}]::bigint[];
              else a := array[${ids.game}, ${ids.main}]::bigint[]; end if;
              ${calls[name]}
              commit;
            end loop;
          end $bench$`;
        const cpu0 = pid ? postgresCpuMs(new Set([pid])) : process.cpuUsage();
        const t0 = performance.now();
        await sql.raw(body).execute(conn);
        const wall = performance.now() - t0;
        const cpu =
          typeof cpu0 === 'number'
            ? postgresCpuMs(new Set([pid ?? ''])) - cpu0
            : (() => {
                const c = process.cpuUsage(cpu0);
                return (c.user + c.system) / 1000;
              })();
        return { wallUs: Math.round((wall * 1000) / n), cpuUs: Math.round((cpu * 1000) / n) };
      };
      // Warm-up: each function's plans cached on this connection.
      for (const name of Object.keys(calls)) await loop(name, `warm-${name}`, 100);
      const seen: Record<string, { wallUs: number[]; cpuUs: number[] }> = {};
      for (let round = 1; round <= rounds; round += 1) {
        const names = Object.keys(calls);
        const order = round % 2 ? names : [...names].reverse();
        const line: Record<string, unknown> = { round };
        for (const name of order) {
          const r = await loop(name, `r${round}-${name}`, postings);
          line[name] = r;
          const s = (seen[name] ??= { wallUs: [], cpuUs: [] });
          s.wallUs.push(r.wallUs);
          s.cpuUs.push(r.cpuUs);
        }
        process.stdout.write(`${JSON.stringify(line)}\n`);
      }
      const books = (
        await sql<{ total: string; negative: string; postings: string }>`select
          (select coalesce(sum(balance), 0) from ledger_accounts) as total,
          (select count(*) from ledger_accounts where owner_type = 'member' and balance < 0) as negative,
          (select count(*) from ledger_postings) as postings`.execute(conn)
      ).rows[0];
      const summary = Object.fromEntries(
        Object.entries(seen).map(([k, v]) => [
          k,
          { wallUs: v.wallUs, medianWallUs: median(v.wallUs), cpuUs: v.cpuUs, medianCpuUs: median(v.cpuUs) },
        ]),
      );
      process.stdout.write(
        `${JSON.stringify({
          database: pgUrl ? 'PostgreSQL' : 'PGlite (memory)',
          migration: target ?? 'latest',
          postings,
          rounds,
          ...summary,
          books,
        })}\n`,
      );
    });
  } finally {
    await handle.close();
    await drop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
