import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { SettingsService } from '../../platform/settings';
import type { AccountService } from '../accounts/account-service';
import { walletCurrency } from '../../platform/http/schemas';
import type { WalletView } from './schemas';
import type { Games } from '../games/plugin';
import type { Invites } from '../invite/invites';

export type { WalletView };

/**
 * GET /api/wallet, a read model: the profile (accounts), the main wallet balance (the ledger), the game accounts
 * (games), the invite summary (invite) and the spin switch (settings). It owns no table and writes nothing.
 */
export class WalletReadModel {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly accounts: AccountService,
    private readonly games: Games,
    private readonly invites: Invites,
  ) {}

  private async main(memberId: string) {
    const profile = await this.accounts.profile(memberId);
    const account = await this.db
      .selectFrom('ledger_accounts')
      .select(['balance', 'currency'])
      .where('member_id', '=', memberId)
      .where('code', '=', 'main')
      .executeTakeFirst();
    if (!account) throw new AppError('NO_WALLET', 404);
    return {
      profile,
      bankAccount: {
        bankAccountName: profile.bankAccountName,
        bankAccountNo: profile.bankAccountNo,
        bank: profile.bank,
      },
      wallet: { amount: Number(account.balance), currency: walletCurrency(account.currency) },
    };
  }

  async view(memberId: string): Promise<WalletView> {
    const [main, slots, invite, spin] = await Promise.all([
      this.main(memberId),
      this.games.accounts.slots(memberId),
      this.invites.summary(memberId),
      this.settings.get('spin.active'),
    ]);
    return { ...main, invite, slots, spin: { isActive: spin }, updatedAt: this.clock.now().toISOString() };
  }
}
