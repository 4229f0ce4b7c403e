import { sql, type RawBuilder } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Ledger } from '../../core/ledger';
import type {
  DriveResult,
  LegOutcome,
  LegSettlement,
  SettledOutcome,
  StartArg,
  StartCall,
  StepContext,
  StepHandler,
} from '../../core/operations/runner';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { Batcher, retryVictim, togetherOrAlone, type Settled } from '../../platform/db/batcher';
import { fromDatabase } from '../../platform/db/raised';
import type { Providers, Trx } from './game-accounts';
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

/** What `game_leg_start` answers: the provider username and the posting (in), for the first drive. */
interface StartRow {
  o_username: string;
  o_transaction_id: number | string | null;
}

/** What `game_leg_settle` answers (with the settling statement's `recorded`). */
interface SettleRow {
  o_status: 'PENDING' | 'SUCCESS' | 'FAILED';
  o_failure: string | null;
  o_settled: boolean;
  o_operation: string | null;
  o_balances: Record<string, number | string> | string | null;
  o_games: string[] | string | null;
  recorded: boolean;
}

/** A settlement waiting for its batch (`GameLegs.settleRow`). */
interface SettleItem {
  pre: TransferRow;
  outcome: 'applied' | 'refused';
  failure?: string;
  settlement?: LegSettlement;
  view: boolean;
}

/** A settlement's answer: the transfer as it stands after, and whether the operation's side was written with it. */
interface SettleResult {
  row: TransferRow;
  recorded: boolean;
}

/** The member's balances by account code and open game accounts, as read right after a settlement. */
export interface SettledView {
  balances: Record<string, number>;
  games: string[];
}

/** A json column: parsed by pg, a string from PGlite in some paths. */
const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

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

/** Legs started by this process and not yet driven: the first drive needs no read back (bounded). */
const STARTED_MAX = 10_000;

