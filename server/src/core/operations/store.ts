import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import type { ErrorCode } from '../../platform/errors';
import type { LegStatus, OperationKind, OperationStatus, Plan, Step } from './plan';
import {
  OperationExists,
  type NewOperation,
  type NewRefusal,
  type Operation,
  type Refusal,
} from './operation';
import type { StartBatch, StartCall } from './step-handler';

type Trx = Transaction<Database>;
type Executor = Db | Trx;

/** The operation's rows as types, where its importers found them before operation.ts. */
export { OperationExists, type NewOperation, type NewRefusal, type Operation } from './operation';
export type { Refusal } from './operation';

const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Rows of `operations` and `operation_legs`; every write that belongs with money takes the caller's trx. */
export class OperationStore {
  constructor(private readonly db: Db) {}

  /**
   * Inserts the operation with its first leg (PENDING, with the record id its handler will use) in one statement
   * of the caller's transaction; OperationExists when its key was used already (then nothing is written).
   */
  async insert(trx: Trx, op: NewOperation): Promise<void> {
    const res = await sql<{ id: string }>`
      with o as (
        insert into operations (id, member_id, idempotency_key, kind, request_hash, plan, status, next_attempt_at,
          created_at, updated_at)
        values (${op.id}, ${op.memberId}, ${op.key}, ${op.kind}, ${op.requestHash}, ${JSON.stringify(op.plan)}::jsonb,
          'PENDING', ${op.nextAttemptAt}, ${op.now}, ${op.now})
        on conflict do nothing
        returning id
      )
      insert into operation_legs (operation_id, seq, step, status, reference, error, created_at, settled_at)
      select o.id, 0, ${JSON.stringify(op.first.step)}::jsonb, 'PENDING', ${op.first.reference}, null, ${op.now}, null
      from o
      returning operation_id as id`.execute(trx);
    if (res.rows.length === 0) throw new OperationExists(op.memberId, op.key ?? '');
  }

  /**
   * `insert` and the first leg's start (`StartCall`: the handler's database function) in ONE statement, atomic on
   * its own: the call runs only for an inserted operation and gets its id; when it raises, nothing is written.
   * OperationExists when the key was used already. Returns the leg's record id, which must be the planned one.
   */
  async insertAndStart(op: NewOperation, start: StartCall): Promise<string> {
    const res = await sql<Record<string, unknown>>`/*prepared*/
      with o as (
        insert into operations (id, member_id, idempotency_key, kind, request_hash, plan, status, next_attempt_at,
          created_at, updated_at)
        values (${op.id}, ${op.memberId}, ${op.key}, ${op.kind}, ${op.requestHash}, ${JSON.stringify(op.plan)}::jsonb,
          'PENDING', ${op.nextAttemptAt}, ${op.now}, ${op.now})
        on conflict do nothing
        returning id
      ),
      l as (
        insert into operation_legs (operation_id, seq, step, status, reference, error, created_at, settled_at)
        select o.id, 0, ${JSON.stringify(op.first.step)}::jsonb, 'PENDING', ${op.first.reference}, null, ${op.now},
          null
        from o
        returning operation_id
      )
      select s.* from l cross join lateral ${start.call(sql<string>`l.operation_id`)} as s`.execute(this.db);
    const row = res.rows[0];
    if (!row) throw new OperationExists(op.memberId, op.key ?? '');
    const ref = start.started(row);
    if (ref !== op.first.reference) throw new Error(`the first leg of ${op.id} took another record id`);
    return ref;
  }

