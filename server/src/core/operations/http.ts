import { Type, type Static } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestHash } from '../idempotency';
import { AppError, isAppError } from '../../platform/errors';
import { auth } from '../../platform/http/auth';
import { OPERATION_KINDS, stepRoute } from './plan';
import type { OperationRunner } from './runner';
import { OperationExists, type Operation } from './store';

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
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || key.length < 1 || key.length > 100) throw new AppError('KEY_INVALID', 400);
  return key;
}

function sameRequest(op: Operation, hash: string): Operation {
  if (op.requestHash !== hash) throw new AppError('KEY_INVALID', 409);
  return op;
}

export interface KeyedOptions {
  /**
   * true (default): the key is looked up before `start` runs, so a retry plans nothing. false: `start` runs
   * first and its own transaction finds the key (the operation's insert conflicts: OperationExists); when `start`
   * refuses with a catalogue error, the key is looked up then, so a retry still answers with its operation. For
   * a `start` whose checks before `OperationRunner.begin` have no side effects worth avoiding (a transfer: one
   * statement less per request).
   */
  lookupFirst?: boolean;
}

/**
 * Runs `start` unless the member's Idempotency-Key already names an operation, in which case that operation
 * (as it stands now) is the answer. Same key with another request → 409 KEY_INVALID. A concurrent duplicate
 * loses the insert race inside its own transaction (nothing written) and answers with the winner's operation.
 * A start that fails with a catalogue error wrote nothing, so a retry with the key runs again.
 */
export async function runKeyed(
  request: FastifyRequest,
  runner: OperationRunner,
  start: (keyed: Keyed) => Promise<Operation>,
  opts: KeyedOptions = {},
): Promise<{ op: Operation; replayed: boolean }> {
  const { memberId } = auth(request);
  const key = keyOf(request);
  const hash = requestHash(request);
  const lookupFirst = opts.lookupFirst ?? true;
  if (key !== null && lookupFirst) {
    const existing = await runner.store.byKey(memberId, key);
    if (existing) return { op: sameRequest(existing, hash), replayed: true };
  }
  try {
    return { op: await start({ memberId, key, requestHash: hash }), replayed: false };
  } catch (e) {
    if (key === null) throw e;
    if (!(e instanceof OperationExists) && (lookupFirst || !isAppError(e))) throw e;
    const winner = await runner.store.byKey(memberId, key);
    if (!winner) throw e;
    return { op: sameRequest(winner, hash), replayed: true };
  }
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
  opts: KeyedOptions = {},
): Promise<Operation> {
  const { op, replayed } = await runKeyed(request, runner, start, opts);
  if (replayed) reply.header('idempotent-replayed', 'true');
  throwIfFailed(op);
  return op;
}

/** A FAILED operation moved nothing in the end: it answers with its catalogue error (and its id). */
export function throwIfFailed(op: Operation): void {
  if (op.status === 'FAILED') {
    throw new AppError(op.error ?? 'TRANSFER_FAIL', 400, undefined, { operationId: op.id });
  }
}
