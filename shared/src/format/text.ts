/** A bank account number as it is kept: spaces and dashes (as printed in a passbook or copied from a page) dropped. */
export function normalizeAccountNo(accountNo: string): string {
  return accountNo.replace(/[\s-]/g, '');
}

/** A 10-digit bank account number is shown as 3-3-4 (spec §9): `1234567890` → `123-456-7890`. */
export function formatAccountNo(accountNo: string): string {
  const digits = normalizeAccountNo(accountNo);
  if (!/^\d{10}$/.test(digits)) return accountNo;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Hides the middle of a phone number, keeping the first 3 and last 4 digits: `0812345678` → `081***5678`. */
export function maskPhone(phone: string): string {
  const trimmed = phone.trim();
  if (trimmed.length <= 7) return trimmed;
  return `${trimmed.slice(0, 3)}${'*'.repeat(trimmed.length - 7)}${trimmed.slice(-4)}`;
}
