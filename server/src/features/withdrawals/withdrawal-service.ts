import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db';
import type { MoneyStatus } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Ledger } from '../../core/ledger';
import type { Clock } from '../../platform/clock';
import type { ContentService } from '../content/content-service';
import { payoutRequestOf, type PayoutAdapter } from './payout-adapter';
import type { MemberEvents } from '../../platform/member-events';
import type { WithdrawOperations } from './withdraw-operations';
import pLimit from 'p-limit';
import type { JobExecutor, JobQueue } from '../../platform/jobs';

export interface WithdrawResultView {
  withdrawalId: string;
  status: MoneyStatus;
  amount: number;
  wallet: { amount: number; currency: string };
}

/**
 * Payouts of withdrawals (docs/ledger.md "Withdrawals"): the money left the main wallet into `payouts` when the
 * member asked (the withdraw leg of a money operation, `withdraw-operations.ts`); the payout adapter pays the
 * registered bank account; a failed payout is reversed by a new transaction (withdraw_reversal) that returns the
 * money to the wallet.
 */
/** Pending payouts the settlement job asks the bank about at once. */
const PAYOUT_POLL_CONCURRENCY = 4;

/** The job that asks the bank about one pending withdrawal (payload `{ id, n }`: n-th time; key `payout:<id>`). */
export const PAYOUT_TASK = 'payout.settle';
/** The safety net: adds the job of every pending withdrawal that has none. */
export const PAYOUT_SWEEP_TASK = 'payouts.sweep';
/** Polls at the first interval, then doubling, at most a minute apart. */
const STEADY_POLLS = 10;
const MAX_POLL_DELAY_MS = 60_000;

