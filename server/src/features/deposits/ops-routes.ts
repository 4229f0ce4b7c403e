import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { SLIP_REASONS } from '../../platform/errors';
import { replies, success } from '../../platform/http/schemas';
import { actorOf, requireOperator } from '../operators/guard';
import { Slip } from './schemas';
import { INCOMING_OUTCOMES } from './tables';

const Status = Type.Union([Type.Literal('PROCESSING'), Type.Literal('SUCCESS'), Type.Literal('FAILED')]);
const QueuedSlip = Type.Composite([
  Slip,
  Type.Object({
    id: Type.String(),
    memberId: Type.String(),
    username: Type.String(),
    memberBank: Type.Object(
      { code: Type.String(), accountNo: Type.String(), accountName: Type.String() },
      {
        description:
          "the member's registered bank account: a slip sent from another account is NOT_MATCH (spec §4)",
      },
    ),
    slipRef: Type.Union([Type.String(), Type.Null()]),
  }),
]);
const Decided = Type.Object({
  id: Type.String(),
  status: Status,
  note: Type.Union([Type.String(), Type.Null()]),
  amount: Type.Integer(),
  slipRef: Type.Union([Type.String(), Type.Null()]),
});
const Id = Type.Object({ id: Type.String({ maxLength: 64 }) });
const Outcome = Type.Union(INCOMING_OUTCOMES.map((o) => Type.Literal(o)));
const Incoming = Type.Object({
  id: Type.Integer(),
  source: Type.String({ description: '`bank` or `payment:<CHANNEL>`' }),
  txid: Type.String(),
  amount: Type.Integer(),
  outcome: Outcome,
  memberId: Type.Union([Type.String(), Type.Null()]),
  qrcodeId: Type.Union([Type.String(), Type.Null()]),
  fromBankCode: Type.Union([Type.String(), Type.Null()]),
  fromAccountNo: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
type IncomingRow = {
  id: number | string;
  source: string;
  txid: string;
  amount: number | string;
  outcome: Static<typeof Outcome>;
  member_id: string | null;
  qrcode_id: string | null;
  from_bank_code: string | null;
  from_account_no: string | null;
  created_at: Date | string;
};
const incomingView = (r: IncomingRow): Static<typeof Incoming> => ({
  id: Number(r.id),
  source: r.source,
  txid: r.txid,
  amount: Number(r.amount),
  outcome: r.outcome,
  memberId: r.member_id,
  qrcodeId: r.qrcode_id,
  fromBankCode: r.from_bank_code,
  fromAccountNo: r.from_account_no,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Slips in review for operators (`/api/ops/slips…`): the queue (every role may look), and the decision on a slip
 * the verifier could not read (finance and admin): approved → credited once through the ledger under the slip's
 * bank reference; rejected with a reason code of §4 (docs/operators.md).
 */
export const slipOpsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deposits } = app;
  const tags = ['ops'];
  const security: { [k: string]: string[] }[] = [{ opsSecret: [] }, { opsSession: [] }];
  const deciders = ['admin', 'finance'] as const;
  app.addHook('onRequest', requireOperator(app));

  const decided = (r: {
    id: string;
    status: 'PROCESSING' | 'SUCCESS' | 'FAILED';
    note: string | null;
    amount: number;
    slip_ref: string | null;
  }) => ({
    id: r.id,
    status: r.status,
    note: r.note,
    amount: Number(r.amount),
    slipRef: r.slip_ref,
  });

  app.get(
    '/slips',
    {
      config: { roles: ['admin', 'finance', 'support'], validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary:
          'Slips by status (PROCESSING: waiting for a decision), newest first, with a link to each image',
        querystring: Type.Object({
          status: Type.Optional(Status),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        }),
        response: replies(Type.Array(QueuedSlip)),
      },
    },
    async (request) => {
      const { status = 'PROCESSING', limit = 50 } = request.query;
      return success(await deposits.slips.queue(status, limit));
    },
  );

  app.post(
    '/slips/:id/approve',
    {
      config: { roles: deciders, validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary:
          "Approves a slip in review: credits the amount once, under the bank's reference read from the image (a reference credited already → FAILED SLIP_REFNO_DUPLICATED)",
        params: Id,
        body: Type.Object({
          amount: Type.Integer({ minimum: 1, maximum: 100_000_000_00 }),
          slipRef: Type.String({ pattern: '^[A-Za-z0-9-]{6,40}$' }),
        }),
        response: replies(Decided),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { after } = await deposits.slips.review(
        request.params.id,
        { approve: request.body },
        (trx, before) =>
          app.audit.write(
            actor,
            {
              action: 'slip.approve',
              target: before.reference,
              before: { status: before.status, amount: Number(before.amount) },
              after: { ...request.body },
            },
            trx,
          ),
      );
      return success(decided(after));
    },
  );

  app.post(
    '/slips/:id/reject',
    {
      config: { roles: deciders, validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary: 'Rejects a slip in review with a reason code of §4 (the member sees it translated)',
        params: Id,
        body: Type.Object({ reason: Type.Union(SLIP_REASONS.map((r) => Type.Literal(r))) }),
        response: replies(Decided),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { after } = await deposits.slips.review(
        request.params.id,
        { reject: request.body.reason },
        (trx, before) =>
          app.audit.write(
            actor,
            {
              action: 'slip.reject',
              target: before.reference,
              before: { status: before.status },
              after: { reason: request.body.reason },
            },
            trx,
          ),
      );
      return success(decided(after));
    },
  );

  app.get(
    '/incoming',
    {
      config: { roles: ['admin', 'finance', 'support'], validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary:
          'Bank transfers and channel payments that credited nothing (unmatched, refused), newest first; `outcome` narrows',
        querystring: Type.Object({
          outcome: Type.Optional(Outcome),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
        }),
        response: replies(Type.Array(Incoming)),
      },
    },
    async (request) => {
      const { outcome, limit = 50 } = request.query;
      return success((await deposits.bank.uncredited(limit, outcome)).map(incomingView));
    },
  );

  app.post(
    '/incoming/:id/assign',
    {
      config: { roles: deciders, validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary:
          'Gives a delivery that credited nothing to a member: credited once through the ledger, marked ASSIGNED',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        body: Type.Object({ memberId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: replies(Incoming),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { after } = await deposits.bank.assignIncoming(
        request.params.id,
        request.body.memberId,
        (trx, before, assigned) =>
          app.audit.write(
            actor,
            {
              action: 'incoming.assign',
              target: String(request.params.id),
              before: { outcome: before.outcome, memberId: before.member_id },
              after: {
                outcome: assigned.outcome,
                memberId: assigned.member_id,
                amount: Number(assigned.amount),
              },
            },
            trx,
          ),
      );
      return success(incomingView(after));
    },
  );
};
