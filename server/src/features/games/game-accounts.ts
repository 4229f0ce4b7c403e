import { sql, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Ledger } from '../../core/ledger';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Static } from '@sinclair/typebox';
import { GAMES, gameInfo, noGameLinks, type GameInfo, type GameLinks } from './catalogue';
import type { GameAccount } from './schemas';
import type { GameCredentials, GameProvider } from './provider';

/**
 * A member's accounts at the game providers (docs/ledger.md "Games"): opening one, its credentials and password,
 * the auto-login link, and the game list with each mirror balance. Every database transaction that touches a
 * game locks its game_accounts row first (`lockGameAccount`), then the ledger accounts (in id order).
 */

/** One game account as GET /api/wallet lists it: the route's schema. */
export type GameAccountView = Static<typeof GameAccount>;

export type Trx = Transaction<Database>;
export type Providers = (code: string) => GameProvider;

export const gameAccountCode = (code: string) => `game:${code}` as const;

/** The game of a code (NO_GAME when there is none). */
export function gameOf(code: string): GameInfo {
  const g = gameInfo(code);
  if (!g) throw new AppError('NO_GAME', 404);
  return g;
}

/** Locks the member's game account row (always the first lock of a game transaction); returns its version. */
export async function lockGameAccount(trx: Trx, memberId: string, code: string): Promise<number> {
  const row = await trx
    .selectFrom('game_accounts')
    .select('version')
    .where('member_id', '=', memberId)
    .where('code', '=', code)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('SLOT_NO_ACCOUNT', 400);
  return Number(row.version);
}

/** Bumps the account's version (a balance read taken before it is then stale); `checked` stamps a balance read. */
export async function bumpGameAccount(
  trx: Trx,
  memberId: string,
  code: string,
  checkedAt?: Date,
): Promise<void> {
  await trx
    .updateTable('game_accounts')
    .set({ version: sql<number>`version + 1`, ...(checkedAt ? { balance_checked_at: checkedAt } : {}) })
    .where('member_id', '=', memberId)
    .where('code', '=', code)
    .execute();
}

