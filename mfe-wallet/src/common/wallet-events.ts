import { bus, type WalletChangeReason } from '@wallet/shared';

/** Tells every view showing a balance (this home, other remotes) that money moved. */
export function announceWalletChange(reason: WalletChangeReason): void {
  bus.emit('wallet:changed', { reason });
}
