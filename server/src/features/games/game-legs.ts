import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Ledger } from '../../core/ledger';
import type { LegOutcome, StepContext, StepHandler } from '../../core/operations/runner';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { bumpGameAccount, gameAccountCode, lockGameAccount, type Providers, type Trx } from './game-accounts';
import type { TransferOutcome } from './provider';

/**
 * The legs of money operations that move money between the main wallet and a game (docs/ledger.md "Games").
 *
 * Our ledger keeps a mirror of each game balance in the member account `game:<CODE>`. A leg into a game posts
 * main → game when it starts, then asks the provider; a leg out of a game asks the provider first and posts
 * game → main only once the provider confirmed. A refusal settles at once (in: reversed). An unknown outcome
 * stays PENDING, and is settled only from the provider's answer about that transfer id: asked again later
 * (status query; a transfer the provider does not know is sent again with the same id, which the provider
 * applies at most once) — never reversed on silence alone, so a provider that applies a request late cannot
 * leave the money in two places.
 */

type Direction = 'in' | 'out';
type GameStep = { type: 'game_in' | 'game_out'; code: string; amount: number };

interface TransferRow {
  id: string;
  member_id: string;
  code: string;
  direction: Direction;
  amount: number;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  transaction_id: number | null;
  failure: string | null;
}

