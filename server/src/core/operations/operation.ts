import type { ErrorCode } from '../../platform/errors';
import type { Leg, OperationKind, OperationStatus, Plan, Step } from './plan';

/** What a money operation is as the store reads and writes it (docs/ledger.md "Operations"). */

export interface Operation {
  id: string;
  memberId: string;
  key: string | null;
  kind: OperationKind;
  requestHash: string;
  plan: Plan;
  status: OperationStatus;
  error: ErrorCode | null;
  /** Set when the request was refused before anything moved (FAILED, no legs): what its answer carried. */
  refusal: Refusal | null;
  attempts: number;
  createdAt: Date;
  updatedAt: Date;
  legs: Leg[];
}

/** What a refusal's answer carries besides its catalogue code: HTTP status, message and extra body fields. */
export interface Refusal {
  statusCode: number;
  message: string;
  details: Record<string, string>;
}

/** A keyed request refused before anything moved, as `insertRefusal` remembers it. */
export interface NewRefusal {
  id: string;
  memberId: string;
  key: string;
  kind: OperationKind;
  requestHash: string;
  error: ErrorCode;
  refusal: Refusal;
  now: Date;
}

/** An operation as `begin` writes it, with its first leg (PENDING, with the record id its handler will use). */
export interface NewOperation {
  id: string;
  memberId: string;
  key: string | null;
  kind: OperationKind;
  requestHash: string;
  plan: Plan;
  now: Date;
  nextAttemptAt: Date;
  first: { step: Step; reference: string };
}

/** A second operation with the same (member, Idempotency-Key): the caller answers with the first one. */
export class OperationExists extends Error {
  constructor(
    readonly memberId: string,
    readonly key: string,
  ) {
    super('operation exists for this key');
    this.name = 'OperationExists';
  }
}