  /**
   * `insertAndStart` of several operations in ONE statement: one transaction and one commit for all of them (group
   * commit, `platform/db/batcher.ts`). The operations and their first legs are inserted, then each inserted
   * operation's start function runs, in the items' `lockKey` order. Answers, per item in order, the leg's record id,
   * or OperationExists when its key was used already (nothing of that item is written). Throws when the statement
   * fails (any item's start refused, a deadlock): then nothing of any item was written, and the caller runs each
   * item alone for its own answer. Every item's `batch` must have the same function and argument types.
   */
  async insertAndStartMany(
    items: { op: NewOperation; start: StartCall; batch: StartBatch }[],
  ): Promise<(string | OperationExists)[]> {
    const first = items[0]?.batch;
    if (!first) return [];
    const shape = first.args.map((a) => (a === 'operation' ? 'operation' : a.type));
    const sameShape = (b: StartBatch) =>
      b.fn === first.fn &&
      b.args.length === shape.length &&
      b.args.every((a, i) => (a === 'operation' ? 'operation' : a.type) === shape[i]);
    if (!/^[a-z_][a-z0-9_]*$/.test(first.fn) || !items.every((it) => sameShape(it.batch))) {
      throw new Error('a batch of starts needs one function with the same argument types');
    }
    const rows = items.map((it, n) => {
      const row: Record<string, unknown> = {
        n,
        id: it.op.id,
        member_id: it.op.memberId,
        op_key: it.op.key,
        kind: it.op.kind,
        hash: it.op.requestHash,
        plan: it.op.plan,
        next_at: it.op.nextAttemptAt.toISOString(),
        op_now: it.op.now.toISOString(),
        step: it.op.first.step,
        reference: it.op.first.reference,
        lock_key: it.batch.lockKey,
      };
      it.batch.args.forEach((a, i) => {
        if (a !== 'operation') row[`a${i}`] = a.value instanceof Date ? a.value.toISOString() : a.value;
      });
      return row;
    });
    const columns = [
      'n int, id text, member_id text, op_key text, kind text, hash text, plan jsonb, next_at timestamptz',
      'op_now timestamptz, step jsonb, reference text, lock_key text',
      ...shape.flatMap((t, i) => (t === 'operation' ? [] : [`a${i} ${t}`])),
    ].join(', ');
    const args = shape.map((t, i) => (t === 'operation' ? 'q.id' : `q.a${i}`)).join(', ');
    const res = await sql<Record<string, unknown> & { batch_n: number }>`/*prepared*/
      with x as materialized (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x (${sql.raw(columns)})
      ),
      o as (
        insert into operations (id, member_id, idempotency_key, kind, request_hash, plan, status, next_attempt_at,
          created_at, updated_at)
        select x.id, x.member_id, x.op_key, x.kind, x.hash, x.plan, 'PENDING', x.next_at, x.op_now, x.op_now
        from x order by x.n
        on conflict do nothing
        returning id
      ),
      l as (
        insert into operation_legs (operation_id, seq, step, status, reference, error, created_at, settled_at)
        select x.id, 0, x.step, 'PENDING', x.reference, null, x.op_now, null
        from o join x on x.id = o.id
        returning operation_id
      )
      select q.n as batch_n, s.*
      from (select x.* from l join x on x.id = l.operation_id order by x.lock_key, x.n offset 0) q
      cross join lateral ${sql.raw(first.fn)}(${sql.raw(args)}) as s`.execute(this.db);
    // The started items' record ids by position; an item the statement did not start found its key used already.
    // (An OperationExists is made only for those: each Error captures a stack, a cost on every batch otherwise.)
    const started: (string | undefined)[] = new Array<string | undefined>(items.length);
    for (const { batch_n: n, ...row } of res.rows) {
      const it = items[Number(n)];
      if (!it) continue;
      const ref = it.start.started(row);
      if (ref !== it.op.first.reference)
        throw new Error(`the first leg of ${it.op.id} took another record id`);
      started[Number(n)] = ref;
    }
    return items.map((it, n) => started[n] ?? new OperationExists(it.op.memberId, it.op.key ?? ''));
  }

  /**
   * Remembers a keyed request refused before anything moved: a FAILED operation without legs, with its catalogue
   * code and answer (docs/ledger.md "A key's first final answer"). False when the key names an operation already
   * (a twin started it, or was refused first): then nothing is written and that operation is the answer.
   */
  async insertRefusal(r: NewRefusal): Promise<boolean> {
    const res = await sql<{ id: string }>`
      insert into operations (id, member_id, idempotency_key, kind, request_hash, plan, status, error, refusal,
        next_attempt_at, created_at, updated_at, settled_at)
      values (${r.id}, ${r.memberId}, ${r.key}, ${r.kind}, ${r.requestHash},
        ${JSON.stringify({ mode: 'chain', steps: [] })}::jsonb, 'FAILED', ${r.error},
        ${JSON.stringify(r.refusal)}::jsonb, ${r.now}, ${r.now}, ${r.now}, ${r.now})
      on conflict do nothing
      returning id`.execute(this.db);
    return res.rows.length > 0;
  }

