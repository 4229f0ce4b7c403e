import type { Locale } from '../../platform/locale';
import type { ContentService } from '../content/content-service';
import type { ContentProblem, ContentShape } from '../content/shapes';
import { QUICK_AMOUNTS } from './channels';
import type { MoneyInOptions } from './options';
import { DepositContent, type DepositLookup, type UnavailableMethod } from './schemas';
import { QR_CHANNEL_CURRENCY, QR_CHANNELS, type QrChannel } from './tables';

export type { DepositLookup };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The wallet currencies of a build: baht outside Laos; kip (the default) or baht in the Laos build (spec §5). */
export const siteCurrencies = (laos: boolean): readonly ('THB' | 'LAK')[] =>
  laos ? ['LAK', 'THB'] : ['THB'];

/**
 * The QR channels that exist for a wallet currency: the five Thai channels (PromptPay or baht wallets) for baht,
 * the Lao QR (LAPNet, kip) for kip.
 */
export function qrChannelsFor(currency: string): readonly QrChannel[] {
  return QR_CHANNELS.filter((channel) => QR_CHANNEL_CURRENCY[channel] === currency);
}

/**
 * The operator-edited `deposit` content plus the QR channels with their minimums, for a wallet currency (the
 * member's, or the build's default when nobody is signed in): the receiving accounts in that currency, the QR
 * channels that take it, the gift-link wallets for baht only; and why a method the site knows is not offered
 * (`unavailable`), so the deposit window can say it.
 */
export async function depositLookup(
  content: ContentService,
  currency: string,
  options: MoneyInOptions,
  locale: Locale,
  laos: boolean,
): Promise<DepositLookup> {
  const stored = await content.get('deposit', locale);
  const base = isRecord(stored) ? stored : {};
  const thb = currency === 'THB';
  const banks = Array.isArray(base.banks) ? (base.banks as DepositLookup['banks']) : [];
  const wallets = thb && Array.isArray(base.wallets) ? (base.wallets as DepositLookup['wallets']) : [];
  const unavailable: UnavailableMethod[] = [];
  if (!thb) unavailable.push({ method: 'THAI_QR', reason: 'BAHT_ONLY' });
  // The Lao QR exists in the Laos build only: a baht member there is told it takes kip.
  if (thb && laos) unavailable.push({ method: 'LAO_QR', reason: 'KIP_ONLY' });
  if (!thb) unavailable.push({ method: 'GIFT_LINK', reason: 'BAHT_ONLY' });
  else if (wallets.length === 0) unavailable.push({ method: 'GIFT_LINK', reason: 'NOT_SET_UP' });
  return {
    // A member pays into an account in their own currency: a kip account never credits a baht wallet.
    banks: banks.filter((bank) => bank.currency === currency),
    wallets,
    isManual: base.isManual === true,
    qrChannels: qrChannelsFor(currency).map((channel) => ({
      channel,
      minimum: options.qrMinimum[channel],
      quickAmounts: QUICK_AMOUNTS[channel],
    })),
    unavailable,
  };
}

/** Names of the receiving e-wallets (a gift link names one of them; baht wallets only). */
export async function walletNames(content: ContentService, options: MoneyInOptions) {
  const lookup = await depositLookup(content, 'THB', options, 'en', false);
  return lookup.wallets.map((w) => w.walletAccountName);
}

/** Bank types and modes the member's deposit window knows (spec §3 and §9: AUTO, manual, KBANK by SMS; PAYMENT). */
export const DEPOSIT_BANK_TYPES = ['BANK', 'PAYMENT'] as const;
export const DEPOSIT_BANK_MODES = ['AUTO', 'manual', 'SMS'] as const;

type StoredDeposit = Omit<DepositLookup, 'qrChannels'>;

/**
 * What operator content `deposit` may hold: the lookup without its QR channels (the schema), and accounts members
 * can really pay into. Each receiving account is of a bank on the list, in one of the site's wallet currencies
 * (the Laos build: kip and baht, each member is shown the accounts of their own), with a number of that bank's
 * length (digits only: members copy it into their banking app), a holder's name, and a type and mode the deposit
 * window knows; each gift-link wallet has a name (the lookup offers them to baht wallets only).
 */
export function depositContentShape(
  currencies: readonly ('THB' | 'LAK')[],
  content: ContentService,
): ContentShape {
  const check = async (value: StoredDeposit): Promise<ContentProblem | undefined> => {
    for (const [i, account] of value.banks.entries()) {
      const at = (field: string, reason: string) => ({ field: `/banks/${i}/${field}`, reason });
      const bank = await content.bank(account.bankCode);
      if (!bank) return at('bankCode', `${account.bankCode} is not on the bank list`);
      if (!(currencies as readonly string[]).includes(account.currency))
        return at('currency', `this site's currencies are ${currencies.join(', ')}`);
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
    for (const [i, wallet] of value.wallets.entries()) {
      if (wallet.walletAccountName.trim() === '')
        return { field: `/wallets/${i}/walletAccountName`, reason: 'empty' };
    }
    return undefined;
  };
  return { schema: DepositContent, check };
}
