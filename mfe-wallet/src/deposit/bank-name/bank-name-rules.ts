/** Spec §5 and §9: banks whose account names must be written in English letters only. */
export const ENGLISH_NAME_BANKS: readonly string[] = ['KTB', 'TMB', 'BBL'];

const ENGLISH_ONLY = /^[A-Z ]+$/;

/** Typed names are uppercased as the member types (spec §5). */
export function normaliseBankAccountName(input: string): string {
  return input.toUpperCase();
}

/** Non-empty, English letters and spaces only; otherwise the required-English message. */
export function checkBankAccountName(name: string): 'bankName.errors.requiredEnglish' | null {
  const value = normaliseBankAccountName(name).trim();
  if (!value || !ENGLISH_ONLY.test(value)) return 'bankName.errors.requiredEnglish';
  return null;
}

/** The edit prompt is offered for KTB, TMB or BBL accounts whose name is not English-only. */
export function needsEnglishBankName(bankCode: string | undefined, accountName: string | undefined): boolean {
  if (!bankCode || !ENGLISH_NAME_BANKS.includes(bankCode.toUpperCase())) return false;
  return !ENGLISH_ONLY.test((accountName ?? '').toUpperCase().trim());
}
