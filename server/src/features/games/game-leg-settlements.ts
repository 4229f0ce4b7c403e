import { sql } from 'kysely';
import type { Ledger } from '../../core/ledger';
import type { LegOutcome, LegSettlement, SettledOutcome } from '../../core/operations/step-handler';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { Batcher, retryVictim, togetherOrAlone, type Settled } from '../../platform/db/batcher';

/**
 * The settlement of game legs (docs/ledger.md "Games"): `game_leg_settle` (migration 0009) for one transfer in a
 * statement of its own, or for the settlements that arrive together in one statement (group commit), with the
 * operation's side of each (`LegSettlement`); and what a fresh settlement read for the transfer's answer.
 */

export type Direction = 'in' | 'out';

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
export interface SettleResult {
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

export interface TransferRow {
  id: string;
  member_id: string;
  code: string;
  direction: Direction;
  amount: number;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  transaction_id: number | null;
  failure: string | null;
}

/** What a leg's outcome is, from its transfer as it stands. */
export function transferOutcome(t: TransferRow): LegOutcome {
  if (t.status === 'SUCCESS') return { status: 'SUCCESS' };
  if (t.status === 'PENDING') return { status: 'PENDING' };
  const insufficient = t.direction === 'out' && (t.failure ?? '').includes('insufficient');
  return { status: 'FAILED', error: insufficient ? 'MONEY_NOT_ENOUGH' : 'TRANSFER_FAIL' };
}

/** Views kept for the answers of fresh settlements (bounded). */
const VIEWS_MAX = 10_000;

export class GameLegSettlements {
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
    private readonly clock: Clock,
    /** Group commit of settlements (`settles`); off: each settlement is its own statement. */
    private readonly groupCommit: boolean,
  ) {}

  /**
   * `settle` from the transfer as read (or written) before, as one call of the database function
   * `game_leg_settle` (migration 0009): under the game account's lock it reads the transfer's status (settled by
   * someone else: nothing changes) and the game's mirror, posts what the outcome moves — out applied: game → main;
   * in refused: the reversal of main → game; a shortfall of the mirror first, as game_win — and sets the status.
   * With `settlement`, the operation's leg (and the operation, when final) is written in the same statement, when
   * this call settled the transfer (`recorded`). Answers the transfer as it stands after.
   */
  settle(
    pre: TransferRow,
    outcome: 'applied' | 'refused',
    failure?: string,
    opts: { settlement?: LegSettlement; view?: boolean } = {},
  ): Promise<SettleResult> {
    const item = { pre, outcome, failure, settlement: opts.settlement, view: opts.view === true };
    return this.groupCommit ? this.settles.submit(item) : retryVictim(() => this.settleOne(item));
  }

  /** Settlements' batches so far: how many, their items and the largest. */
  stats(): { batches: number; items: number; largest: number } {
    const { batches, items, largest } = this.settles.stats;
    return { batches, items, largest };
  }

  /** What the transfer's outcome is when a statement settles it as `item` says. */
  private expected(item: SettleItem): SettledOutcome {
    const status = item.outcome === 'applied' ? 'SUCCESS' : 'FAILED';
    return transferOutcome({
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
    if (this.views.size >= VIEWS_MAX) {
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

  /**
   * What the settlement of the operation's last leg read when this process drove it fresh (the member's balances
   * by account code and open game accounts, right after it), once; undefined otherwise.
   */
  takeView(operationId: string): SettledView | undefined {
    const view = this.views.get(operationId);
    this.views.delete(operationId);
    return view;
  }

  /** A leg started after a settlement moved money again: what that settlement read is not the answer any more. */
  forgetView(operationId: string): void {
    this.views.delete(operationId);
  }
}
