import type { Locale } from '../../platform/locale';
import type { ContentService } from '../content/content-service';
import type { ContentProblem, ContentShape } from '../content/shapes';
import { QUICK_AMOUNTS } from './channels';
import type { MoneyInOptions } from './options';
import { DepositContent, type DepositLookup } from './schemas';
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

/** Bank types and modes the member's deposit window knows (spec §3 and §9: AUTO, manual, KBANK by SMS; PAYMENT). */
export const DEPOSIT_BANK_TYPES = ['BANK', 'PAYMENT'] as const;
export const DEPOSIT_BANK_MODES = ['AUTO', 'manual', 'SMS'] as const;

type StoredDeposit = Omit<DepositLookup, 'qrChannels'>;

/**
 * What operator content `deposit` may hold: the lookup without its QR channels (the schema), and accounts members
 * can really pay into. Each receiving account is of a bank on the list, in the site's currency, with a number of
 * that bank's length (digits only: members copy it into their banking app), a holder's name, and a type and mode
 * the deposit window knows; each gift-link wallet has a name, and only a baht site has them (the lookup drops them
 * for kip).
 */
export function depositContentShape(currency: 'THB' | 'LAK', content: ContentService): ContentShape {
  const check = async (value: StoredDeposit): Promise<ContentProblem | undefined> => {
    for (const [i, account] of value.banks.entries()) {
      const at = (field: string, reason: string) => ({ field: `/banks/${i}/${field}`, reason });
      const bank = await content.bank(account.bankCode);
      if (!bank) return at('bankCode', `${account.bankCode} is not on the bank list`);
      if (account.currency !== currency) return at('currency', `this site's currency is ${currency}`);
      const { min, max } = bank.accountNo;
      if (!/^[0-9]+$/.test(account.bankAccountNo)) return at('bankAccountNo', 'digits only');
      if (account.bankAccountNo.length < min || account.bankAccountNo.length > max)
        return at(
          'bankAccountNo',
          `${bank.code} account numbers have ${min === max ? min : `${min} to ${max}`} digits`,
        );
      if (account.bankAccountName.trim() === '') return at('bankAccountName', 'empty');
      if (!(DEPOSIT_BANK_TYPES as readonly string[]).includes(account.bankType))
        return at('bankType', `one of ${DEPOSIT_BANK_TYPES.join(', ')}`);
      if (!(DEPOSIT_BANK_MODES as readonly string[]).includes(account.mode))
        return at('mode', `one of ${DEPOSIT_BANK_MODES.join(', ')}`);
    }
    if (currency !== 'THB' && value.wallets.length > 0)
      return { field: '/wallets', reason: 'gift-link wallets take baht only' };
    for (const [i, wallet] of value.wallets.entries()) {
      if (wallet.walletAccountName.trim() === '')
        return { field: `/wallets/${i}/walletAccountName`, reason: 'empty' };
    }
    return undefined;
  };
  return { schema: DepositContent, check };
}
