import { bankName, useTranslation, type BankNames } from '@wallet/shared';

/** `bankName` bound to the current language (re-renders when the member switches it). */
export function useBankName(): (bank: BankNames) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (bank) => bankName(bank, language);
}