/** Sum of the member's transfers out of a game that are still pending (their money is spoken for). */
export async function pendingOut(ex: Db | Trx, memberId: string, code: string): Promise<number> {
  const row = await ex
    .selectFrom('game_transfers')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('member_id', '=', memberId)
    .where('code', '=', code)
    .where('direction', '=', 'out')
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export class GameLegs implements StepHandler<GameStep> {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly providers: Providers,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** In the operation's transaction: the transfer row (PENDING) and, for a leg into a game, main → game. */
  async start(trx: Trx, ctx: StepContext, step: GameStep): Promise<string> {
    const direction: Direction = step.type === 'game_in' ? 'in' : 'out';
    const { memberId } = ctx;
    await lockGameAccount(trx, memberId, step.code);
    const game = { member: memberId, code: gameAccountCode(step.code) } as const;
    // Money already on its way out of this game (pending legs) is not there to take again.
    if (
      direction === 'out' &&
      (await this.ledger.balance(trx, game)) - (await pendingOut(trx, memberId, step.code)) < step.amount
    ) {
      throw new AppError('MONEY_NOT_ENOUGH', 400);
    }
    const id = randomUUID();
    await trx
      .insertInto('game_transfers')
      .values({
        id,
        member_id: memberId,
        code: step.code,
        direction,
        amount: step.amount,
        status: 'PENDING',
        idempotency_key: ctx.key,
        operation_id: ctx.operationId,
        created_at: this.clock.now(),
      })
      .execute();
    if (direction === 'in') {
      const posted = await this.ledger.post(trx, {
        kind: 'transfer',
        memberId,
        reference: `game-in:${id}`,
        idempotencyKey: ctx.key ?? undefined,
        meta: { transferId: id, operationId: ctx.operationId, from: 'wallet', to: step.code },
        postings: [
          { account: { member: memberId, code: 'main' }, amount: -step.amount },
          { account: game, amount: step.amount },
        ],
      });
      await trx
        .updateTable('game_transfers')
        .set({ transaction_id: Number(posted.transactionId) })
        .where('id', '=', id)
        .execute();
    }
    await bumpGameAccount(trx, memberId, step.code);
    return id;
  }

  async drive(id: string, fresh: boolean): Promise<LegOutcome> {
    const t = await this.row(id);
    if (t.status !== 'PENDING') return this.outcomeOf(t);
    const outcome = fresh ? await this.send(t) : await this.ask(t);
    if (outcome.status === 'ok') {
      await this.settle(id, 'applied');
    } else if (outcome.status === 'refused') {
      await this.settle(id, 'refused', `refused: ${outcome.reason}`);
    } else {
      this.log.warn(
        { transferId: id, reason: outcome.reason },
        'game transfer outcome unknown; left pending',
      );
      await this.db
        .updateTable('game_transfers')
        .set({ outcome_unknown_at: this.clock.now(), failure: outcome.reason })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .execute();
    }
    return this.outcomeOf(await this.row(id));
  }

  /**
   * Transfers recorded before money operations existed (no operation) and still pending: asked about and settled
   * like any leg, during reconciliation.
   */
  async settleOrphans(): Promise<void> {
    const rows = await this.db
      .selectFrom('game_transfers')
      .select('id')
      .where('status', '=', 'PENDING')
      .where('operation_id', 'is', null)
      .limit(100)
      .execute();
    for (const r of rows) await this.drive(r.id, false);
  }

  private outcomeOf(t: TransferRow): LegOutcome {
    if (t.status === 'SUCCESS') return { status: 'SUCCESS' };
    if (t.status === 'PENDING') return { status: 'PENDING' };
    const insufficient = t.direction === 'out' && (t.failure ?? '').includes('insufficient');
    return { status: 'FAILED', error: insufficient ? 'MONEY_NOT_ENOUGH' : 'TRANSFER_FAIL' };
  }

  private async row(id: string): Promise<TransferRow> {
    const row = await this.db
      .selectFrom('game_transfers')
      .select(['id', 'member_id', 'code', 'direction', 'amount', 'status', 'transaction_id', 'failure'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new Error(`game transfer ${id} not found`);
    return { ...row, amount: Number(row.amount), transaction_id: row.transaction_id };
  }

  private async username(t: TransferRow): Promise<string> {
    const row = await this.db
      .selectFrom('game_accounts')
      .select('username')
      .where('member_id', '=', t.member_id)
      .where('code', '=', t.code)
      .executeTakeFirstOrThrow();
    return row.username;
  }

  /** Sends the transfer to the provider (again, with the same id, when it is a retry). */
  private async send(t: TransferRow): Promise<TransferOutcome> {
    const provider = this.providers(t.code);
    try {
      const username = await this.username(t);
      return t.direction === 'in'
        ? await provider.transferIn(username, t.amount, t.id)
        : await provider.transferOut(username, t.amount, t.id);
    } catch (e) {
      // A thrown error is not an answer: we do not know whether the provider applied the transfer.
      return { status: 'unknown', reason: e instanceof Error ? e.message : 'error' };
    }
  }

  /** Asks the provider what became of the transfer; one it never saw is sent again with the same id. */
  private async ask(t: TransferRow): Promise<TransferOutcome> {
    let answer: 'applied' | 'refused' | 'not_found';
    try {
      answer = await this.providers(t.code).transferStatus(t.id);
    } catch (e) {
      return {
        status: 'unknown',
        reason: `status query failed: ${e instanceof Error ? e.message : 'error'}`,
      };
    }
    if (answer === 'applied') return { status: 'ok' };
    if (answer === 'refused') return { status: 'refused', reason: 'error' };
    return this.send(t);
  }

  /**
   * Settles a pending transfer once (a second call finds it settled and does nothing). `applied`: in → SUCCESS;
   * out → post game → main. `refused`: in → reversal (money back to the wallet); out → FAILED, nothing posted.
   * When the mirror holds less than the settlement needs, the difference is a win the provider saw and we did
   * not yet: it is posted as game_win first (the provider balance only grows by transfers in and wins).
   */
  async settle(id: string, outcome: 'applied' | 'refused', failure?: string): Promise<void> {
    const pre = await this.row(id);
    await this.db.transaction().execute(async (trx) => {
      await lockGameAccount(trx, pre.member_id, pre.code);
      const row = await trx
        .updateTable('game_transfers')
        .set({
          status: outcome === 'applied' ? 'SUCCESS' : 'FAILED',
          settled_at: this.clock.now(),
          ...(failure ? { failure } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'PENDING')
        .returning(['id'])
        .executeTakeFirst();
      if (!row) return;
      const game = { member: pre.member_id, code: gameAccountCode(pre.code) } as const;
      if (pre.direction === 'out' && outcome === 'applied') {
        await this.coverUnseenWin(trx, pre);
        const posted = await this.ledger.post(trx, {
          kind: 'transfer',
          memberId: pre.member_id,
          reference: `game-out:${pre.id}`,
          meta: { transferId: pre.id, from: pre.code, to: 'wallet' },
          postings: [
            { account: game, amount: -pre.amount },
            { account: { member: pre.member_id, code: 'main' }, amount: pre.amount },
          ],
        });
        await trx
          .updateTable('game_transfers')
          .set({ transaction_id: Number(posted.transactionId) })
          .where('id', '=', pre.id)
          .execute();
      } else if (pre.direction === 'in' && outcome === 'refused' && pre.transaction_id !== null) {
        await this.coverUnseenWin(trx, pre);
        const reversal = await this.ledger.reverse(trx, String(pre.transaction_id), {
          kind: 'transfer_reversal',
          meta: { transferId: pre.id, reason: failure ?? 'refused by the provider' },
        });
        await trx
          .updateTable('game_transfers')
          .set({ reversal_transaction_id: Number(reversal.transactionId) })
          .where('id', '=', pre.id)
          .execute();
      }
      await bumpGameAccount(trx, pre.member_id, pre.code);
    });
  }

  private async coverUnseenWin(trx: Trx, t: TransferRow): Promise<void> {
    const game = { member: t.member_id, code: gameAccountCode(t.code) } as const;
    const mirror = await this.ledger.balance(trx, game);
    if (mirror >= t.amount) return;
    const currency = await this.ledger.memberCurrency(trx, t.member_id);
    await this.ledger.post(trx, {
      kind: 'game_win',
      memberId: t.member_id,
      reference: `shortfall:${t.id}`,
      meta: { code: t.code, transferId: t.id, reason: 'settlement found an unseen provider-side win' },
      postings: [
        { account: { system: `provider_float:${t.code}`, currency }, amount: -(t.amount - mirror) },
        { account: game, amount: t.amount - mirror },
      ],
    });
  }
}
