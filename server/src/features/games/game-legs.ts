import { sql, type RawBuilder } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Ledger } from '../../core/ledger';
import type {
  DriveResult,
  LegOutcome,
  LegSettlement,
  StartArg,
  StartCall,
  StepContext,
  StepHandler,
} from '../../core/operations/step-handler';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { fromDatabase } from '../../platform/db/raised';
import { inSpan } from '../../platform/tracing';
import type { Providers, Trx } from './game-accounts';
import {
  GameLegSettlements,
  transferOutcome,
  type Direction,
  type SettledView,
  type SettleResult,
  type TransferRow,
} from './game-leg-settlements';
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

type GameStep = { type: 'game_in' | 'game_out'; code: string; amount: number };

/** What `game_leg_start` answers: the provider username and the posting (in), for the first drive. */
interface StartRow {
  o_username: string;
  o_transaction_id: number | string | null;
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

/** What a provider call's span says: the game, the transfer id, its direction and amount (minor units). */
const providerAttributes = (t: TransferRow) => ({
  'wallet.game_code': t.code,
  'wallet.transfer_id': t.id,
  'wallet.transfer_direction': t.direction,
  'wallet.amount': t.amount,
});

/** Legs started by this process and not yet driven: the first drive needs no read back (bounded). */
const STARTED_MAX = 10_000;

export class GameLegs implements StepHandler<GameStep> {
  private readonly started = new Map<string, { row: TransferRow; username: string }>();
  private readonly settlements: GameLegSettlements;

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly providers: Providers,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** Group commit of settlements (`GameLegSettlements`); off: each settlement is its own statement. */
    groupCommit = false,
  ) {
    this.settlements = new GameLegSettlements(db, ledger, clock, groupCommit);
  }

  /**
   * The leg's start as one call of the database function `game_leg_start` (migration 0009): it locks the game
   * account and bumps its version, checks what can leave the game (out: its mirror less every pending transfer of
   * it, read after the lock, so it sees every transfer committed while this one waited; pending in is in the
   * mirror but maybe not yet at the provider, so it is not offered either) or posts main → game (in), and records
   * the transfer PENDING with its posting. `operationId`: the operation's id, or the SQL expression of it when the
   * runner places the call in the statement that inserts the operation (`startCall`).
   */
  private startSql(startArgs: StartArg[], operationId: string | RawBuilder<string>) {
    const args = startArgs.map((a) =>
      a === 'operation'
        ? sql`${operationId}`
        : sql`${a.type === 'jsonb' ? JSON.stringify(a.value) : a.value}::${sql.raw(a.type)}`,
    );
    return sql<StartRow>`game_leg_start(${sql.join(args)})`;
  }

  /** The arguments of `game_leg_start` (`'operation'`: the operation's id), for one call or a batch of them. */
  private startArgs(ctx: StepContext, step: GameStep): StartArg[] {
    const direction: Direction = step.type === 'game_in' ? 'in' : 'out';
    const { memberId } = ctx;
    const id = ctx.reference;
    this.checkNoListeners();
    const note = this.ledger.notification(memberId, 'transfer');
    const meta = { transferId: id, operationId: ctx.operationId, from: 'wallet', to: step.code };
    const text = (value: unknown) => ({ type: 'text', value }) as const;
    return [
      text(id),
      text(memberId),
      text(step.code),
      text(direction),
      { type: 'bigint', value: step.amount },
      text(ctx.key),
      'operation',
      { type: 'timestamptz', value: this.clock.now() },
      { type: 'jsonb', value: meta },
      text(note.channel),
      text(note.payload),
    ];
  }

  /** Keeps what `game_leg_start` wrote, for the first drive (no read back). */
  private remember(ctx: StepContext, step: GameStep, row: StartRow): string {
    const id = ctx.reference;
    // A leg started after a settlement moved money again: what that settlement read is not the answer any more.
    this.settlements.forgetView(ctx.operationId);
    const tx = row.o_transaction_id;
    if (this.started.size >= STARTED_MAX) {
      const oldest = this.started.keys().next().value;
      if (oldest !== undefined) this.started.delete(oldest);
    }
    this.started.set(id, {
      row: {
        id,
        member_id: ctx.memberId,
        code: step.code,
        direction: step.type === 'game_in' ? 'in' : 'out',
        amount: step.amount,
        status: 'PENDING',
        transaction_id: tx === null ? null : Number(tx),
        failure: null,
      },
      username: row.o_username,
    });
    return id;
  }

  /** In the operation's transaction (a later leg: the operation row is locked): `game_leg_start`. */
  async start(trx: Trx, ctx: StepContext, step: GameStep): Promise<string> {
    try {
      const { rows } =
        await sql<StartRow>`select * from ${this.startSql(this.startArgs(ctx, step), ctx.operationId)}`.execute(
          trx,
        );
      const row = rows[0];
      if (!row) throw new Error(`game leg ${ctx.reference} did not start`);
      return this.remember(ctx, step, row);
    } catch (e) {
      throw fromDatabase(e);
    }
  }

