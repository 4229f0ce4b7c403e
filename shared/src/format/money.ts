/** Wallet currencies: Thai baht (minor unit satang) and Lao kip. */
export type Currency = 'THB' | 'LAK';

/**
 * Money is carried as an integer in minor units of the wallet currency (THB: satang, scale 2; LAK: kip, scale 0)
 * and formatted only here, at the edge. Baht (and any scale above 0) shows exactly 2 decimals (spec §9); kip
 * (scale 0) shows whole kip without decimals, `1,500,000`, the convention of Lao banks and receipts (kip has no
 * coin in use). BigInt keeps every step exact, so no floating-point rounding can creep into an amount.
 */

/** Decimal places of the minor unit of each wallet currency. */
export const CURRENCY_SCALE: Readonly<Record<Currency, number>> = { THB: 2, LAK: 0 };

export function currencyScale(currency: Currency | undefined): number {
  return currency ? CURRENCY_SCALE[currency] : 2;
}

const DISPLAY_DECIMALS = 2;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Rounds `minor` (scale `scale`) to hundredths, half away from zero. */
function toHundredths(minor: bigint, scale: number): bigint {
  if (scale <= DISPLAY_DECIMALS) return minor * 10n ** BigInt(DISPLAY_DECIMALS - scale);
  const divisor = 10n ** BigInt(scale - DISPLAY_DECIMALS);
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const rounded = (abs + divisor / 2n) / divisor;
  return negative ? -rounded : rounded;
}

function formatAbsolute(hundredths: bigint): string {
  const digits = (hundredths < 0n ? -hundredths : hundredths).toString().padStart(DISPLAY_DECIMALS + 1, '0');
  const whole = digits.slice(0, -DISPLAY_DECIMALS);
  const fraction = digits.slice(-DISPLAY_DECIMALS);
  return `${groupThousands(whole)}.${fraction}`;
}

function toBigIntMinor(minor: number): bigint {
  return Number.isFinite(minor) ? BigInt(Math.round(minor)) : 0n;
}

/** Whole units of a scale-0 currency (kip), grouped: `1,500`. */
function formatWhole(minor: bigint): string {
  return groupThousands((minor < 0n ? -minor : minor).toString());
}

/** `123456` (scale 2) → `1,234.56`; `1500` (scale 0, kip) → `1,500`; negatives get a leading `-`. */
export function formatMoney(minor: number, scale = 2): string {
  if (scale === 0) {
    const whole = toBigIntMinor(minor);
    return `${whole < 0n ? '-' : ''}${formatWhole(whole)}`;
  }
  const hundredths = toHundredths(toBigIntMinor(minor), scale);
  return `${hundredths < 0n ? '-' : ''}${formatAbsolute(hundredths)}`;
}

/** The sign shown before an amount: `+` credit, `-` debit, `` none. */
export type AmountSign = '+' | '-' | '';

/**
 * Amount with an explicit sign, for statements. Without `sign` the amount's own sign is used (`+` above zero);
 * with it, the magnitude is shown after the given sign (statement amounts are stored unsigned).
 */
export function formatSignedMoney(minor: number, scale = 2, sign?: AmountSign): string {
  if (scale === 0) {
    const whole = toBigIntMinor(minor);
    const wholeSign: AmountSign = sign ?? (whole > 0n ? '+' : whole < 0n ? '-' : '');
    return `${whole === 0n ? '' : wholeSign}${formatWhole(whole)}`;
  }
  const hundredths = toHundredths(toBigIntMinor(minor), scale);
  const shown: AmountSign = sign ?? (hundredths > 0n ? '+' : hundredths < 0n ? '-' : '');
  return `${hundredths === 0n ? '' : shown}${formatAbsolute(hundredths)}`;
}

/** Statement entry types (spec §3) and the sign each shows (spec §4); `null` for an unknown type. */
export function statementSign(statementType: string): AmountSign | null {
  switch (statementType) {
    case 'deposit':
    case 'bonus':
      return '+';
    case 'withdraw':
      return '-';
    case 'transfer':
    case 'finish_bonus':
      return '';
    default:
      return null;
  }
}

const GROUPED = /^\d{1,3}(,\d{3})+(\.\d*)?$/;
const PLAIN = /^(\d*)(?:\.(\d*))?$/;

/**
 * Parses an amount typed by a member into integer minor units, exactly (no floating point): `"1,234.5"` with
 * scale 2 → `123450`. Returns `null` for anything that is not a plain non-negative amount, for more decimals
 * than the currency has (`"1.005"` in baht), and for amounts beyond the safe integer range.
 */
export function toMinorUnits(input: string, scale = 2): number | null {
  let text = input.trim();
  if (text.includes(',')) {
    if (!GROUPED.test(text)) return null;
    text = text.replace(/,/g, '');
  }
  const match = PLAIN.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (whole === '' && (match[2] ?? '') === '') return null;
  if (fraction.length > scale) return null;
  const minor = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(minor);
}

/** Minor units of a whole number of major units (e.g. the 1-baht transfer minimum): `majorToMinor(1, 2)` → 100. */
export function majorToMinor(major: number, scale = 2): number {
  return Math.round(major * 10 ** scale);
}
