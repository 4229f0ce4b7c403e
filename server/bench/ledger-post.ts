/**
 * The ledger's posting alone (issue 36, "One posting path"): `Ledger.post` through `creditMember` / `debitMember`,
 * as money-in, bonuses, withdrawals and adjustments post, with no HTTP in front of it. Builds the app in this
 * process on a fresh database (PGlite in memory, or PostgreSQL in a throw-away schema when BENCH_DATABASE_URL is a
 * postgres URL), seeds BENCH_CONCURRENCY (16) members with money, then for BENCH_SECONDS (8) each of that many
 * loops posts one transaction at a time on its own member, debits (`withdraw` to `payouts`) and credits
 * (`deposit` from `bank_in`) in turn, each in its own database transaction with its own reference.
 *
 *   cd server && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/ledger-post.ts
 *
 * Prints one JSON line: postings per second, p50 / p99 of a posting's transaction (ms), CPU time per posting of this
 * process (`cpuMs`: the server's side, PGlite included) and of the pool's PostgreSQL backends (`dbCpuMs`) — what a
 * posting costs even when other work shares the machine — and the books (trial balance, accounts and transactions
 * off: all zero when the books balance).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { benchDatabase, postgresCpuMs } from './bench-util';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const pgUrl = process.env.BENCH_DATABASE_URL;

const quantile = (sorted: number[], q: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);

async function main(): Promise<void> {
  const { config, drop } = await benchDatabase(pgUrl, 'bench-ledger-');
  const app = await buildApp(config);
  await app.ctx.settings.set('registerOTP', false);
  const { db, ledger } = app.ctx;
  try {
    const members: string[] = [];
    for (let i = 0; i < concurrency; i += 1) {
      const memberId = await app.accounts.register(
        {
          name: `Bench ${i}`,
          username: `08${String(20_000_000 + i).slice(-8)}`,
          password: 'bench-pass-1',
          bankCode: 'KBANK',
          bankAccountName: 'BENCH MEMBER',
          bankAccountNo: `8${String(100_000_000 + i)}`,
          currency: 'THB',
        },
        { requireOtp: false, sources: async () => [] },
      );
      await db
        .transaction()
        .execute((trx) =>
          ledger.creditMember(trx, { memberId, amount: 100_000_000, kind: 'deposit', from: 'bank_in' }),
        );
      members.push(memberId);
    }
    // The pool's PostgreSQL backends: every connection held at once, each says its pid.
    const pids = new Set<string>();
    if (pgUrl) {
      await Promise.all(
        Array.from({ length: 10 }, () =>
          db.transaction().execute(async (trx) => {
            const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
            pids.add(String(rows[0]?.pid));
            await new Promise((resolve) => setTimeout(resolve, 200));
          }),
        ),
      );
    }
    const run = randomBytes(4).toString('hex');
    const cpu0 = process.cpuUsage();
    const db0 = pgUrl ? postgresCpuMs(pids) : 0;
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    const end = started + seconds * 1000;
    await Promise.all(
      members.map(async (memberId, m) => {
        for (let n = 0; performance.now() < end; n += 1) {
          const reference = `bench:${run}:${m}:${n}`;
          const t0 = performance.now();
          try {
            await db.transaction().execute((trx) =>
              n % 2 === 0
                ? ledger.debitMember(trx, {
                    memberId,
                    amount: 1_000,
                    kind: 'withdraw',
                    to: 'payouts',
                    reference,
                  })
                : ledger.creditMember(trx, {
                    memberId,
                    amount: 1_000,
                    kind: 'deposit',
                    from: 'bank_in',
                    reference,
                  }),
            );
            latencies.push(performance.now() - t0);
          } catch (e) {
            errors += 1;
            if (errors === 1) console.error(e);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const dbCpu = pgUrl ? postgresCpuMs(pids) - db0 : 0;
    const per = (ms: number) => Number((ms / Math.max(1, latencies.length)).toFixed(3));
    latencies.sort((a, b) => a - b);
    process.stdout.write(
      `${JSON.stringify({
        database: pgUrl ? 'PostgreSQL' : 'PGlite (memory)',
        concurrency,
        seconds,
        postings: latencies.length,
        errors,
        perSecond: Math.round(latencies.length / elapsed),
        p50: Number(quantile(latencies, 0.5).toFixed(1)),
        p99: Number(quantile(latencies, 0.99).toFixed(1)),
        cpuMs: per((cpu.user + cpu.system) / 1000),
        dbCpuMs: per(dbCpu),
        trialBalance: await ledger.trialBalance(),
        books: await ledger.verify(),
      })}\n`,
    );
  } finally {
    await app.close();
    await drop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
