import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Db } from '../../platform/db';
import type { Clock } from '../../platform/clock';
import type { MemberDirectory } from '../accounts/member-directory';
import type { Invites } from '../invite/invites';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import type { MoneyInLedger } from '../../core/money-in-ledger';
import { depositsDb, type IncomingOutcome, type IncomingPaymentsTable } from './tables';

export interface DepositCredit {
  memberId: string;
  amount: number;
  from: 'bank_in' | 'payment_channels';
  reference: string;
  meta?: Record<string, string | number | boolean | null>;
}

/** An incoming bank transfer as the bank's webhook reports it. */
export interface BankTransfer {
  txid: string;
  fromBankCode: string;
  fromAccountNo: string;
  amount: number;
  currency: string;
}

/**
 * Every deposit, whatever its channel, is credited here: a `deposit` posting into the member's wallet from the
 * channel's operator account (reference unique, so a repeated credit posts once), then the invite rule looks at
 * it (a member's first deposit may earn their inviter a bonus).
 */
export class Deposits {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ledger: MoneyInLedger,
    private readonly invites: Invites,
    private readonly members: MemberDirectory,
  ) {}

  async credit(trx: Transaction<Database>, c: DepositCredit): Promise<void> {
    await this.ledger.credit(trx, {
      memberId: c.memberId,
      amount: c.amount,
      kind: 'deposit',
      from: c.from,
      reference: c.reference,
      ...(c.meta ? { meta: c.meta } : {}),
    });
    await this.invites.onDeposit(trx, c.memberId, c.amount);
  }

  /**
   * Deliveries that credited nothing (unmatched bank transfers, refused channel payments), newest first, for
   * operators; `outcome` narrows to one of them.
   */
  async uncredited(limit: number, outcome?: IncomingOutcome): Promise<Selectable<IncomingPaymentsTable>[]> {
    let q = depositsDb(this.db)
      .selectFrom('money_in_incoming')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit);
    q = outcome ? q.where('outcome', '=', outcome) : q.where('outcome', 'not in', ['CREDITED', 'ASSIGNED']);
    return q.execute();
  }

  /**
   * An operator gives a delivery that credited nothing to a member: credited once (ledger reference
   * `incoming:<id>`, from the account the delivery came through), the delivery marked ASSIGNED in the same
   * transaction. NO_DATA when there is no such delivery, NO_USER for an unknown member, KEY_INVALID when it was
   * credited or assigned already (a second operator, a moment later).
   */
  async assignIncoming(
    id: number,
    memberId: string,
    /** Runs in the assignment's transaction (the operator's audit entry commits with the credit). */
    record?: (
      trx: Transaction<Database>,
      before: Selectable<IncomingPaymentsTable>,
      after: Selectable<IncomingPaymentsTable>,
    ) => Promise<void>,
  ): Promise<{ before: Selectable<IncomingPaymentsTable>; after: Selectable<IncomingPaymentsTable> }> {
    return this.db.transaction().execute(async (trx) => {
      const t = depositsDb(trx);
      const before = await t
        .selectFrom('money_in_incoming')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw new AppError('NO_DATA', 404);
      if (before.outcome === 'CREDITED' || before.outcome === 'ASSIGNED')
        throw new AppError('KEY_INVALID', 400, `the delivery is ${before.outcome} already`);
      const member = await trx
        .selectFrom('members')
        .select('id')
        .where('id', '=', memberId)
        .executeTakeFirst();
      if (!member) throw new AppError('NO_USER', 404);
      const after = await t
        .updateTable('money_in_incoming')
        .set({ outcome: 'ASSIGNED', member_id: memberId })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await this.credit(trx, {
        memberId,
        amount: Number(before.amount),
        from: before.source === 'bank' ? 'bank_in' : 'payment_channels',
        reference: `incoming:${id}`,
        meta: {
          incomingId: String(id),
          source: before.source,
          txid: before.txid,
          to: 'wallet',
          description: 'assigned by an operator',
        },
      });
      await record?.(trx, before, after);
      return { before, after };
    });
  }

  /** `POST /wallet/add`: the member says a transfer of `amount` is on its way (matched when it arrives). */
  async notice(memberId: string, amount: number): Promise<{ depositId: string; status: 'PENDING' }> {
    if (!Number.isInteger(amount) || amount <= 0) throw new AppError('TRANSFER_MINIMUM', 400);
    const id = newId();
    await depositsDb(this.db)
      .insertInto('money_in_deposit_notices')
      .values({ id, member_id: memberId, amount, status: 'PENDING', created_at: this.clock.now() })
      .execute();
    return { depositId: id, status: 'PENDING' };
  }

  /**
   * An incoming bank transfer (verified webhook). Matched to the member whose registered bank code and account
   * number sent it and credited from `bank_in`; the member's oldest pending notice of that amount is marked
   * matched. Unmatched transfers are recorded (outcome UNMATCHED) for operators. Idempotent on the bank's txid.
   */
  async onBankTransfer(
    tr: BankTransfer,
    raw: unknown,
  ): Promise<{ duplicate: boolean; outcome: IncomingOutcome }> {
    const accountNo = tr.fromAccountNo.replace(/[\s-]/g, '');
    const member = await this.members.byBankAccount(tr.fromBankCode, accountNo);
    return this.db.transaction().execute(async (trx) => {
      const t = depositsDb(trx);
      const matched = member && member.currency === tr.currency && tr.amount > 0 ? member : undefined;
      const inserted = await t
        .insertInto('money_in_incoming')
        .values({
          source: 'bank',
          txid: tr.txid,
          member_id: matched?.id ?? null,
          qrcode_id: null,
          amount: tr.amount,
          outcome: matched ? 'CREDITED' : 'UNMATCHED',
          from_bank_code: tr.fromBankCode,
          from_account_no: accountNo,
          payload: JSON.stringify(raw),
          created_at: this.clock.now(),
        })
        .onConflict((oc) => oc.columns(['source', 'txid']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        const first = await t
          .selectFrom('money_in_incoming')
          .select('outcome')
          .where('source', '=', 'bank')
          .where('txid', '=', tr.txid)
          .executeTakeFirstOrThrow();
        return { duplicate: true, outcome: first.outcome };
      }
      if (!matched) return { duplicate: false, outcome: 'UNMATCHED' };
      await this.credit(trx, {
        memberId: matched.id,
        amount: tr.amount,
        from: 'bank_in',
        reference: `bank:${tr.txid}`,
        meta: {
          fromBankCode: tr.fromBankCode,
          from: tr.fromBankCode,
          to: 'wallet',
          description: 'bank transfer',
        },
      });
      const notice = await t
        .selectFrom('money_in_deposit_notices')
        .select('id')
        .where('member_id', '=', matched.id)
        .where('status', '=', 'PENDING')
        .where('amount', '=', tr.amount)
        .orderBy('created_at')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      if (notice) {
        await t
          .updateTable('money_in_deposit_notices')
          .set({ status: 'MATCHED', incoming_id: inserted.id, updated_at: this.clock.now() })
          .where('id', '=', notice.id)
          .execute();
      }
      return { duplicate: false, outcome: 'CREDITED' };
    });
  }
}