  /** The record id of a leg, when its handler chose its own. */
  async setLegReference(trx: Trx, operationId: string, seq: number, reference: string): Promise<void> {
    await trx
      .updateTable('operation_legs')
      .set({ reference })
      .where('operation_id', '=', operationId)
      .where('seq', '=', seq)
      .execute();
  }

  async insertLeg(
    ex: Executor,
    leg: {
      operationId: string;
      seq: number;
      step: Step;
      status: LegStatus;
      reference: string | null;
      error: ErrorCode | null;
      now: Date;
    },
  ): Promise<void> {
    await ex
      .insertInto('operation_legs')
      .values({
        operation_id: leg.operationId,
        seq: leg.seq,
        step: JSON.stringify(leg.step),
        status: leg.status,
        reference: leg.reference,
        error: leg.error,
        created_at: leg.now,
        settled_at: leg.status === 'PENDING' ? null : leg.now,
      })
      .execute();
  }

  /** Settles a pending leg; false when it was not pending any more (another driver settled it). */
  async settleLeg(
    operationId: string,
    seq: number,
    status: Exclude<LegStatus, 'PENDING'>,
    error: ErrorCode | null,
    now: Date,
  ): Promise<boolean> {
    const row = await this.db
      .updateTable('operation_legs')
      .set({ status, error, settled_at: now })
      .where('operation_id', '=', operationId)
      .where('seq', '=', seq)
      .where('status', '=', 'PENDING')
      .returning('seq')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Settles a pending leg and, in the same statement, finishes its pending operation (the leg was the last thing
   * the operation waited for). False when the leg was not pending any more: then nothing is written.
   */
  async settleLegAndFinish(
    operationId: string,
    seq: number,
    leg: { status: Exclude<LegStatus, 'PENDING'>; error: ErrorCode | null },
    op: { status: Exclude<OperationStatus, 'PENDING'>; error: ErrorCode | null },
    now: Date,
  ): Promise<boolean> {
    const res = await sql<{ seq: number }>`
      with l as (
        update operation_legs set status = ${leg.status}, error = ${leg.error}, settled_at = ${now}
        where operation_id = ${operationId} and seq = ${seq} and status = 'PENDING'
        returning seq
      ),
      o as (
        update operations set status = ${op.status}, error = ${op.error}, updated_at = ${now}, settled_at = ${now}
        where id = ${operationId} and status = 'PENDING' and exists (select 1 from l)
      )
      select seq from l`.execute(this.db);
    return res.rows.length > 0;
  }

  /**
   * `settleLeg` / `settleLegAndFinish` as CTEs for a handler's settling statement (runner.ts `LegSettlement`):
   * guarded by the handler's `settled.ok`, they define `leg_settled` (a row when the leg was written) and, with
   * `op`, finish the pending operation once the leg was written.
   */
  settleLegCtes(
    operationId: string,
    seq: number,
    leg: { status: Exclude<LegStatus, 'PENDING'>; error: ErrorCode | null },
    op: { status: Exclude<OperationStatus, 'PENDING'>; error: ErrorCode | null } | null,
    now: Date,
  ): RawBuilder<unknown> {
    const settled = sql`leg_settled as (
        update operation_legs set status = ${leg.status}, error = ${leg.error}, settled_at = ${now}
        where operation_id = ${operationId} and seq = ${seq} and status = 'PENDING' and (select ok from settled)
        returning seq
      )`;
    if (!op) return settled;
    return sql`${settled},
      operation_finished as (
        update operations set status = ${op.status}, error = ${op.error}, updated_at = ${now}, settled_at = ${now}
        where id = ${operationId} and status = 'PENDING' and exists (select 1 from leg_settled)
      )`;
  }

  /** Locks the operation row (serialises the steps of one operation across processes). */
  async lock(trx: Trx, id: string): Promise<OperationStatus | undefined> {
    const row = await trx
      .selectFrom('operations')
      .select('status')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    return row?.status;
  }

  async hasLeg(trx: Trx, operationId: string, seq: number): Promise<boolean> {
    const row = await trx
      .selectFrom('operation_legs')
      .select('seq')
      .where('operation_id', '=', operationId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Finishes a pending operation; false when it was not pending any more. */
  async finish(
    id: string,
    status: Exclude<OperationStatus, 'PENDING'>,
    error: ErrorCode | null,
    now: Date,
  ): Promise<boolean> {
    const row = await this.db
      .updateTable('operations')
      .set({ status, error, updated_at: now, settled_at: now })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Still pending at a provider: ask again at `next`. */
  async defer(id: string, attempts: number, next: Date, now: Date, ex: Db | Trx = this.db): Promise<void> {
    await ex
      .updateTable('operations')
      .set({ attempts, next_attempt_at: next, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .execute();
  }

  async byId(id: string): Promise<Operation | undefined> {
    const row = await this.db.selectFrom('operations').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? this.withLegs(row) : undefined;
  }

  async byKey(memberId: string, key: string): Promise<Operation | undefined> {
    const row = await this.db
      .selectFrom('operations')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    return row ? this.withLegs(row) : undefined;
  }

  /** When a pending operation is due for another attempt (undefined: not pending, or no such operation). */
  async nextAttempt(id: string): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('operations')
      .select('next_attempt_at')
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return row ? new Date(row.next_attempt_at) : undefined;
  }

  /** Pending operations due at `before` (null: all of them; the sweep's look-up): ids and when each is due. */
  async dueWithTimes(before: Date | null, limit: number): Promise<{ id: string; next: Date }[]> {
    let q = this.db
      .selectFrom('operations')
      .select(['id', 'next_attempt_at'])
      .where('status', '=', 'PENDING');
    if (before) q = q.where('next_attempt_at', '<=', before);
    const rows = await q.orderBy('next_attempt_at').limit(limit).execute();
    return rows.map((r) => ({ id: r.id, next: new Date(r.next_attempt_at) }));
  }

  /**
   * What the metrics show of operations (docs/operations.md): how many there are by kind and status (one pass over
   * the table), and of the pending ones (the partial index operations_pending_idx) the oldest per kind and how many
   * are due for reconciliation at `now`.
   */
  async gauges(now: Date): Promise<{
    counts: { kind: OperationKind; status: OperationStatus; n: number }[];
    pending: { kind: OperationKind; oldest: Date; due: number }[];
  }> {
    // One after the other: a scrape holds one connection at a time (platform/metrics.ts).
    const counts = await this.db
      .selectFrom('operations')
      .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['kind', 'status'])
      .execute();
    const pending = await this.db
      .selectFrom('operations')
      .select([
        'kind',
        (eb) => eb.fn.min('created_at').as('oldest'),
        sql<number>`count(*) filter (where next_attempt_at <= ${now})`.as('due'),
      ])
      .where('status', '=', 'PENDING')
      .groupBy('kind')
      .execute();
    return {
      counts: counts.map((r) => ({ kind: r.kind, status: r.status, n: Number(r.n) })),
      pending: pending.map((r) => ({ kind: r.kind, oldest: new Date(r.oldest), due: Number(r.due) })),
    };
  }

  /** Pending operations due for another attempt at `now` (null: all of them), oldest first. */
  async due(now: Date | null, limit: number): Promise<{ id: string; kind: OperationKind }[]> {
    let q = this.db.selectFrom('operations').select(['id', 'kind']).where('status', '=', 'PENDING');
    if (now) q = q.where('next_attempt_at', '<=', now);
    return q.orderBy('next_attempt_at').limit(limit).execute();
  }

  private async withLegs(row: {
    id: string;
    member_id: string;
    idempotency_key: string | null;
    kind: OperationKind;
    request_hash: string;
    plan: unknown;
    status: OperationStatus;
    error: string | null;
    refusal: unknown;
    attempts: number;
    created_at: Date;
    updated_at: Date;
  }): Promise<Operation> {
    const legs = await this.db
      .selectFrom('operation_legs')
      .select(['seq', 'step', 'status', 'reference', 'error'])
      .where('operation_id', '=', row.id)
      .orderBy('seq')
      .execute();
    return {
      id: row.id,
      memberId: row.member_id,
      key: row.idempotency_key,
      kind: row.kind,
      requestHash: row.request_hash,
      plan: parse<Plan>(row.plan),
      status: row.status,
      error: row.error as ErrorCode | null,
      refusal: row.refusal === null || row.refusal === undefined ? null : parse<Refusal>(row.refusal),
      attempts: Number(row.attempts),
      createdAt: new Date(row.created_at),
      updatedAt: new Date(row.updated_at),
      legs: legs.map((l) => ({
        seq: Number(l.seq),
        step: parse<Step>(l.step),
        status: l.status,
        reference: l.reference,
        error: l.error as ErrorCode | null,
      })),
    };
  }
}
