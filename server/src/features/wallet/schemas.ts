import { Type, type Static } from '@sinclair/typebox';
import { BankRef, Profile, Wallet } from '../../platform/http/schemas';
import { GameAccount } from '../games/schemas';
import { InviteSummary } from '../invite/schemas';

/** GET /api/wallet (docs/wallet-api.md `WalletResponse`). */
export const WalletView = Type.Object({
  profile: Profile,
  bankAccount: Type.Object({ bankAccountName: Type.String(), bankAccountNo: Type.String(), bank: BankRef }),
  wallet: Wallet,
  invite: InviteSummary,
  slots: Type.Array(GameAccount, { description: 'All 16 games, active or not' }),
  spin: Type.Object({ isActive: Type.Boolean() }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type WalletView = Static<typeof WalletView>;
