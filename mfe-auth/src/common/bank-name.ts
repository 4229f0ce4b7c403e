import { useTranslation } from '@wallet/shared';

/** The names a bank carries (the bank lookup and a profile's `bank`). */
export interface BankNames {
  nameTH: string;
  nameEN: string;
  nameLA?: string;
}

/**
 * A bank's name in the page's language: Thai → nameTH, Lao → nameLA (else nameEN), English → nameEN. An empty
 * name falls back to the next one, so a bank never shows blank.
 */
export function bankName(bank: BankNames, language: string): string {
  const lang = language.slice(0, 2);
  const order =
    lang === 'th'
      ? [bank.nameTH, bank.nameEN]
      : lang === 'la'
        ? [bank.nameLA, bank.nameEN, bank.nameTH]
        : [bank.nameEN, bank.nameTH];
  return order.find((name) => name !== undefined && name !== '') ?? '';
}

/** `bankName` bound to the current language (re-renders when the member switches it). */
export function useBankName(): (bank: BankNames) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (bank) => bankName(bank, language);
}
