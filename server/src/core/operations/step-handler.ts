import type { RawBuilder, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ErrorCode } from '../../platform/errors';
import type { OperationStatus, Step } from './plan';

/**
 * What a step handler is to the operation runner (docs/ledger.md "Operations"): the feature that owns a step's
 * records (games: game_in and game_out; withdrawals: withdraw) starts and drives its legs through this contract.
 */

type Trx = Transaction<Database>;

export interface StepContext {
  memberId: string;
  operationId: string;
  key: string | null;
  /**
   * A fresh id the leg's record may take as its own (the runner has written the first leg with it already). A
   * handler that returns another id costs one statement more.
   */
  reference: string;
}

/** What a leg's record says after driving it. */
export type LegOutcome =
  { status: 'SUCCESS' } | { status: 'FAILED'; error: ErrorCode } | { status: 'PENDING' };

/** A leg's outcome once it settled. */
export type SettledOutcome = Exclude<LegOutcome, { status: 'PENDING' }>;

/**
 * What the operation writes when a leg settles — the leg's row, and the operation's status when the leg was what
 * it waited for — as SQL a handler can place in the statement that settles the leg's record
 * (`StepHandler.drive`), so that the record, the leg and the operation commit together in one round trip.
 */
export interface LegSettlement {
  /**
   * CTEs (comma-separated, without a leading comma) writing the operation's side of `outcome`. They read a CTE
   * named `settled` with one boolean column `ok`, which the handler's statement defines before them: true when
   * that statement settled the record with `outcome`. They define `leg_settled`, which has a row when the leg's
   * row was written.
   */
  ctes(outcome: SettledOutcome): RawBuilder<unknown>;
  /**
   * The same writes as values, for a statement that settles several legs (the database function
   * `operation_leg_settle` writes them, when that statement settled the record).
   */
  values(outcome: SettledOutcome): LegSettlementValues;
}

/** What `LegSettlement` writes: the leg's outcome, and the operation's when the leg was what it waited for. */
export interface LegSettlementValues {
  operationId: string;
  seq: number;
  leg: { status: SettledOutcome['status']; error: ErrorCode | null };
  op: { status: Exclude<OperationStatus, 'PENDING'>; error: ErrorCode | null } | null;
  at: Date;
}

/**
 * A leg's start as ONE call of a set-returning database function (`StepHandler.startCall`): the runner places it in
 * the statement that inserts the operation and its first leg, so the three commit together in one round trip.
 */
export interface StartCall {
  /**
   * The function call, given the SQL expression of the inserted operation's id: the call must take it as an
   * argument (it then runs once per inserted operation, and not at all when the key was used already).
   */
  call(operationId: RawBuilder<string>): RawBuilder<unknown>;
  /** The record id, from the call's one row (the handler keeps what it needs for the first drive). */
  started(row: Record<string, unknown>): string;
  /**
   * Optional: the same call as a function name and typed arguments, so that the starts of concurrent operations
   * can share one statement (`OperationStore.insertAndStartMany`). `'operation'` stands for the operation's id.
   */
  batch?: StartBatch;
}

/** A database function's argument in a batched start: its SQL type and value (JSON-encodable). */
export type StartArg = { type: 'text' | 'bigint' | 'timestamptz' | 'jsonb'; value: unknown } | 'operation';

/**
 * A start as a call of `fn` with `args`, for `OperationStore.insertAndStartMany`. `lockKey`: the starts of one batch
 * run in its order (then by arrival), so that two batches take the rows they lock in the same order.
 */
export interface StartBatch {
  fn: string;
  args: StartArg[];
  lockKey: string;
}

/**
 * How one kind of step is carried out, provided by the feature that owns its records (games: game_in and
 * game_out; withdrawals: withdraw).
 */
export interface StepHandler<S extends Step = Step> {
  /**
   * Inside the step's database transaction (the operation row is locked, or inserted in the same transaction):
   * writes the leg's record and its first posting; returns the record's id. A thrown catalogue error means the
   * step did not start and nothing was written.
   */
  start(trx: Trx, ctx: StepContext, step: S): Promise<string>;
  /**
   * Optional: the same start as one database function call (`StartCall`), used for an operation's first leg. A
   * refusal is raised by the function (platform/db/raised.ts): nothing of the statement is written.
   */
  startCall?(ctx: StepContext, step: S): StartCall;
  /**
   * Brings the leg's record to an outcome. `fresh`: the record was started by this very call chain, so the third
   * party has never been asked; otherwise (a retry after a crash, reconciliation) the handler asks the third
   * party about that id first.
   */
  drive(reference: string, fresh: boolean, settlement?: LegSettlement): Promise<DriveResult>;
}

/**
 * A leg's outcome after `drive`; `recorded`: the handler wrote the operation's side too (`LegSettlement`, in the
 * statement that settled its record), so the runner writes nothing more for it.
 */
export type DriveResult = LegOutcome & { recorded?: boolean };
