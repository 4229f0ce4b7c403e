import type { FastifyBaseLogger } from 'fastify';
import type { Ledger } from '../../core/ledger';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import {
  bumpGameAccount,
  gameAccountCode,
  lockGameAccount,
  type GameAccounts,
  type GameAccountView,
  type Providers,
  type Trx,
} from './game-accounts';

/**
 * Wins and losses: re-reads a game balance from the provider and posts the difference with the mirror as
 * game_win / game_loss against provider_float:<CODE>. Skipped while a transfer of that game is pending (its
 * outcome would be counted twice) or when the account changed during the provider call (version moved).
 */
export class BalanceRefresh {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly accounts: GameAccounts,
    private readonly providers: Providers,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** True when the mirror now equals the provider's balance as read. */
  async refresh(memberId: string, code: string): Promise<boolean> {
    const acct = await this.accounts.account(memberId, code);
    if (await this.hasPending(this.db, memberId, code)) return false;
    let providerBalance: number;
    try {
      providerBalance = await this.providers(code).balance(acct.username);
    } catch (e) {
      // The provider cannot tell: keep the last known balance.
      this.log.warn({ err: e, code }, 'game balance refresh failed');
      return false;
    }
    return this.db.transaction().execute(async (trx) => {
      const version = await lockGameAccount(trx, memberId, code);
      if (version !== acct.version || (await this.hasPending(trx, memberId, code))) return false;
      const game = { member: memberId, code: gameAccountCode(code) } as const;
      const mirror = await this.ledger.balance(trx, game);
      const diff = providerBalance - mirror;
      if (diff !== 0) {
        const currency = await this.ledger.memberCurrency(trx, memberId);
        await this.ledger.post(trx, {
          kind: diff > 0 ? 'game_win' : 'game_loss',
          memberId,
          meta: { code, providerBalance, mirror },
          postings: [
            { account: { system: `provider_float:${code}`, currency }, amount: -diff },
            { account: game, amount: diff },
          ],
        });
      }
      await bumpGameAccount(trx, memberId, code, this.clock.now());
      return true;
    });
  }

  /** Refreshes every open game of the member (providers asked in parallel); returns the game list. */
  async refreshAll(memberId: string): Promise<GameAccountView[]> {
    const codes = await this.accounts.activeCodes(memberId);
    await Promise.all(codes.map((code) => this.refresh(memberId, code).catch(() => false)));
    return this.accounts.slots(memberId);
  }

  private async hasPending(ex: Db | Trx, memberId: string, code: string): Promise<boolean> {
    const row = await ex
      .selectFrom('game_transfers')
      .select('id')
      .where('member_id', '=', memberId)
      .where('code', '=', code)
      .where('status', '=', 'PENDING')
      .executeTakeFirst();
    return row !== undefined;
  }
}