export class PayoutService {
  /** Withdraw and withdrawAll as money operations (set by the plugin). */
  operations!: WithdrawOperations;
  /** Told of each withdrawal the settlement job settled, or could not poll (wallet_payouts_settled_total). */
  onSettled: (outcome: 'success' | 'failed' | 'error') => void = () => undefined;
  private jobs: JobQueue | undefined;
  private pollMs = 2000;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly adapter: PayoutAdapter,
    private readonly content: ContentService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly events: MemberEvents,
  ) {}

  /**
   * Pending payouts on the job queue: the withdrawal's job is added in the transaction that records it (first
   * poll after `pollMs`), and adds itself again while the bank says PENDING; the sweep (`sweepMs`) adds the job of
   * any pending withdrawal that has none.
   */
  useJobs(jobs: JobQueue, pollMs: number, sweepMs: number): void {
    this.jobs = jobs;
    this.pollMs = Math.max(100, pollMs);
    jobs.define(PAYOUT_TASK, async (p) => {
      if (typeof p.id !== 'string') throw new Error(`${PAYOUT_TASK}: no withdrawal id`);
      await this.settleJob(p.id, typeof p.n === 'number' ? p.n : 0);
    });
    jobs.recurring(PAYOUT_SWEEP_TASK, sweepMs, async () => {
      await this.sweep();
    });
  }

  /** The withdrawal's next poll, in `ex`'s transaction (the one that records the withdrawal, first). */
  async schedulePoll(ex: JobExecutor, id: string, n = 0): Promise<void> {
    if (!this.jobs) return;
    const delay =
      n < STEADY_POLLS ? this.pollMs : Math.min(MAX_POLL_DELAY_MS, this.pollMs * 2 ** (n - STEADY_POLLS + 1));
    const runAt = new Date(this.clock.now().getTime() + delay);
    await this.jobs.add(ex, PAYOUT_TASK, { id, n }, { key: `payout:${id}`, runAt });
  }

  /** The payout job: asks the bank once; still pending: asks again later. */
  async settleJob(id: string, n: number): Promise<void> {
    let status: MoneyStatus;
    try {
      status = await this.poll(id);
    } catch (e) {
      if (e instanceof AppError && e.code === 'NO_DATA') return; // its transaction rolled back
      this.onSettled('error');
      throw e;
    }
    if (status === 'PENDING') await this.schedulePoll(this.db, id, n + 1);
    else this.onSettled(status === 'SUCCESS' ? 'success' : 'failed');
  }

  /** The safety net: jobs for pending withdrawals without one. */
  async sweep(): Promise<number> {
    if (!this.jobs) return 0;
    const rows = await this.db
      .selectFrom('withdrawals')
      .select('id')
      .where('status', '=', 'PENDING')
      .orderBy('created_at')
      .limit(5000)
      .execute();
    const runAt = this.clock.now();
    const added = await this.jobs.addMissing(
      this.db,
      PAYOUT_TASK,
      rows.map((r) => ({ key: `payout:${r.id}`, payload: { id: r.id, n: 0 }, runAt })),
    );
    if (added > 0) this.log.warn({ added }, 'payouts sweep: pending withdrawals had no job');
    return added;
  }

  /** withdrawMin / withdrawMax of GET /api/lookup/withdraw (minor units). */
  async limits(): Promise<{ withdrawMin: number; withdrawMax: number }> {
    const v = (await this.content.get('withdraw', 'th')) as
      { withdrawMin?: unknown; withdrawMax?: unknown } | undefined;
    const min = typeof v?.withdrawMin === 'number' ? v.withdrawMin : 10_000;
    const max = typeof v?.withdrawMax === 'number' ? v.withdrawMax : 5_000_000;
    return { withdrawMin: min, withdrawMax: max };
  }

  async view(id: string): Promise<WithdrawResultView> {
    const w = await this.db
      .selectFrom('withdrawals')
      .select(['id', 'member_id', 'status', 'amount'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!w) throw new AppError('NO_DATA', 404);
    const [amount, currency] = await Promise.all([
      this.ledger.balance(this.db, { member: w.member_id, code: 'main' }),
      this.ledger.memberCurrency(this.db, w.member_id),
    ]);
    return { withdrawalId: w.id, status: w.status, amount: Number(w.amount), wallet: { amount, currency } };
  }

  /** Applies the bank's answer to one pending withdrawal (once). */
  async settle(id: string, outcome: 'SUCCESS' | 'FAILED', failure?: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const w = await trx
        .updateTable('withdrawals')
        .set({ status: outcome, settled_at: this.clock.now(), failure: failure ?? null })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .returning(['transaction_id', 'member_id'])
        .executeTakeFirst();
      if (!w) return false;
      // A paid payout moves no member money, but the statement's status changes (a failed one's reversal
      // is announced by the ledger).
      if (outcome === 'SUCCESS')
        await this.events.notify(trx, w.member_id, { type: 'wallet:changed', reason: 'withdraw' });
      if (outcome === 'FAILED') {
        const reversal = await this.ledger.reverse(trx, String(w.transaction_id), {
          kind: 'withdraw_reversal',
          meta: { withdrawalId: id, reason: failure ?? 'payout failed' },
        });
        await trx
          .updateTable('withdrawals')
          .set({ reversal_transaction_id: Number(reversal.transactionId) })
          .where('id', '=', id)
          .execute();
      }
      return true;
    });
  }

  /** Asks the adapter about one pending withdrawal and settles it when decided. */
  async poll(id: string): Promise<MoneyStatus> {
    const w = await this.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    if (!w) throw new AppError('NO_DATA', 404);
    if (w.status !== 'PENDING') return w.status;
    const status = await this.adapter.status(id);
    if (status === 'NOT_FOUND') {
      await this.adapter.submit(payoutRequestOf(w));
      return 'PENDING';
    }
    if (status === 'PENDING') return status;
    // A final answer settles only when the bank's record agrees: asked once more, it must say the same (an answer
    // that contradicts the bank's own record — a status computed from a write that did not happen — is not
    // believed; the next poll asks again).
    const confirmed = await this.adapter.status(id);
    if (confirmed !== status) {
      this.log.warn({ withdrawalId: id, status, confirmed }, 'payout status not confirmed by the bank');
      return 'PENDING';
    }
    await this.settle(id, status, status === 'FAILED' ? 'payout refused by the bank' : undefined);
    return status;
  }

  /** The settlement job: polls every pending withdrawal (four at a time). */
  async settlePending(): Promise<{ settled: number; pending: number }> {
    const rows = await this.db
      .selectFrom('withdrawals')
      .select('id')
      .where('status', '=', 'PENDING')
      .orderBy('created_at')
      .limit(500)
      .execute();
    let settled = 0;
    // Several at once (each waits mostly on the bank), bounded so the pool keeps room for requests.
    const limit = pLimit(PAYOUT_POLL_CONCURRENCY);
    await Promise.all(
      rows.map((r) =>
        limit(async () => {
          try {
            const status = await this.poll(r.id);
            if (status !== 'PENDING') {
              settled += 1;
              this.onSettled(status === 'SUCCESS' ? 'success' : 'failed');
            }
          } catch (e) {
            this.log.warn({ err: e, withdrawalId: r.id }, 'payout poll failed');
            this.onSettled('error');
          }
        }),
      ),
    );
    return { settled, pending: rows.length - settled };
  }
}
