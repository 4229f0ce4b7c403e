/** Reads a money text such as "1,234.50" (baht and satang) as minor units. */
export function minor(text: string | null): number {
  const clean = (text ?? '').replace(/[^\d.-]/g, '');
  const [whole = '0', frac = ''] = clean.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
}
