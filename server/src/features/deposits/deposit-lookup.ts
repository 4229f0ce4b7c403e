import type { Locale } from '../../platform/locale';
import type { ContentService } from '../content/content-service';
import { QUICK_AMOUNTS } from './channels';
import type { MoneyInOptions } from './options';
import type { DepositLookup } from './schemas';
import { QR_CHANNELS, type QrChannel } from './tables';

export type { DepositLookup };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The QR channels that exist for a wallet currency. All five sandbox and real channels are Thai (PromptPay or
 * baht wallets); none takes kip, so a LAK member is offered bank transfer and slip only.
 */
export function qrChannelsFor(currency: string): readonly QrChannel[] {
  return currency === 'THB' ? QR_CHANNELS : [];
}

/**
 * The operator-edited `deposit` content plus the QR channels with their minimums, for a wallet currency (the
 * member's, or the build's default when nobody is signed in): QR channels and the gift-link wallets are THB only,
 * so a kip wallet gets neither.
 */
export async function depositLookup(
  content: ContentService,
  currency: string,
  options: MoneyInOptions,
  locale: Locale,
): Promise<DepositLookup> {
  const stored = await content.get('deposit', locale);
  const base = isRecord(stored) ? stored : {};
  const thb = currency === 'THB';
  return {
    banks: Array.isArray(base.banks) ? (base.banks as DepositLookup['banks']) : [],
    wallets: thb && Array.isArray(base.wallets) ? (base.wallets as DepositLookup['wallets']) : [],
    isManual: base.isManual === true,
    qrChannels: qrChannelsFor(currency).map((channel) => ({
      channel,
      minimum: options.qrMinimum[channel],
      quickAmounts: QUICK_AMOUNTS[channel],
    })),
  };
}

/** Names of the receiving e-wallets (a gift link names one of them; baht wallets only). */
export async function walletNames(content: ContentService, options: MoneyInOptions) {
  const lookup = await depositLookup(content, 'THB', options, 'en');
  return lookup.wallets.map((w) => w.walletAccountName);
}