  /** The first leg: the runner inserts the operation and calls `game_leg_start` in one statement. */
  startCall(ctx: StepContext, step: GameStep): StartCall {
    const args = this.startArgs(ctx, step);
    return {
      call: (operationId) => this.startSql(args, operationId),
      started: (row) => this.remember(ctx, step, row as unknown as StartRow),
      // Concurrent starts share one statement (the runner's group commit); every lock `game_leg_start` takes is on
      // the member's own rows, so a batch ordered by member locks in the same order as any other batch.
      batch: { fn: 'game_leg_start', args, lockKey: ctx.memberId },
    };
  }

  /** Game legs post in SQL (`ledger_write` called by their database functions), where the ledger's in-transaction listeners cannot run. */
  private checkNoListeners(): void {
    for (const kind of ['transfer', 'transfer_reversal', 'game_win'] as const) {
      if (this.ledger.hasListeners(kind)) throw new Error(`game legs cannot run ledger listeners of ${kind}`);
    }
  }

  /**
   * `settlement`: the operation's side of the leg's settlement (runner.ts), written in the settling statement.
   * `fresh` (the request that started the leg drives it): the settlement also reads what the transfer's answer
   * shows after it (`takeView`).
   */
  async drive(id: string, fresh: boolean, settlement?: LegSettlement): Promise<DriveResult> {
    // A leg this process has just started (and not yet driven) is used as it was written.
    const known = fresh ? this.started.get(id) : undefined;
    this.started.delete(id);
    const t = known?.row ?? (await this.row(id));
    if (t.status !== 'PENDING') return this.outcomeOf(t);
    const outcome = fresh ? await this.send(t, known?.username) : await this.ask(t);
    if (outcome.status === 'ok' || outcome.status === 'refused') {
      const failure = outcome.status === 'refused' ? `refused: ${outcome.reason}` : undefined;
      const settled = await this.settleRow(t, outcome.status === 'ok' ? 'applied' : 'refused', failure, {
        settlement,
        view: fresh,
      });
      const result = this.outcomeOf(settled.row);
      return settled.recorded ? { ...result, recorded: true } : result;
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
    return transferOutcome(t);
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
      const call = t.direction === 'in' ? 'transferIn' : 'transferOut';
      return await inSpan(`game.provider ${call}`, providerAttributes(t), async (span) => {
        const outcome = await provider[call](username, t.amount, t.id);
        span.setAttribute('wallet.provider_outcome', outcome.status);
        return outcome;
      });
    } catch (e) {
      // A thrown error is not an answer: we do not know whether the provider applied the transfer.
      return { status: 'unknown', reason: e instanceof Error ? e.message : 'error' };
    }
  }

  /** Asks the provider what became of the transfer; one it never saw is sent again with the same id. */
  private async ask(t: TransferRow): Promise<TransferOutcome> {
    let answer: 'applied' | 'refused' | 'not_found';
    try {
      answer = await inSpan('game.provider transferStatus', providerAttributes(t), async (span) => {
        const status = await this.providers(t.code).transferStatus(t.id);
        span.setAttribute('wallet.provider_outcome', status);
        return status;
      });
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

  /**
   * `settle` from the transfer as read (or written) before, as one call of the database function
   * `game_leg_settle` (migration 0009): under the game account's lock it reads the transfer's status (settled by
   * someone else: nothing changes) and the game's mirror, posts what the outcome moves — out applied: game → main;
   * in refused: the reversal of main → game; a shortfall of the mirror first, as game_win — and sets the status.
   * With `settlement`, the operation's leg (and the operation, when final) is written in the same statement, when
   * this call settled the transfer (`recorded`). Answers the transfer as it stands after.
   */
  private settleRow(
    pre: TransferRow,
    outcome: 'applied' | 'refused',
    failure?: string,
    opts: { settlement?: LegSettlement; view?: boolean } = {},
  ): Promise<SettleResult> {
    this.checkNoListeners();
    return inSpan(
      'operation.settle',
      { 'wallet.transfer_id': pre.id, 'wallet.provider_outcome': outcome },
      () => this.settlements.settle(pre, outcome, failure, opts),
    );
  }

  /** Settlements' batches so far: how many, their items and the largest. */
  settleStats(): { batches: number; items: number; largest: number } {
    return this.settlements.stats();
  }

  /**
   * What the settlement of the operation's last leg read when this process drove it fresh, once (see
   * `GameLegSettlements.takeView`).
   */
  takeView(operationId: string): SettledView | undefined {
    return this.settlements.takeView(operationId);
  }
}
