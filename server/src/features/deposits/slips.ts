import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Db } from '../../platform/db';
import type { Clock } from '../../platform/clock';
import type { Deposits } from './deposits';
import { AppError, type SlipReason } from '../../platform/errors';
import { isUniqueViolation, newId } from '../../platform/ids';
import type { MoneyInOptions } from './options';
import type { SlipView } from './schemas';
import type { MemberEvents } from '../../platform/member-events';
import { sniffImage, type SlipInput, type SlipVerdict, type SlipVerifier } from './slip-verifier';
import { depositsDb, type SlipsTable } from './tables';
import type { JobQueue } from '../../platform/jobs';

/** The job that asks the verifier again about one slip it gave no answer for (payload `{ id }`, key `slip:<id>`). */
export const SLIP_TASK = 'slip.retry';
/** The safety net: adds the job of every slip still waiting that has none. */
export const SLIP_SWEEP_TASK = 'slips.sweep';
/** A slip the verifier gave no answer for is asked about again every minute, for a day. */
export const SLIP_RETRY_MS = 60_000;
const SLIP_RETRY_FOR_MS = 86_400_000;

export type { SlipView };

type SlipRow = Selectable<SlipsTable>;
type SettleRecord = (trx: Transaction<Database>) => Promise<void>;

export class Slips {
  private readonly dir: string;
  private readonly urlKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: MoneyInOptions,
    private readonly verifier: SlipVerifier,
    private readonly deposits: Deposits,
    dataDir: string,
    secret: string,
    private readonly events: MemberEvents,
  ) {
    this.dir = path.join(dataDir, 'uploads', 'slips');
    this.urlKey = createHmac('sha256', secret).update('money-in/slip-url').digest();
  }

  /** A URL serving the slip image without a bearer header, valid for a few minutes (HMAC over ref and expiry). */
  signedUrl(reference: string): string {
    const exp = this.clock.now().getTime() + this.options.slipUrlTtlMs;
    const sig = createHmac('sha256', this.urlKey).update(`${reference}.${exp}`).digest('base64url');
    return `/api/slip-image/${reference}?exp=${exp}&sig=${sig}`;
  }

  private checkUrl(reference: string, exp: string, sig: string): boolean {
    if (!/^\d{10,16}$/.test(exp) || Number(exp) < this.clock.now().getTime()) return false;
    const want = createHmac('sha256', this.urlKey).update(`${reference}.${exp}`).digest();
    const got = Buffer.from(sig, 'base64url');
    return got.length === want.length && timingSafeEqual(got, want);
  }

  private view(r: SlipRow): SlipView {
    return {
      reference: r.reference,
      createdAt: new Date(r.created_at).toISOString(),
      amount: r.amount,
      status: r.status,
      note: r.note,
      link: this.signedUrl(r.reference),
    };
  }

  private jobs: JobQueue | undefined;

  /**
   * Slips on the job queue (with a real verifier): each upload adds, in the transaction that records it, the job
   * that asks the verifier again a minute later (a no-op once the slip settled); the sweep adds the job of any
   * waiting slip that has none.
   */
  useJobs(jobs: JobQueue, sweepMs: number): void {
    this.jobs = jobs;
    jobs.define(SLIP_TASK, async (p) => {
      if (typeof p.id !== 'string') throw new Error(`${SLIP_TASK}: no slip id`);
      await this.retryJob(p.id);
    });
    jobs.recurring(SLIP_SWEEP_TASK, sweepMs, async () => {
      const now = this.clock.now().getTime();
      const rows = await depositsDb(this.db)
        .selectFrom('money_in_slips')
        .select(['id', 'updated_at'])
        .where('status', '=', 'PROCESSING')
        .where('created_at', '>=', new Date(now - SLIP_RETRY_FOR_MS))
        .limit(5000)
        .execute();
      await jobs.addMissing(
        this.db,
        SLIP_TASK,
        rows.map((r) => ({
          key: `slip:${r.id}`,
          payload: { id: r.id },
          runAt: new Date(new Date(r.updated_at).getTime() + SLIP_RETRY_MS),
        })),
      );
    });
  }

  /** The slip job: asks the verifier once more; no answer: again in a minute (for a day from the upload). */
  async retryJob(id: string): Promise<void> {
    const row = await depositsDb(this.db)
      .selectFrom('money_in_slips')
      .selectAll()
      .where('id', '=', id)
      .where('status', '=', 'PROCESSING')
      .executeTakeFirst();
    const now = this.clock.now().getTime();
    if (!row || new Date(row.created_at).getTime() < now - SLIP_RETRY_FOR_MS) return;
    if ((await this.retryRow(row)) === 'no-answer') {
      await this.jobs?.add(
        this.db,
        SLIP_TASK,
        { id },
        { key: `slip:${id}`, runAt: new Date(now + SLIP_RETRY_MS) },
      );
    }
  }

  /** Stores the upload, records it PROCESSING, verifies it and credits a good slip once. */
  async upload(memberId: string, input: Omit<SlipInput, 'mime'>): Promise<SlipView> {
    if (input.file.length > this.options.slipMaxBytes) throw new AppError('SLIP_INVALID_FILE', 413);
    const mime = sniffImage(input.file);
    if (!mime) throw new AppError('SLIP_INVALID_FILE', 400);
    const fileName = `${randomBytes(16).toString('hex')}.${mime === 'image/png' ? 'png' : 'jpg'}`;
    try {
      await mkdir(this.dir, { recursive: true });
      await writeFile(path.join(this.dir, fileName), input.file, { mode: 0o600 });
    } catch {
      throw new AppError('SLIP_UPLOAD_FAIL', 500);
    }
    const t = depositsDb(this.db);
    const id = newId();
    const reference = `SLP${this.clock.now().getTime().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
    await this.db.transaction().execute(async (trx) => {
      await depositsDb(trx)
        .insertInto('money_in_slips')
        .values({
          id,
          reference,
          member_id: memberId,
          amount: input.declaredAmount ?? 0,
          status: 'PROCESSING',
          note: null,
          file_name: fileName,
          original_name: input.originalName.slice(0, 200),
          mime,
          size: input.file.length,
          slip_ref: null,
          created_at: this.clock.now(),
          updated_at: this.clock.now(),
        })
        .execute();
      if (this.jobs) {
        const runAt = new Date(this.clock.now().getTime() + SLIP_RETRY_MS);
        await this.jobs.add(trx, SLIP_TASK, { id }, { key: `slip:${id}`, runAt });
      }
    });

    let verdict: SlipVerdict;
    try {
      verdict = await this.verifier.verify({ ...input, mime });
    } catch {
      // The verifier did not answer: the slip stays PROCESSING for an operator (or a retry) to settle.
      return this.view(
        await t.selectFrom('money_in_slips').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
      );
    }
    await this.settle(id, memberId, verdict);
    return this.view(
      await t.selectFrom('money_in_slips').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );
  }

  /**
   * Asks the verifier again about the slips it gave no answer for (still PROCESSING: timeout, 5xx, quota): those
   * last tried at least `minAgeMs` ago and uploaded within `maxAgeMs`, oldest first, at most `limit`. Each attempt
   * is claimed first (its `updated_at` moved on only if no other server did), so servers sharing the database
   * never ask twice at once; a slip settles once (only a PROCESSING row settles) and credits once (`slip_ref`).
   * Returns how many settled.
   */
  /** How many slips wait for a decision (PROCESSING; the partial index money_in_slips_processing_idx). */
  async inReviewCount(): Promise<number> {
    const row = await depositsDb(this.db)
      .selectFrom('money_in_slips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'PROCESSING')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async retryProcessing(opts: { minAgeMs: number; maxAgeMs: number; limit: number }): Promise<number> {
    const t = depositsDb(this.db);
    const now = this.clock.now().getTime();
    const rows = await t
      .selectFrom('money_in_slips')
      .selectAll()
      .where('status', '=', 'PROCESSING')
      .where('updated_at', '<=', new Date(now - opts.minAgeMs))
      .where('created_at', '>=', new Date(now - opts.maxAgeMs))
      .orderBy('created_at')
      .limit(opts.limit)
      .execute();
    let settled = 0;
    for (const row of rows) {
      if ((await this.retryRow(row)) === true) settled += 1;
    }
    return settled;
  }

  /**
   * Asks the verifier about one PROCESSING slip, claimed first (its `updated_at` moved on only if no other server
   * did): true when it settled, false when another server has it, 'no-answer' when the verifier still gave none.
   */
  private async retryRow(row: Selectable<SlipsTable>): Promise<boolean | 'no-answer'> {
    const t = depositsDb(this.db);
    const claimed = await t
      .updateTable('money_in_slips')
      .set({ updated_at: this.clock.now() })
      .where('id', '=', row.id)
      .where('status', '=', 'PROCESSING')
      .where('updated_at', '=', row.updated_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    let verdict: SlipVerdict;
    try {
      const file = await readFile(path.join(this.dir, row.file_name));
      const mime = row.mime === 'image/png' ? 'image/png' : 'image/jpeg';
      verdict = await this.verifier.verify({
        file,
        originalName: row.original_name,
        mime,
        declaredAmount: row.amount > 0 ? row.amount : undefined,
      });
    } catch {
      return 'no-answer'; // still no answer (or the file is gone): stays PROCESSING
    }
    await this.settle(row.id, row.member_id, verdict);
    return true;
  }

  /**
   * Whether this call settled the slip (false: it was settled already). `record` runs in the settling transaction
   * (an operator's audit entry commits with the decision).
   */
  private async fail(
    id: string,
    reason: SlipReason,
    amount?: number,
    record?: SettleRecord,
  ): Promise<boolean> {
    // A refused slip moves no money, but the member's slip list changes: announced with the change, in one
    // transaction, so the slip's state and its announcement never disagree.
    return this.db.transaction().execute(async (trx) => {
      const failed = await depositsDb(trx)
        .updateTable('money_in_slips')
        .set({ status: 'FAILED', note: reason, updated_at: this.clock.now(), ...(amount ? { amount } : {}) })
        .where('id', '=', id)
        .where('status', '=', 'PROCESSING')
        .returning('member_id')
        .executeTakeFirst();
      if (failed) {
        await this.events.notify(trx, failed.member_id, { type: 'wallet:changed', reason: 'deposit' });
        await record?.(trx);
      }
      return failed !== undefined;
    });
  }

  /** Whether this call settled the slip (false: it was settled already); `record` as in `fail`. */
  private async settle(
    id: string,
    memberId: string,
    verdict: SlipVerdict,
    record?: SettleRecord,
  ): Promise<boolean> {
    if (!verdict.ok) return this.fail(id, verdict.reason, undefined, record);
    try {
      await this.db.transaction().execute(async (trx) => {
        const t = depositsDb(trx);
        const dup = await t
          .selectFrom('money_in_slips')
          .select('id')
          .where('slip_ref', '=', verdict.slipRef)
          .where('status', '=', 'SUCCESS')
          .executeTakeFirst();
        if (dup) throw new DuplicateSlip();
        const updated = await t
          .updateTable('money_in_slips')
          .set({
            status: 'SUCCESS',
            note: null,
            slip_ref: verdict.slipRef,
            amount: verdict.amount,
            updated_at: this.clock.now(),
          })
          .where('id', '=', id)
          .where('status', '=', 'PROCESSING')
          .executeTakeFirst();
        // Settled meanwhile (a retry on another server): nothing more to do.
        if (Number(updated.numUpdatedRows) === 0) throw new AlreadySettled();
        await this.deposits.credit(trx, {
          memberId,
          amount: verdict.amount,
          from: 'bank_in',
          reference: `slip:${verdict.slipRef}`,
          meta: { slipId: id, from: 'slip', to: 'wallet', description: `slip ${verdict.slipRef}` },
        });
        await record?.(trx);
      });
      return true;
    } catch (e) {
      if (e instanceof AlreadySettled) return false;
      if (e instanceof DuplicateSlip || isUniqueViolation(e)) {
        return this.fail(id, 'SLIP_REFNO_DUPLICATED', verdict.amount, record);
      }
      throw e;
    }
  }

  /** Slips of one status for operators, newest first, with the member's phone and a signed link to the image. */
  async queue(
    status: SlipRow['status'],
    limit: number,
  ): Promise<
    (SlipView & {
      id: string;
      memberId: string;
      username: string;
      memberBank: { code: string; accountNo: string; accountName: string };
      slipRef: string | null;
    })[]
  > {
    const rows = await depositsDb(this.db)
      .selectFrom('money_in_slips as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .selectAll('s')
      .select(['m.username', 'm.bank_code', 'm.bank_account_no', 'm.bank_account_name'])
      .where('s.status', '=', status)
      .orderBy('s.created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      ...this.view(r),
      id: r.id,
      memberId: r.member_id,
      username: r.username,
      memberBank: { code: r.bank_code, accountNo: r.bank_account_no, accountName: r.bank_account_name },
      slipRef: r.slip_ref,
    }));
  }

  /**
   * An operator's decision on a slip still PROCESSING (the verifier gave no answer): approved with the amount and
   * the bank's reference read from the image — credited once, like a verified slip (a reference already credited
   * makes it FAILED SLIP_REFNO_DUPLICATED) — or rejected with a reason code of §4. KEY_INVALID when the slip is
   * settled already (by the verifier's retry or another operator). Returns the slip before and after.
   */
  async review(
    id: string,
    decision: { approve: { amount: number; slipRef: string } } | { reject: SlipReason },
    /** Runs in the transaction that settles the slip, with the slip as it was (the operator's audit entry). */
    record?: (trx: Transaction<Database>, before: SlipRow) => Promise<void>,
  ): Promise<{ before: SlipRow; after: SlipRow }> {
    const t = depositsDb(this.db);
    const before = await t.selectFrom('money_in_slips').selectAll().where('id', '=', id).executeTakeFirst();
    if (!before) throw new AppError('NO_DATA', 404);
    if (before.status !== 'PROCESSING')
      throw new AppError('KEY_INVALID', 400, `the slip is ${before.status} already`);
    const decided =
      'approve' in decision
        ? await this.settle(id, before.member_id, { ok: true, ...decision.approve }, (trx) =>
            record ? record(trx, before) : Promise.resolve(),
          )
        : await this.fail(id, decision.reject, undefined, (trx) =>
            record ? record(trx, before) : Promise.resolve(),
          );
    // Settled by someone else between the read and this decision: it changed nothing.
    if (!decided) throw new AppError('KEY_INVALID', 400, 'the slip was settled meanwhile');
    const after = await t
      .selectFrom('money_in_slips')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { before, after };
  }

  async list(memberId: string, page: number, limit: number): Promise<{ total: number; slips: SlipView[] }> {
    const t = depositsDb(this.db);
    const total = await t
      .selectFrom('money_in_slips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    const rows = await t
      .selectFrom('money_in_slips')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { total: Number(total.n), slips: rows.map((r) => this.view(r)) };
  }

  /** The member's own slip → a short-lived URL of its image. */
  async urlFor(memberId: string, reference: string): Promise<{ url: string }> {
    const row = await depositsDb(this.db)
      .selectFrom('money_in_slips')
      .select('reference')
      .where('reference', '=', reference)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    if (!row) throw new AppError('NO_DATA', 404);
    return { url: this.signedUrl(row.reference) };
  }

  /** The image behind a signed URL, or undefined (bad or expired signature, unknown slip, file gone). */
  async image(
    reference: string,
    exp: string,
    sig: string,
  ): Promise<{ mime: string; data: Buffer } | undefined> {
    if (!this.checkUrl(reference, exp, sig)) return undefined;
    const row = await depositsDb(this.db)
      .selectFrom('money_in_slips')
      .select(['file_name', 'mime'])
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (!row) return undefined;
    try {
      return { mime: row.mime, data: await readFile(path.join(this.dir, row.file_name)) };
    } catch {
      return undefined;
    }
  }
}

class DuplicateSlip extends Error {}
class AlreadySettled extends Error {}
