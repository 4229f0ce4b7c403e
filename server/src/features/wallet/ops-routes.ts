import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { AppError } from '../../platform/errors';
import { replies, success } from '../../platform/http/schemas';
import { actorOf, requireOperator } from '../operators/guard';

const MemberRow = Type.Object({
  id: Type.String(),
  username: Type.String(),
  name: Type.String(),
  status: Type.String(),
  bankCode: Type.String(),
  bankAccountNo: Type.String(),
  currency: Type.String(),
  createdAt: Type.String(),
});
const MemberDetail = Type.Object({
  member: MemberRow,
  balances: Type.Record(Type.String(), Type.Integer()),
  recent: Type.Array(
    Type.Object({
      transactionId: Type.String(),
      kind: Type.String(),
      amount: Type.Integer({ description: 'what it moved on the main wallet (minor units, signed)' }),
      at: Type.String(),
    }),
  ),
});
const MemberId = Type.Object({ memberId: Type.String({ maxLength: 64 }) });

const KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * The operators' view of members (`/api/ops/members…`): search and one member's wallet for every role; a manual
 * adjustment of a wallet for finance and admin, posted through the ledger as kind `adjustment` against the
 * system account `adjustments`, never below zero, once per Idempotency-Key, with its audit entry in the same
 * transaction (docs/operators.md).
 */
export const walletOpsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['ops'];
  const security: { [k: string]: string[] }[] = [{ opsSecret: [] }, { opsSession: [] }];
  const everyone = ['admin', 'finance', 'support'] as const;
  app.addHook('onRequest', requireOperator(app));

  const row = (m: {
    id: string;
    username: string;
    name: string;
    status: string;
    bank_code: string;
    bank_account_no: string;
    currency: string;
    created_at: Date | string;
  }) => ({
    id: m.id,
    username: m.username,
    name: m.name,
    status: m.status,
    bankCode: m.bank_code,
    bankAccountNo: m.bank_account_no,
    currency: m.currency,
    createdAt: new Date(m.created_at).toISOString(),
  });
  const memberColumns = [
    'id',
    'username',
    'name',
    'status',
    'bank_code',
    'bank_account_no',
    'currency',
    'created_at',
  ] as const;

  app.get(
    '/members',
    {
      config: { roles: everyone, validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary: 'Members by phone (prefix), name (part) or bank account number (exact); at most 20',
        querystring: Type.Object({ q: Type.String({ minLength: 2, maxLength: 64 }) }),
        response: replies(Type.Array(MemberRow)),
      },
    },
    async (request) => {
      const q = request.query.q.trim();
      const digits = q.replace(/\D/g, '');
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await ctx.db
        .selectFrom('members')
        .select(memberColumns)
        .where((eb) =>
          eb.or([
            ...(digits.length >= 2
              ? [eb('username', 'like', `${digits}%`), eb('bank_account_no', '=', digits)]
              : []),
            eb(sql`lower(name)`, 'like', like.toLowerCase()),
          ]),
        )
        .orderBy('created_at', 'desc')
        .limit(20)
        .execute();
      return success(rows.map(row));
    },
  );

  app.get(
    '/members/:memberId',
    {
      config: { roles: everyone, validationCode: 'NO_USER' },
      schema: {
        tags,
        security,
        summary: "One member: the wallet's and games' balances and the last 20 movements of the main wallet",
        params: MemberId,
        response: replies(MemberDetail),
      },
    },
    async (request) => {
      const { memberId } = request.params;
      const m = await ctx.db
        .selectFrom('members')
        .select(memberColumns)
        .where('id', '=', memberId)
        .executeTakeFirst();
      if (!m) throw new AppError('NO_USER', 404);
      const [accounts, recent] = await Promise.all([
        ctx.db
          .selectFrom('ledger_accounts')
          .select(['code', 'balance'])
          .where('member_id', '=', memberId)
          .execute(),
        ctx.db
          .selectFrom('ledger_postings as p')
          .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
          .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
          .select(['t.id', 't.kind', 'p.amount', 't.created_at'])
          .where('a.member_id', '=', memberId)
          .where('a.code', '=', 'main')
          .orderBy('t.id', 'desc')
          .limit(20)
          .execute(),
      ]);
      return success({
        member: row(m),
        balances: Object.fromEntries(accounts.map((a) => [a.code, Number(a.balance)])),
        recent: recent.map((r) => ({
          transactionId: String(r.id),
          kind: r.kind,
          amount: Number(r.amount),
          at: new Date(r.created_at).toISOString(),
        })),
      });
    },
  );

  app.post(
    '/members/:memberId/adjust',
    {
      config: { roles: ['admin', 'finance'], validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary:
          "A manual adjustment of the member's main wallet (signed minor units, with a reason), once per Idempotency-Key; never below zero (MONEY_NOT_ENOUGH)",
        params: MemberId,
        body: Type.Object({
          amount: Type.Integer({ minimum: -100_000_000_00, maximum: 100_000_000_00, not: { const: 0 } }),
          reason: Type.String({ minLength: 3, maxLength: 200 }),
        }),
        response: replies(
          Type.Object({ transactionId: Type.String(), duplicate: Type.Boolean(), balance: Type.Integer() }),
        ),
      },
    },
    async (request) => {
      const { memberId } = request.params;
      const { amount, reason } = request.body;
      const key = request.headers['idempotency-key'];
      if (typeof key !== 'string' || key === '') throw new AppError('KEY_MISSING', 400);
      if (!KEY_RE.test(key)) throw new AppError('KEY_INVALID', 400);
      const member = await ctx.db
        .selectFrom('members')
        .select(['id', 'currency'])
        .where('id', '=', memberId)
        .executeTakeFirst();
      if (!member) throw new AppError('NO_USER', 404);
      const actor = actorOf(request);
      const result = await ctx.db.transaction().execute(async (trx) => {
        const before = await ctx.ledger.balance(trx, { member: memberId, code: 'main' });
        const movement = {
          memberId,
          amount: Math.abs(amount),
          kind: 'adjustment' as const,
          reference: `adjust:${memberId}:${key}`,
          meta: { reason, operator: actor.username },
        };
        const posted =
          amount > 0
            ? await ctx.ledger.creditMember(trx, { ...movement, from: 'adjustments' })
            : await ctx.ledger.debitMember(trx, { ...movement, to: 'adjustments' });
        const balance = await ctx.ledger.balance(trx, { member: memberId, code: 'main' });
        if (!posted.duplicate) {
          await app.audit.write(
            actor,
            {
              action: 'wallet.adjust',
              target: memberId,
              before: { balance: before },
              after: { balance, amount, reason, transactionId: posted.transactionId },
            },
            trx,
          );
        }
        return { transactionId: posted.transactionId, duplicate: posted.duplicate, balance };
      });
      return success(result);
    },
  );
};
