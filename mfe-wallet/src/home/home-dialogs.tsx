import type { WalletSnapshot } from '../common/wallet-api';
import { BannersModal } from '../banners/banners-modal';
import type { Banner } from '../banners/api';
import type { MoneyFormat } from '../common/money';
import { DepositModal } from '../deposit/deposit-modal';
import { GameAccountModal } from '../games/game-account-modal';
import { InviteModal } from '../invite/invite-modal';
import { RefundModal } from '../refund/refund-modal';
import { TransferModal } from '../transfer/transfer-modal';
import { WithdrawModal } from '../withdraw/withdraw-modal';

/** Which of the home's windows is open. */
export type Dialog =
  | { kind: 'none' }
  | { kind: 'deposit' }
  | { kind: 'withdraw' }
  | { kind: 'transfer'; from?: string; to?: string }
  | { kind: 'game'; code: string }
  | { kind: 'banners'; banners: Banner[]; then: 'invite' | 'refund' }
  | { kind: 'invite' }
  | { kind: 'refund' };

/** Every window of the home (spec §2); loaded lazily by the home page (home-page.tsx). */
export default function HomeDialogs({
  dialog,
  snapshot,
  format,
  setDialog,
  close,
  reload,
}: {
  dialog: Dialog;
  snapshot: WalletSnapshot;
  format: MoneyFormat;
  setDialog: (dialog: Dialog) => void;
  close: () => void;
  reload: () => Promise<void>;
}) {
  const game = dialog.kind === 'game' ? snapshot.slots.find((g) => g.code === dialog.code) : undefined;
  return (
    <>
      <DepositModal open={dialog.kind === 'deposit'} snapshot={snapshot} format={format} onClose={close} />
      <WithdrawModal
        open={dialog.kind === 'withdraw'}
        walletAmount={snapshot.wallet.amount}
        bankAccount={snapshot.bankAccount}
        games={snapshot.slots}
        format={format}
        onClose={close}
      />
      {dialog.kind === 'transfer' && (
        <TransferModal
          open
          walletAmount={snapshot.wallet.amount}
          games={snapshot.slots}
          format={format}
          initialFrom={dialog.from}
          initialTo={dialog.to}
          onClose={close}
        />
      )}
      {game && (
        <GameAccountModal
          open
          game={game}
          format={format}
          onClose={close}
          onActivated={() => void reload()}
          onTransfer={(from, to) => setDialog({ kind: 'transfer', from, to })}
        />
      )}
      <BannersModal
        open={dialog.kind === 'banners'}
        banners={dialog.kind === 'banners' ? dialog.banners : []}
        onClose={() => setDialog(dialog.kind === 'banners' ? { kind: dialog.then } : { kind: 'none' })}
      />
      <InviteModal open={dialog.kind === 'invite'} snapshot={snapshot} format={format} onClose={close} />
      <RefundModal open={dialog.kind === 'refund'} format={format} onClose={close} />
    </>
  );
}
