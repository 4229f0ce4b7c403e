import type { ErrorCode } from '../../platform/errors';

/**
 * What a money operation does, as data (docs/ledger.md "Operations"). A member's request becomes one operation
 * with a plan of steps; each step, once started, is a leg with its own record (a game transfer, a withdrawal).
 * The plan is stored with the operation so that reconciliation can finish it after a crash.
 */

export type OperationKind = 'transfer' | 'transfer_all' | 'withdraw' | 'withdraw_all';
export const OPERATION_KINDS: readonly OperationKind[] = [
  'transfer',
  'transfer_all',
  'withdraw',
  'withdraw_all',
];

export type Step =
  | { type: 'game_in'; code: string; amount: number }
  | { type: 'game_out'; code: string; amount: number }
  | { type: 'withdraw'; amount: number };
export type StepType = Step['type'];

/**
 * `chain`: each step starts only after the previous one succeeded; when a later step fails, the compensation
 * steps run (e.g. game → game whose second leg is refused: the money goes back to the first game).
 * `collect`: every step runs once the previous one is final, whatever its outcome (transferAll, withdrawAll).
 */
export interface Plan {
  mode: 'chain' | 'collect';
  steps: Step[];
  compensation?: Step[];
  /**
   * With tracing on: the W3C traceparent of the request's operation span, so that reconciliation's span links to the
   * trace that began the operation (docs/operations.md "Traces"). Kept in the plan's JSON: no column of its own.
   */
  traceparent?: string;
}

export type OperationStatus = 'PENDING' | 'SUCCESS' | 'PARTIAL' | 'FAILED';
export type LegStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export interface Leg {
  seq: number;
  step: Step;
  status: LegStatus;
  /** The leg's own record: a game transfer id or a withdrawal id (null when it failed before one existed). */
  reference: string | null;
  error: ErrorCode | null;
}

export type Decision =
  | { kind: 'drive'; leg: Leg }
  | {
      kind: 'start';
      seq: number;
      step: Step;
      /** Refusals of this very step so far (a compensation step tried again after being refused; else 0). */
      retry: number;
    }
  | { kind: 'final'; status: Exclude<OperationStatus, 'PENDING'>; error: ErrorCode | null };

/**
 * How many times the way back (a compensation step) may be refused before the operation ends PARTIAL with the money
 * in the wallet: each refusal is followed by another try (a new leg) after a backoff (the runner's, as for an
 * unknown outcome: 1 s, 2 s, 4 s, …).
 */
export const MAX_COMPENSATION_REFUSALS = 6;

/**
 * The next thing to do for an operation, from its plan and the legs so far. Pure: the runner persists what it
 * decides. A pending leg is always driven first (one leg moves at a time).
 */
export function decide(plan: Plan, legs: readonly Leg[]): Decision {
  const bySeq = new Map(legs.map((l) => [l.seq, l]));
  const pending = legs.find((l) => l.status === 'PENDING');
  if (pending) return { kind: 'drive', leg: pending };

  if (plan.mode === 'collect') {
    for (let seq = 0; seq < plan.steps.length; seq += 1) {
      if (!bySeq.has(seq)) return { kind: 'start', seq, step: plan.steps[seq] as Step, retry: 0 };
    }
    const done = plan.steps.map((_, seq) => bySeq.get(seq) as Leg);
    const failed = done.filter((l) => l.status === 'FAILED');
    if (failed.length === 0) return { kind: 'final', status: 'SUCCESS', error: null };
    const error = failed[0]?.error ?? 'TRANSFER_FAIL';
    return failed.length === done.length
      ? { kind: 'final', status: 'FAILED', error }
      : { kind: 'final', status: 'PARTIAL', error };
  }

  for (let seq = 0; seq < plan.steps.length; seq += 1) {
    const leg = bySeq.get(seq);
    if (!leg) return { kind: 'start', seq, step: plan.steps[seq] as Step, retry: 0 };
    if (leg.status === 'SUCCESS') continue;
    const error = leg.error ?? 'TRANSFER_FAIL';
    // The first step failed: nothing moved.
    if (seq === 0) return { kind: 'final', status: 'FAILED', error };
    const compensation = plan.compensation ?? [];
    if (compensation.length === 0) return { kind: 'final', status: 'PARTIAL', error };
    // The legs after the plan's steps are the tries of the compensation steps, in order: a refused try is followed
    // by another (a new leg), up to MAX_COMPENSATION_REFUSALS refusals of one step; then the money stays where the
    // last step that succeeded left it (PARTIAL).
    let index = 0;
    let refusals = 0;
    for (let cseq = plan.steps.length; index < compensation.length; cseq += 1) {
      const c = bySeq.get(cseq);
      if (!c) return { kind: 'start', seq: cseq, step: compensation[index] as Step, retry: refusals };
      if (c.status === 'SUCCESS') {
        index += 1;
        refusals = 0;
        continue;
      }
      refusals += 1;
      if (refusals >= MAX_COMPENSATION_REFUSALS) return { kind: 'final', status: 'PARTIAL', error };
    }
    // Everything went back where it came from: the operation failed and, in the end, moved nothing.
    return { kind: 'final', status: 'FAILED', error };
  }
  return { kind: 'final', status: 'SUCCESS', error: null };
}

/** Where a step takes money from and to, as the member sees it ('wallet', a game code, 'bank'). */
export function stepRoute(step: Step): { from: string; to: string } {
  switch (step.type) {
    case 'game_in':
      return { from: 'wallet', to: step.code };
    case 'game_out':
      return { from: step.code, to: 'wallet' };
    case 'withdraw':
      return { from: 'wallet', to: 'bank' };
  }
}