export class GameLegs implements StepHandler<GameStep> {
  private readonly started = new Map<string, { row: TransferRow; username: string }>();
  /** What fresh settlements read for their transfer's answer, by operation (`takeView`; bounded). */
  private readonly views = new Map<string, SettledView>();
  /**
   * Group commit of settlements, as of the runner's starts (docs/ledger.md "Batched starts and settlements"): the
   * settlements that arrive while one batch runs share the next statement.
   */
  private readonly settles = new Batcher<SettleItem, SettleResult>((items) => this.settleMany(items), {
    maxBatch: 32,
    maxInFlight: 1,
    key: (item) => item.pre.member_id,
  });

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly providers: Providers,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** Group commit of settlements (`settles`); off: each settlement is its own statement. */
    private readonly groupCommit = false,
  ) {}

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
    this.views.delete(ctx.operationId);
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

  /** Game legs post in SQL (`ledger_post`), where the ledger's in-transaction listeners cannot run. */
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
    const item = { pre, outcome, failure, settlement: opts.settlement, view: opts.view === true };
    return this.groupCommit ? this.settles.submit(item) : retryVictim(() => this.settleOne(item));
  }

  /** Settlements' batches so far: how many, their items and the largest. */
  settleStats(): { batches: number; items: number; largest: number } {
    const { batches, items, largest } = this.settles.stats;
    return { batches, items, largest };
  }

  /** What the transfer's outcome is when a statement settles it as `item` says. */
  private expected(item: SettleItem): SettledOutcome {
    const status = item.outcome === 'applied' ? 'SUCCESS' : 'FAILED';
    return this.outcomeOf({
      ...item.pre,
      status,
      failure: item.failure ?? item.pre.failure,
    }) as SettledOutcome;
  }

  /**
   * Settlements that arrived together: one statement for all of them (`settleBatch`), or each in its own when alone
   * or when that statement failed in the database (nothing of it was written: each item then gets its own answer).
   */
  private settleMany(items: SettleItem[]): Promise<Settled<SettleResult>[]> {
    return togetherOrAlone(items, {
      together: async (all) => (await this.settleBatch(all)).map((value) => ({ ok: true, value })),
      alone: (item) => this.settleOne(item),
    });
  }

  /**
   * Several settlements in ONE statement (one transaction, one commit): `game_leg_settle` for each, in member order
   * (two batches lock members' rows in the same order), then, for each one it settled, the operation's side
   * (`operation_leg_settle`, migration 0013). Answers per item, in order.
   */
  private async settleBatch(items: SettleItem[]): Promise<SettleResult[]> {
    const rows = items.map((item, n) => {
      const transfer = this.ledger.notification(item.pre.member_id, 'transfer');
      const win = this.ledger.notification(item.pre.member_id, 'game_win');
      const v = item.settlement?.values(this.expected(item));
      return {
        n,
        id: item.pre.id,
        member: item.pre.member_id,
        applied: item.outcome === 'applied',
        failure: item.failure ?? null,
        at: this.clock.now().toISOString(),
        channel: transfer.channel,
        p_transfer: transfer.payload,
        p_game: win.payload,
        view: item.view,
        op_id: v?.operationId ?? null,
        seq: v?.seq ?? null,
        leg_status: v?.leg.status ?? null,
        leg_error: v?.leg.error ?? null,
        op_status: v?.op?.status ?? null,
        op_error: v?.op?.error ?? null,
        rec_at: v?.at.toISOString() ?? null,
      };
    });
    const { rows: settled } = await sql<SettleRow & { n: number }>`/*prepared*/
      with x as materialized (
        select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x (n int, id text, member text,
          applied boolean, failure text, at timestamptz, channel text, p_transfer text, p_game text, view boolean,
          op_id text, seq int, leg_status text, leg_error text, op_status text, op_error text, rec_at timestamptz)
      ),
      s as materialized (
        select q.n, q.op_id, q.seq, q.leg_status, q.leg_error, q.op_status, q.op_error, q.rec_at, r.*
        from (select * from x order by x.member, x.n offset 0) q
        cross join lateral game_leg_settle(q.id, q.applied, q.failure, q.at, q.channel, q.p_transfer, q.p_game,
          q.view) r
      )
      select s.n, s.o_status, s.o_failure, s.o_settled, s.o_operation, s.o_balances, s.o_games,
        case when s.o_settled and s.op_id is not null
          then operation_leg_settle(s.op_id, s.seq, s.leg_status, s.leg_error, s.op_status, s.op_error, s.rec_at)
          else false end as recorded
      from s`.execute(this.db);
    const byN = new Map(settled.map((r) => [Number(r.n), r]));
    return items.map((item, n) => this.resultOf(item.pre, byN.get(n)));
  }

  /** A settling statement's row for `pre` as the settlement's answer; keeps the view a fresh settlement read. */
  private resultOf(pre: TransferRow, row: SettleRow | undefined): SettleResult {
    if (!row) throw new Error(`game transfer ${pre.id} was not settled`);
    if (row.o_settled && row.o_operation !== null && row.o_games !== null)
      this.keepView(row.o_operation, row);
    return { row: { ...pre, status: row.o_status, failure: row.o_failure }, recorded: row.recorded === true };
  }

  /** One settlement in its own statement, with the operation's side as the runner's CTEs (`LegSettlement.ctes`). */
  private async settleOne(item: SettleItem): Promise<SettleResult> {
    const { pre, outcome, failure, settlement } = item;
    const transfer = this.ledger.notification(pre.member_id, 'transfer');
    const win = this.ledger.notification(pre.member_id, 'game_win');
    const expected = this.expected(item);
    const { rows } = await sql<SettleRow>`/*prepared*/
      with s as materialized (
        select * from game_leg_settle(${pre.id}, ${outcome === 'applied'}, ${failure ?? null}, ${this.clock.now()},
          ${transfer.channel}, ${transfer.payload}, ${win.payload}, ${item.view})
      ),
      settled as (select coalesce((select o_settled from s), false) as ok)${
        settlement ? sql`, ${settlement.ctes(expected)}` : sql``
      }
      select s.*, ${settlement ? sql`exists (select 1 from leg_settled)` : sql`false`} as recorded
      from s`.execute(this.db);
    return this.resultOf(pre, rows[0]);
  }

  private keepView(operationId: string, row: SettleRow): void {
    if (this.views.size >= STARTED_MAX) {
      const oldest = this.views.keys().next().value;
      if (oldest !== undefined) this.views.delete(oldest);
    }
    const balances = Object.fromEntries(
      Object.entries(json(row.o_balances) ?? {}).map(([code, v]) => [code, Number(v)]),
    );
    this.views.set(operationId, { balances, games: json(row.o_games) ?? [] });
  }

  /**
   * What the settlement of the operation's last leg read when this process drove it fresh (the member's balances
   * by account code and open game accounts, right after it), once; undefined otherwise.
   */
  takeView(operationId: string): SettledView | undefined {
    const view = this.views.get(operationId);
    this.views.delete(operationId);
    return view;
  }
}
