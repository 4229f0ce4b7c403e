/** The names a bank carries (the bank lookup, a profile's `bank`, the deposit lookup's banks). */
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
