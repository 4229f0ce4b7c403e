import { randomUUID } from 'node:crypto';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { idempotencyKeyHeader, requestHash } from '../idempotency';
import { AppError, isAppError, type ErrorCode } from '../../platform/errors';
import { auth } from '../../platform/http/auth';
import { OPERATION_KINDS, stepRoute, type OperationKind } from './plan';
import type { OperationRunner } from './runner';
import { OperationExists, type Operation, type Refusal } from './store';

/**
 * The HTTP side of money operations: the member's Idempotency-Key finds the operation it started (the key and
 * the request hash are stored with the operation, in the same transaction as its first leg), and every answer
 * is rendered from the operation's current state.
 */

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const OperationLegSchema = Type.Object({
  seq: Type.Integer(),
  type: literals(['game_in', 'game_out', 'withdraw'] as const),
  from: Type.String({ description: '"wallet" or a game code' }),
  to: Type.String({ description: '"wallet", a game code or "bank"' }),
  amount: Type.Integer({ description: 'minor units' }),
  status: literals(['PENDING', 'SUCCESS', 'FAILED'] as const),
  reference: Type.Union([Type.String(), Type.Null()], {
    description: 'the game transfer id or withdrawal id of this leg',
  }),
  error: Type.Union([Type.String(), Type.Null()]),
});

