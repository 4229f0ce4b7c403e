import type { Locale } from '../../platform/locale';
import type { ContentService } from '../content/content-service';
import { QUICK_AMOUNTS } from './channels';
import type { MoneyInOptions } from './options';
import type { DepositLookup } from './schemas';
import { QR_CHANNELS } from './tables';

export type { DepositLookup };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The operator-edited `deposit` content plus the QR channels with their minimums (THB builds only). */
export async function depositLookup(
  content: ContentService,
  laos: boolean,
  options: MoneyInOptions,
  locale: Locale,
): Promise<DepositLookup> {
  const stored = await content.get('deposit', locale);
  const base = isRecord(stored) ? stored : {};
  return {
    banks: Array.isArray(base.banks) ? (base.banks as DepositLookup['banks']) : [],
    wallets: Array.isArray(base.wallets) ? (base.wallets as DepositLookup['wallets']) : [],
    isManual: base.isManual === true,
    qrChannels: laos
      ? []
      : QR_CHANNELS.map((channel) => ({
          channel,
          minimum: options.qrMinimum[channel],
          quickAmounts: QUICK_AMOUNTS[channel],
        })),
  };
}

/** Names of the receiving e-wallets (a gift link names one of them). */
export async function walletNames(content: ContentService, laos: boolean, options: MoneyInOptions) {
  const lookup = await depositLookup(content, laos, options, 'en');
  return lookup.wallets.map((w) => w.walletAccountName);
}
