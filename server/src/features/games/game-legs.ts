import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Ledger } from '../../core/ledger';
import type { LegOutcome, StepContext, StepHandler } from '../../core/operations/runner';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { gameAccountCode, type Providers, type Trx } from './game-accounts';
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

/**
 * Sum of the member's transfers of a game that are still pending: out is spoken for, in is in the mirror but maybe
 * not yet at the provider. Neither can be taken out of the game until it settles.
 */
export async function pendingOfGame(ex: Db | Trx, memberId: string, code: string): Promise<number> {
  const row = await ex
    .selectFrom('game_transfers')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
    .where('member_id', '=', memberId)
    .where('code', '=', code)
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Locks the member's game account row (the first lock of every game transaction) and bumps its version, in one
 * statement (a balance read taken before it is then stale: balance-refresh.ts). Returns the provider username;
 * SLOT_NO_ACCOUNT when the account is not opened.
 */
async function lockAndBump(ex: Db | Trx, memberId: string, code: string): Promise<string> {
  const row = await ex
    .updateTable('game_accounts')
    .set({ version: sql<number>`version + 1` })
    .where('member_id', '=', memberId)
    .where('code', '=', code)
    .returning('username')
    .executeTakeFirst();
  if (!row) throw new AppError('SLOT_NO_ACCOUNT', 400);
  return row.username;
}

/** Legs started by this process and not yet driven: the first drive needs no read back (bounded). */
const STARTED_MAX = 10_000;

export class GameLegs implements StepHandler<GameStep> {
  private readonly started = new Map<string, { row: TransferRow; username: string }>();

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly providers: Providers,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * In the operation's transaction: locks the game account, checks what can leave the game (out), posts
   * main → game (in) and records the transfer (PENDING) with its posting.
   */
  async start(trx: Trx, ctx: StepContext, step: GameStep): Promise<string> {
    const direction: Direction = step.type === 'game_in' ? 'in' : 'out';
    const { memberId } = ctx;
    const game = { member: memberId, code: gameAccountCode(step.code) } as const;
    const username = await lockAndBump(trx, memberId, step.code);
    // Money already on its way out of this game (pending legs) is not there to take again. Read in a statement
    // of its own, after the lock: it sees every transfer committed while this one waited for it.
    if (direction === 'out' && (await this.free(trx, memberId, step.code)) < step.amount) {
      throw new AppError('MONEY_NOT_ENOUGH', 400);
    }
    const id = ctx.reference;
    let transactionId: number | null = null;
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
      transactionId = Number(posted.transactionId);
    }
    await trx
      .insertInto('game_transfers')
      .values({
        id,
        member_id: memberId,
        code: step.code,
        direction,
        amount: step.amount,
        status: 'PENDING',
        transaction_id: transactionId,
        idempotency_key: ctx.key,
        operation_id: ctx.operationId,
        created_at: this.clock.now(),
      })
      .execute();
    if (this.started.size >= STARTED_MAX) {
      const oldest = this.started.keys().next().value;
      if (oldest !== undefined) this.started.delete(oldest);
    }
    const row: TransferRow = {
      id,
      member_id: memberId,
      code: step.code,
      direction,
      amount: step.amount,
      status: 'PENDING',
      transaction_id: transactionId,
      failure: null,
    };
    this.started.set(id, { row, username });
    return id;
  }

  /**
   * What can leave the game: its mirror less every pending transfer of it, in one statement. Pending out is spoken
   * for; pending in is in the mirror (posted when the leg started) but maybe not yet at the provider, which would
   * refuse to pay it out — so it is not offered until the provider confirmed it.
   */
  private async free(ex: Db | Trx, memberId: string, code: string): Promise<number> {
    const row = await sql<{ balance: number | null; pending: number }>`
      select
        (select balance from ledger_accounts where member_id = ${memberId} and code = ${gameAccountCode(code)})
          as balance,
        (select coalesce(sum(amount), 0) from game_transfers
          where member_id = ${memberId} and code = ${code} and status = 'PENDING')
          as pending`.execute(ex);
    const r = row.rows[0];
    return Number(r?.balance ?? 0) - Number(r?.pending ?? 0);
  }

  async drive(id: string, fresh: boolean): Promise<LegOutcome> {
    // A leg this process has just started (and not yet driven) is used as it was written.
    const known = fresh ? this.started.get(id) : undefined;
    this.started.delete(id);
    const t = known?.row ?? (await this.row(id));
    if (t.status !== 'PENDING') return this.outcomeOf(t);
    const outcome = fresh ? await this.send(t, known?.username) : await this.ask(t);
    if (outcome.status === 'ok') return this.outcomeOf(await this.settleRow(t, 'applied'));
    if (outcome.status === 'refused') {
      return this.outcomeOf(await this.settleRow(t, 'refused', `refused: ${outcome.reason}`));
    }
    this.log.warn({ transferId: id, reason: outcome.reason }, 'game transfer outcome unknown; left pending');
    const marked = await this.db
      .updateTable('game_transfers')
      .set({ outcome_unknown_at: this.clock.now(), failure: outcome.reason })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .returning('id')
      .executeTakeFirst();
    return marked ? { status: 'PENDING' } : this.outcomeOf(await this.row(id));
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
  private async send(t: TransferRow, knownUsername?: string): Promise<TransferOutcome> {
    const provider = this.providers(t.code);
    try {
      const username = knownUsername ?? (await this.username(t));
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
    await this.settleRow(await this.row(id), outcome, failure);
  }

  /** `settle` from the transfer as read (or written) before; answers the transfer as it stands after. */
  private async settleRow(
    pre: TransferRow,
    outcome: 'applied' | 'refused',
    failure?: string,
  ): Promise<TransferRow> {
    const status = outcome === 'applied' ? 'SUCCESS' : 'FAILED';
    const settled: TransferRow = { ...pre, status, failure: failure ?? pre.failure };
    const now = this.clock.now();
    const moves = pre.direction === 'out' ? outcome === 'applied' : outcome === 'refused';
    if (!moves) {
      // Nothing to post (in applied, out refused): the game account's lock and version, and the status, in one
      // statement.
      const res = await sql<{ id: string }>`
        with g as (
          update game_accounts set version = version + 1
          where member_id = ${pre.member_id} and code = ${pre.code}
          returning 1
        )
        update game_transfers set status = ${status}, settled_at = ${now},
          failure = coalesce(${failure ?? null}::text, failure)
        where id = ${pre.id} and status = 'PENDING' and exists (select 1 from g)
        returning id`.execute(this.db);
      return res.rows.length > 0 ? settled : this.row(pre.id);
    }
    const done = await this.db.transaction().execute(async (trx) => {
      // The game account's lock first; then, in a statement of its own (it sees everything committed while this
      // one waited for the lock), the transfer's status and the game's mirror.
      await lockAndBump(trx, pre.member_id, pre.code);
      const locked = await sql<{ status: TransferRow['status']; mirror: number | null }>`
        select t.status,
          (select balance from ledger_accounts where member_id = ${pre.member_id}
            and code = ${gameAccountCode(pre.code)}) as mirror
        from game_transfers t
        where t.id = ${pre.id}`.execute(trx);
      const current = locked.rows[0];
      if (current?.status !== 'PENDING') return false;
      const mirror = Number(current.mirror ?? 0);
      const game = { member: pre.member_id, code: gameAccountCode(pre.code) } as const;
      if (pre.direction === 'out') {
        await this.coverUnseenWin(trx, pre, mirror);
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
          .set({ status, settled_at: now, transaction_id: Number(posted.transactionId) })
          .where('id', '=', pre.id)
          .execute();
      } else {
        let reversalId: number | null = null;
        if (pre.transaction_id !== null) {
          await this.coverUnseenWin(trx, pre, mirror);
          const reversal = await this.ledger.reverse(trx, String(pre.transaction_id), {
            kind: 'transfer_reversal',
            meta: { transferId: pre.id, reason: failure ?? 'refused by the provider' },
          });
          reversalId = Number(reversal.transactionId);
        }
        await trx
          .updateTable('game_transfers')
          .set({
            status,
            settled_at: now,
            ...(failure ? { failure } : {}),
            ...(reversalId !== null ? { reversal_transaction_id: reversalId } : {}),
          })
          .where('id', '=', pre.id)
          .execute();
      }
      return true;
    });
    return done ? settled : this.row(pre.id);
  }

  /** `mirror`: the game's balance, read under the game account's lock. */
  private async coverUnseenWin(trx: Trx, t: TransferRow, mirror: number): Promise<void> {
    if (mirror >= t.amount) return;
    const game = { member: t.member_id, code: gameAccountCode(t.code) } as const;
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