export const OperationViewSchema = Type.Object(
  {
    id: Type.String(),
    kind: literals(OPERATION_KINDS),
    status: literals(['PENDING', 'SUCCESS', 'PARTIAL', 'FAILED'] as const),
    error: Type.Union([Type.String(), Type.Null()], {
      description: 'catalogue code of the first failed leg',
    }),
    legs: Type.Array(OperationLegSchema),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  {
    description:
      'A money operation and each of its legs. PENDING: a leg waits on a third party and reconciliation ' +
      'finishes it; PARTIAL: some legs moved money and others failed (the legs say which).',
  },
);
export type OperationView = Static<typeof OperationViewSchema>;

export function operationView(op: Operation): OperationView {
  return {
    id: op.id,
    kind: op.kind,
    status: op.status,
    error: op.error,
    legs: op.legs.map((l) => ({
      seq: l.seq,
      type: l.step.type,
      ...stepRoute(l.step),
      amount: l.step.amount,
      status: l.status,
      reference: l.reference,
      error: l.error,
    })),
    createdAt: op.createdAt.toISOString(),
    updatedAt: op.updatedAt.toISOString(),
  };
}

export interface Keyed {
  memberId: string;
  key: string | null;
  requestHash: string;
}

function keyOf(request: FastifyRequest): string | null {
  return idempotencyKeyHeader(request) ?? null;
}

function sameRequest(op: Operation, hash: string): Operation {
  if (op.requestHash !== hash) throw new AppError('KEY_INVALID', 409);
  return op;
}

export interface KeyedOptions {
  /** The operation kind a refusal is remembered as (the route's kind). */
  kind: OperationKind;
  /**
   * true (default): the key is looked up before `start` runs, so a retry plans nothing. false: `start` runs
   * first and its own transaction finds the key (the operation's insert conflicts: OperationExists); when `start`
   * refuses with a catalogue error, the refusal's own insert finds the key, so a retry still answers with its
   * operation. For a `start` whose checks before `OperationRunner.begin` have no side effects worth avoiding (a
   * transfer: one statement less per request).
   */
  lookupFirst?: boolean;
  /** How long a request waits for its key's operation, started by a twin, to be final (default 10 s). */
  waitMs?: number;
}

/** How long a twin waits for the operation of its key to be final before it answers PENDING. */
export const TWIN_WAIT_MS = 10_000;

/**
 * A refusal that is the key's final answer: a catalogue error of the request itself (4xx), not a rate limit, a
 * request that must wait, or an answer about the key (another body with the same key).
 */
function finalRefusal(e: unknown): e is AppError {
  return (
    isAppError(e) &&
    e.statusCode >= 400 &&
    e.statusCode < 500 &&
    e.statusCode !== 429 &&
    e.code !== 'REQUEST_LIMIT' &&
    e.code !== 'REQUEST_LIMIT_1MIN'
  );
}

/**
 * Runs `start` unless the member's Idempotency-Key already names an operation, in which case that operation is the
 * answer (docs/ledger.md "A key's first final answer"). Same key with another request → 409 KEY_INVALID. A
 * concurrent duplicate loses the insert race inside its own transaction (nothing written) and answers with the
 * winner's operation. A keyed start refused with a catalogue error (4xx) is remembered as a FAILED operation
 * without legs that carries the answer; when that insert finds the key taken, the refusal was caused by (or lost
 * to) a twin, and the twin's operation is the answer. A replayed operation still PENDING is waited for
 * (`OperationRunner.settledOrPending`, bounded): every request with one key gets the same final answer.
 */
export async function runKeyed(
  request: FastifyRequest,
  runner: OperationRunner,
  start: (keyed: Keyed) => Promise<Operation>,
  opts: KeyedOptions,
): Promise<{ op: Operation; replayed: boolean }> {
  const { memberId } = auth(request);
  const key = keyOf(request);
  const hash = requestHash(request);
  const lookupFirst = opts.lookupFirst ?? true;
  const waitMs = opts.waitMs ?? TWIN_WAIT_MS;
  const replay = async (op: Operation) => ({
    op: await runner.settledOrPending(sameRequest(op, hash), waitMs),
    replayed: true,
  });
  if (key !== null && lookupFirst) {
    const existing = await runner.store.byKey(memberId, key);
    if (existing) return replay(existing);
  }
  try {
    return { op: await start({ memberId, key, requestHash: hash }), replayed: false };
  } catch (e) {
    if (key === null) throw e;
    if (e instanceof OperationExists) {
      const winner = await runner.store.byKey(memberId, key);
      if (!winner) throw e;
      return replay(winner);
    }
    if (!finalRefusal(e)) throw e;
    const id = randomUUID();
    const refusal: Refusal = { statusCode: e.statusCode, message: e.message, details: e.details ?? {} };
    const now = runner.now();
    const remembered = await runner.store.insertRefusal({
      id,
      memberId,
      key,
      kind: opts.kind,
      requestHash: hash,
      error: e.code,
      refusal,
      now,
    });
    if (remembered) throw refusalError(id, e.code, refusal);
    // The key names an operation already: a twin's, which this refusal met (its money spoken for) or lost to.
    const winner = await runner.store.byKey(memberId, key);
    if (!winner) throw e;
    return replay(winner);
  }
}

/** The answer of a remembered refusal: its catalogue code, status, message and fields, with the operation's id. */
function refusalError(id: string, code: ErrorCode, refusal: Refusal): AppError {
  return new AppError(code, refusal.statusCode, refusal.message, { ...refusal.details, operationId: id });
}

/**
 * The route side in one call: runs (or finds) the keyed operation, marks a replayed answer, and turns a FAILED
 * operation into its catalogue error. Returns the operation to render.
 */
export async function runOperation(
  request: FastifyRequest,
  reply: FastifyReply,
  runner: OperationRunner,
  start: (keyed: Keyed) => Promise<Operation>,
  opts: KeyedOptions,
): Promise<Operation> {
  const { op, replayed } = await runKeyed(request, runner, start, opts);
  if (replayed) reply.header('idempotent-replayed', 'true');
  throwIfFailed(op);
  return op;
}

/**
 * A FAILED operation moved nothing in the end: it answers with its catalogue error (and its id); a remembered
 * refusal with the very answer it gave first.
 */
export function throwIfFailed(op: Operation): void {
  if (op.status !== 'FAILED') return;
  if (op.refusal) throw refusalError(op.id, op.error ?? 'TRANSFER_FAIL', op.refusal);
  throw new AppError(op.error ?? 'TRANSFER_FAIL', 400, undefined, { operationId: op.id });
}
