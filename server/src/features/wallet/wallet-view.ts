import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { SettingsService } from '../../platform/settings';
import { walletCurrency } from '../../platform/http/schemas';
import { bankRefOf, profileOf, type ProfileRow } from '../accounts/account-service';
import type { ContentService } from '../content/content-service';
import type { GameAccounts } from '../games/game-accounts';
import { inviteSummaryOf } from '../invite/invites';
import type { MemberPageFacts } from '../../platform/index-page';
import type { WalletView } from './schemas';

export type { WalletView };

/** The row of the wallet statement. */
interface WalletRow extends ProfileRow {
  coin: number | string | null;
  /** Balances of the member's ledger accounts by code ('main', 'game:PG', …). */
  balances: Record<string, number | string> | string | null;
  main_currency: string | null;
  /** Codes of the member's open game accounts. */
  games: string[] | string;
  invitees: number | string;
  qualified: number | string;
  unclaimed: number | string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/**
 * GET /api/wallet, a read model: the profile (accounts), the main wallet balance and the game accounts' mirror
 * balances (the ledger and games), the invite summary (invite) and the spin switch (settings). It owns no table
 * and writes nothing.
 *
 * It is the hottest read of the site, so it is ONE SQL statement (`WALLET_SQL`) instead of a call per feature:
 * here, and only here, the read model reads other features' tables directly — `members` (accounts),
 * `spin_coins` (spin: the coin count the profile shows, what `Coins.balance` reads), `ledger_accounts` (the
 * ledger: every balance of the member, as `Ledger.memberBalances`), `game_accounts` (games: the open accounts, as
 * `GameAccounts.activeCodes`), and `members.invited_by` with `money_in_invite_rewards` (invite: what
 * `Invites.summary` counts). The shaping stays with the owners (`profileOf`, `GameAccounts.slotsOf`,
 * `inviteSummaryOf`); the bank's names come from the content's cached bank list and the spin switch from the
 * cached settings, so a read costs one round trip (a named prepared statement on PostgreSQL: planned once per
 * connection, see `PREPARED` in platform/db). A change of one of those queries must be made here too
 * (server/test/wallet.test.ts compares this view with the owners' own answers).
 */
export class WalletReadModel {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly content: ContentService,
    private readonly games: GameAccounts,
  ) {}

  private async row(memberId: string): Promise<WalletRow | undefined> {
    const { rows } = await sql<WalletRow>`/*prepared*/
      select m.id, m.username, m.name, m.created_at, m.bank_code, m.bank_account_name, m.bank_account_no,
             m.currency,
             (select c.coins from spin_coins c where c.member_id = m.id) as coin,
             l.balances, l.main_currency,
             (select coalesce(json_agg(g.code), '[]'::json) from game_accounts g where g.member_id = m.id) as games,
             (select count(*) from members i where i.invited_by = m.id) as invitees,
             r.qualified, r.unclaimed
        from members m
        cross join lateral (
          select json_object_agg(a.code, a.balance) as balances,
                 max(a.currency) filter (where a.code = 'main') as main_currency
            from ledger_accounts a
           where a.member_id = m.id
        ) l
        cross join lateral (
          select count(*) filter (where w.qualified) as qualified,
                 coalesce(sum(w.amount) filter (where w.qualified and w.claim_id is null), 0) as unclaimed
            from money_in_invite_rewards w
           where w.inviter_id = m.id
        ) r
       where m.id = ${memberId}`.execute(this.db);
    return rows[0];
  }

  async view(memberId: string): Promise<WalletView> {
    const [row, spin] = await Promise.all([this.row(memberId), this.settings.get('spin.active')]);
    const bank = row && (await this.content.bank(row.bank_code));
    if (!row || !bank) throw new AppError('NO_USER', 404);
    const balances = Object.fromEntries(
      Object.entries(json(row.balances) ?? {}).map(([code, balance]) => [code, Number(balance)]),
    );
    const main = balances.main;
    if (main === undefined || row.main_currency === null) throw new AppError('NO_WALLET', 404);
    const profile = profileOf(row, bankRefOf({ ...bank, code: row.bank_code }), Number(row.coin ?? 0));
    return {
      profile,
      bankAccount: {
        bankAccountName: profile.bankAccountName,
        bankAccountNo: profile.bankAccountNo,
        bank: profile.bank,
      },
      wallet: { amount: main, currency: walletCurrency(row.main_currency) },
      invite: inviteSummaryOf(row.invitees, row.qualified, row.unclaimed),
      slots: this.games.slotsOf(json(row.games), balances),
      spin: { isActive: spin },
      updatedAt: this.clock.now().toISOString(),
    };
  }

  /**
   * What a member's first screen shows before the page's JavaScript runs (platform/index-page/member-screen.ts
   * `MemberPageFacts`): the same read as `view`, so the page and GET /api/wallet agree. Undefined for a member
   * without a wallet.
   */
  async pageFacts(memberId: string): Promise<MemberPageFacts | undefined> {
    let view: WalletView;
    try {
      view = await this.view(memberId);
    } catch {
      return undefined;
    }
    const main = view.wallet.amount;
    return {
      name: view.profile.name,
      currency: view.wallet.currency === 'LAK' ? 'LAK' : 'THB',
      main,
      total: view.slots.reduce((sum, slot) => sum + (slot.amount || 0), main),
    };
  }
}