export class GameAccounts {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly providers: Providers,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    /** The game's website and app links (the sandbox provider's pages, or none). */
    private readonly links: (g: GameInfo) => GameLinks = noGameLinks,
  ) {}

  /** The fixed part of each game's card (names, images, links), built once per game. */
  private readonly cards = new Map<string, Omit<GameAccountView, 'isActive' | 'amount'>>();

  view(g: GameInfo, active: boolean, amount: number): GameAccountView {
    let card = this.cards.get(g.code);
    if (!card) {
      card = {
        code: g.code,
        name: g.name,
        logo: `/media/games/${g.code}-logo.svg`,
        background: `/media/games/${g.code}-bg.svg`,
        category: g.category,
        ftWalletSlot: g.ftWalletSlot,
        ...this.links(g),
      };
      this.cards.set(g.code, card);
    }
    // Written out, not spread: this runs 16 times per wallet read.
    return {
      code: card.code,
      name: card.name,
      logo: card.logo,
      background: card.background,
      category: card.category,
      isActive: active,
      amount,
      ftWalletSlot: card.ftWalletSlot,
      web: card.web,
      android: card.android,
      ios: card.ios,
    };
  }

  /** All 16 games with the member's mirror balances (no provider call). */
  async slots(memberId: string): Promise<GameAccountView[]> {
    const [accounts, balances] = await Promise.all([
      this.activeCodes(memberId),
      this.ledger.memberBalances(this.db, memberId),
    ]);
    return this.slotsOf(accounts, balances);
  }

  /** All 16 games from the member's open account codes and ledger balances by code (the wallet read model). */
  slotsOf(activeCodes: Iterable<string>, balances: Readonly<Record<string, number>>): GameAccountView[] {
    const active = new Set(activeCodes);
    return GAMES.map((g) => this.view(g, active.has(g.code), balances[gameAccountCode(g.code)] ?? 0));
  }

  /** The main wallet balance and currency. */
  async wallet(memberId: string): Promise<{ amount: number; currency: string }> {
    const [amount, currency] = await Promise.all([
      this.ledger.balance(this.db, { member: memberId, code: 'main' }),
      this.ledger.memberCurrency(this.db, memberId),
    ]);
    return { amount, currency };
  }

  /** Codes of the member's open game accounts, sorted. */
  async activeCodes(memberId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('game_accounts')
      .select('code')
      .where('member_id', '=', memberId)
      .orderBy('code')
      .execute();
    return rows.map((r) => r.code);
  }

  /** The member's account at a game (SLOT_NO_ACCOUNT when not opened). */
  async account(memberId: string, code: string): Promise<{ username: string; version: number }> {
    const row = await this.db
      .selectFrom('game_accounts')
      .select(['username', 'version'])
      .where('member_id', '=', memberId)
      .where('code', '=', code)
      .executeTakeFirst();
    if (!row) throw new AppError('SLOT_NO_ACCOUNT', 400);
    return { username: row.username, version: Number(row.version) };
  }

  async activate(memberId: string, rawCode: string): Promise<GameAccountView> {
    const g = gameOf(rawCode);
    const existing = await this.db
      .selectFrom('game_accounts')
      .select('code')
      .where('member_id', '=', memberId)
      .where('code', '=', g.code)
      .executeTakeFirst();
    if (existing) throw new AppError('SLOT_ALREADY_ACTIVE', 409);
    const username = `w${memberId.slice(-12)}`;
    try {
      await this.providers(g.code).activate(username);
    } catch (e) {
      this.log.warn({ err: e, code: g.code }, 'game activation failed');
      throw new AppError('SLOT_ACTIVATE_FAIL', 502);
    }
    const created = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('game_accounts')
        .values({ member_id: memberId, code: g.code, username, created_at: this.clock.now() })
        .onConflict((oc) => oc.columns(['member_id', 'code']).doNothing())
        .returning('code')
        .executeTakeFirst();
      if (row) await this.ledger.openAccount(trx, { member: memberId, code: gameAccountCode(g.code) });
      return row !== undefined;
    });
    if (!created) throw new AppError('SLOT_ALREADY_ACTIVE', 409);
    return this.view(g, true, 0);
  }

  async credentials(memberId: string, rawCode: string): Promise<GameCredentials> {
    const g = gameOf(rawCode);
    const { username } = await this.account(memberId, g.code);
    try {
      return await this.providers(g.code).credentials(username);
    } catch (e) {
      this.log.warn({ err: e, code: g.code }, 'game credentials failed');
      throw new AppError('SLOT_NO_ACCOUNT', 502);
    }
  }

  async resetPassword(memberId: string, rawCode: string): Promise<GameCredentials> {
    const g = gameOf(rawCode);
    const { username } = await this.account(memberId, g.code);
    try {
      return await this.providers(g.code).resetPassword(username);
    } catch (e) {
      this.log.warn({ err: e, code: g.code }, 'game password reset failed');
      throw new AppError('SLOT_RESET_PASSWORD_FAIL', 502);
    }
  }

  /** The auto-login link for `username`, which must be the member's own account at that provider. */
  async autoLogin(memberId: string, g: GameInfo, username: string): Promise<string> {
    const row = await this.db
      .selectFrom('game_accounts')
      .select('username')
      .where('member_id', '=', memberId)
      .where('code', '=', g.code)
      .executeTakeFirst();
    if (!row || row.username !== username) throw new AppError('SLOT_NO_ACCOUNT', 400);
    try {
      return await this.providers(g.code).autoLoginLink(username);
    } catch (e) {
      this.log.warn({ err: e, code: g.code }, 'auto-login failed');
      throw new AppError('SLOT_NO_ACCOUNT', 502);
    }
  }
}
