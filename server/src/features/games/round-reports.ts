import { sql, type ColumnType, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Db } from '../../platform/db';
import type { MemberEvents } from '../../platform/member-events';
import { gameInfo, type GameCategory } from './catalogue';

/** game_rounds (migration 0007_bonus): the rounds providers reported, once per (provider, round id). */
interface GameRoundsTable {
  id: ColumnType<number, never, never>;
  provider: string;
  round_id: string;
  member_id: string;
  category: GameCategory;
  bet: number;
  win: number;
  played_at: ColumnType<Date, Date | string, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
type RoundTables = { game_rounds: GameRoundsTable };
const roundsDb = <T extends Kysely<Database>>(db: T): Kysely<Database & RoundTables> =>
  db.withTables<RoundTables>();

/** A round as its provider reports it: our player's username there, the bet and what it paid (minor units). */
export interface RoundReport {
  provider: string;
  roundId: string;
  username: string;
  bet: number;
  win: number;
  playedAt: Date;
}

/** A reported round as the listeners see it: whose it was and in which category. */
export interface PlayedRound {
  memberId: string;
  provider: string;
  roundId: string;
  category: GameCategory;
  bet: number;
  win: number;
  playedAt: Date;
}

/** Called in the transaction that records the round (a listener's failure rolls the report back). */
export type RoundListener = (trx: Transaction<Database>, round: PlayedRound) => Promise<void>;

/**
 * Round reports (docs/bonus.md "Turnover"): every round a game provider reports — its bet and its win — is
 * recorded once (a repeated report of the same round id changes nothing) and handed to the listeners in the same
 * transaction; the bonus feature accrues turnover from them. The sandbox provider reports each round it plays; a
 * real provider's adapter would report from its bet feed or webhook with its own round ids.
 */
export class RoundReports {
  private readonly listeners: RoundListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly events: MemberEvents,
  ) {}

  onRound(listener: RoundListener): void {
    this.listeners.push(listener);
  }

  /** Records the round; false when it was already recorded or the player is not one of ours. */
  async report(r: RoundReport): Promise<boolean> {
    const game = gameInfo(r.provider);
    if (!game) return false;
    if (!Number.isSafeInteger(r.bet) || r.bet < 0 || !Number.isSafeInteger(r.win) || r.win < 0) return false;
    return this.db.transaction().execute(async (trx) => {
      const owner = await trx
        .selectFrom('game_accounts')
        .select('member_id')
        .where('code', '=', game.code)
        .where('username', '=', r.username)
        .executeTakeFirst();
      if (!owner) return false;
      const inserted = await roundsDb(trx)
        .insertInto('game_rounds')
        .values({
          provider: game.code,
          round_id: r.roundId,
          member_id: owner.member_id,
          category: game.category,
          bet: r.bet,
          win: r.win,
          played_at: r.playedAt,
        })
        .onConflict((oc) => oc.columns(['provider', 'round_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      const round: PlayedRound = {
        memberId: owner.member_id,
        provider: game.code,
        roundId: r.roundId,
        category: game.category,
        bet: r.bet,
        win: r.win,
        playedAt: r.playedAt,
      };
      for (const listener of this.listeners) await listener(trx, round);
      // The member's open pages reload the game's balance (and the bonus progress).
      await this.events.notify(trx, owner.member_id, { type: 'wallet:changed', reason: 'game' });
      return true;
    });
  }

  /**
   * The member's game results in rounds played in [from, to), by the providers' own time of play (minor units,
   * both >= 0): `losses` sums what each losing round took (bet - win), `wins` what each winning round gave
   * (win - bet). The refund (cashback) rule measures a week's net loss from it (docs/money-in.md).
   */
  async results(memberId: string, from: Date, to: Date): Promise<{ losses: number; wins: number }> {
    const row = await roundsDb(this.db)
      .selectFrom('game_rounds')
      .select([
        sql<string>`coalesce(sum(greatest(bet - win, 0)), 0)::bigint`.as('losses'),
        sql<string>`coalesce(sum(greatest(win - bet, 0)), 0)::bigint`.as('wins'),
      ])
      .where('member_id', '=', memberId)
      .where('played_at', '>=', from)
      .where('played_at', '<', to)
      .executeTakeFirstOrThrow();
    return { losses: Number(row.losses), wins: Number(row.wins) };
  }

  /** The member's rounds, newest first (ops and tests). */
  async rounds(memberId: string, limit = 50): Promise<PlayedRound[]> {
    const rows = await roundsDb(this.db)
      .selectFrom('game_rounds')
      .selectAll()
      .where('member_id', '=', memberId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((x) => ({
      memberId: x.member_id,
      provider: x.provider,
      roundId: x.round_id,
      category: x.category,
      bet: Number(x.bet),
      win: Number(x.win),
      playedAt: new Date(x.played_at),
    }));
  }
}
