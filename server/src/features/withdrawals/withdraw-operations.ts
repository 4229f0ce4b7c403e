import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Ledger } from '../../core/ledger';
import type { Keyed } from '../../core/operations/http';
import type { LegOutcome, OperationRunner, StepContext, StepHandler } from '../../core/operations/runner';
import type { Operation } from '../../core/operations/store';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { inSpan } from '../../platform/tracing';
import type { Transaction } from 'kysely';
import type { MemberHolds } from '../../platform/member-holds';
import type { MemberDirectory } from '../accounts/member-directory';
import { payoutRequestOf, type PayoutAdapter } from './payout-adapter';

type Trx = Transaction<Database>;
type WithdrawStep = { type: 'withdraw'; amount: number };

export interface WithdrawLimits {
  withdrawMin: number;
  withdrawMax: number;
}

/**
 * What withdrawAll needs of the games feature: the legs that empty every game, as the providers say now, and the
 * wallet's balance, read together in one consistent read.
 */
export interface GameCollector {
  collectable(memberId: string): Promise<{
    wallet: number;
    steps: { type: 'game_out'; code: string; amount: number }[];
  }>;
}

/**
 * Withdrawals as money operations (docs/ledger.md "Withdrawals"): the request is checked (limits, bank, enough
 * money — before any game money moves for withdrawAll), planned and handed to the operation runner. The
 * withdraw leg moves the money from the wallet into `payouts` and records the withdrawal; the payout job pays it.
 */
export class WithdrawOperations implements StepHandler<WithdrawStep> {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly runner: OperationRunner,
    private readonly adapter: PayoutAdapter,
    private readonly limits: () => Promise<WithdrawLimits>,
    private readonly members: Pick<MemberDirectory, 'payoutAccount'>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly holds: MemberHolds,
    /** Adds the payout's settlement job in the transaction that records the withdrawal. */
    private readonly recorded: (trx: Trx, withdrawalId: string) => Promise<void> = async () => undefined,
  ) {}

  private async check(memberId: string, amount: number): Promise<void> {
    const { withdrawMin, withdrawMax } = await this.limits();
    // The rule and its amount (minor units), so the page can say "the minimum withdrawal is 100 baht".
    if (!Number.isSafeInteger(amount) || amount < withdrawMin)
      throw new AppError('WITHDRAW_MINIMUM', 400, undefined, { minimum: String(withdrawMin) });
    if (amount > withdrawMax)
      throw new AppError('WITHDRAW_MAXIMUM', 400, undefined, { maximum: String(withdrawMax) });
    await this.members.payoutAccount(this.db, memberId);
    await this.refuseHeld(this.db, memberId);
  }

  /** An open bonus condition keeps the money in the wallet (docs/bonus.md): BONUS_REMAINING. */
  private async refuseHeld(ex: Db | Trx, memberId: string): Promise<void> {
    if (await this.holds.find(ex, memberId)) throw new AppError('BONUS_REMAINING', 409);
  }

  /** POST /wallet/withdraw. */
  async withdraw(keyed: Keyed, amount: number): Promise<Operation> {
    await this.check(keyed.memberId, amount);
    return this.runner.begin({
      ...keyed,
      kind: 'withdraw',
      plan: { mode: 'chain', steps: [{ type: 'withdraw', amount }] },
    });
  }

  /**
   * POST /wallet/withdrawAll: every game balance comes back to the wallet, then `amount` is withdrawn. Refused
   * before anything moves when the wallet and the games together hold less than `amount`.
   */
  async withdrawAll(keyed: Keyed, amount: number, games: GameCollector): Promise<Operation> {
    await this.check(keyed.memberId, amount);
    // The wallet and the games' free money of one snapshot (TransferService.collectable).
    const { wallet, steps: outs } = await games.collectable(keyed.memberId);
    if (wallet + outs.reduce((sum, s) => sum + s.amount, 0) < amount)
      throw new AppError('MONEY_NOT_ENOUGH', 400);
    return this.runner.begin({
      ...keyed,
      kind: 'withdraw_all',
      plan: { mode: 'collect', steps: [...outs, { type: 'withdraw', amount }] },
    });
  }

  /** The withdraw leg: wallet → payouts and the withdrawal row, in the operation's transaction. */
  async start(trx: Trx, ctx: StepContext, step: WithdrawStep): Promise<string> {
    const bank = await this.members.payoutAccount(trx, ctx.memberId);
    const id = randomUUID();
    const posted = await this.ledger.debitMember(trx, {
      memberId: ctx.memberId,
      amount: step.amount,
      kind: 'withdraw',
      to: 'payouts',
      reference: id,
      idempotencyKey: ctx.key ?? undefined,
      meta: { withdrawalId: id, operationId: ctx.operationId, from: 'wallet', to: bank.bankCode },
    });
    // Asked again under the wallet's lock (the debit took it): a bonus received while this request was on its
    // way holds the money too, and this transaction rolls back.
    await this.refuseHeld(trx, ctx.memberId);
    await trx
      .insertInto('withdrawals')
      .values({
        id,
        member_id: ctx.memberId,
        amount: step.amount,
        currency: bank.currency,
        status: 'PENDING',
        bank_code: bank.bankCode,
        bank_account_no: bank.bankAccountNo,
        bank_account_name: bank.bankAccountName,
        transaction_id: Number(posted.transactionId),
        idempotency_key: ctx.key,
        operation_id: ctx.operationId,
        created_at: this.clock.now(),
      })
      .execute();
    await this.recorded(trx, id);
    return id;
  }

  /**
   * The leg succeeds once the withdrawal is recorded: the bank's part is the withdrawal's own status (PENDING
   * until paid; a failed payout is reversed). A first submission that fails is retried by the payout job.
   */
  async drive(id: string, fresh: boolean): Promise<LegOutcome> {
    if (!fresh) return { status: 'SUCCESS' };
    const w = await this.db
      .selectFrom('withdrawals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    try {
      await inSpan('payout.submit', { 'wallet.withdrawal_id': id, 'wallet.amount': Number(w.amount) }, () =>
        this.adapter.submit(payoutRequestOf(w)),
      );
    } catch (e) {
      this.log.warn({ err: e, withdrawalId: id }, 'payout submission failed; the payout job retries');
    }
    return { status: 'SUCCESS' };
  }
}
