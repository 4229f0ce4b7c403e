import {
  currencyScale,
  formatMoney,
  formatSignedMoney,
  majorToMinor,
  statementSign,
  toMinorUnits,
} from './money';

describe('formatMoney', () => {
  it('shows baht from satang with thousands separators and 2 decimals', () => {
    expect(formatMoney(123456)).toBe('1,234.56');
    expect(formatMoney(100)).toBe('1.00');
    expect(formatMoney(5)).toBe('0.05');
    expect(formatMoney(0)).toBe('0.00');
  });

  it('shows kip (scale 0) as whole kip without decimals', () => {
    expect(formatMoney(1500, 0)).toBe('1,500');
    expect(formatMoney(1_000_000, 0)).toBe('1,000,000');
    expect(formatMoney(-2500, 0)).toBe('-2,500');
    expect(formatMoney(0, 0)).toBe('0');
  });

  it('handles negatives and large amounts', () => {
    expect(formatMoney(-123456)).toBe('-1,234.56');
    expect(formatMoney(-5)).toBe('-0.05');
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('90,071,992,547,409.91');
  });

  it('rounds half away from zero when the scale has more than 2 decimals', () => {
    expect(formatMoney(1005, 3)).toBe('1.01');
    expect(formatMoney(1004, 3)).toBe('1.00');
    expect(formatMoney(-1005, 3)).toBe('-1.01');
  });

  it('never prints NaN', () => {
    expect(formatMoney(Number.NaN)).toBe('0.00');
  });
});

describe('formatSignedMoney', () => {
  it('uses the amount sign by default', () => {
    expect(formatSignedMoney(2500)).toBe('+25.00');
    expect(formatSignedMoney(-2500)).toBe('-25.00');
    expect(formatSignedMoney(0)).toBe('0.00');
  });

  it('puts a given sign before the magnitude', () => {
    expect(formatSignedMoney(2500, 2, '-')).toBe('-25.00');
    expect(formatSignedMoney(-2500, 2, '+')).toBe('+25.00');
    expect(formatSignedMoney(2500, 2, '')).toBe('25.00');
    expect(formatSignedMoney(50_000, 0, '-')).toBe('-50,000');
    expect(formatSignedMoney(1_000_000, 0)).toBe('+1,000,000');
  });

  it('follows the statement type rules of spec §4', () => {
    expect(statementSign('deposit')).toBe('+');
    expect(statementSign('bonus')).toBe('+');
    expect(statementSign('withdraw')).toBe('-');
    expect(statementSign('transfer')).toBe('');
    expect(statementSign('finish_bonus')).toBe('');
    expect(statementSign('mystery')).toBeNull();
  });
});

describe('toMinorUnits', () => {
  it('parses typed amounts exactly', () => {
    expect(toMinorUnits('0.29')).toBe(29);
    expect(toMinorUnits('1.1')).toBe(110);
    expect(toMinorUnits('19.99')).toBe(1999);
    expect(toMinorUnits(' 1,234.50 ')).toBe(123450);
    expect(toMinorUnits('.5')).toBe(50);
    expect(toMinorUnits('7.')).toBe(700);
    expect(toMinorUnits('0')).toBe(0);
  });

  it('parses kip with scale 0', () => {
    expect(toMinorUnits('50,000', 0)).toBe(50000);
    expect(toMinorUnits('50000.00', 0)).toBe(50000);
    expect(toMinorUnits('1.5', 0)).toBeNull();
  });

  it('rejects what is not a plain non-negative amount', () => {
    for (const bad of [
      '',
      ' ',
      '.',
      '-1',
      '+1',
      'abc',
      '1e3',
      '1.2.3',
      '12,34',
      '1,2345',
      '1.005',
      '١٢',
      '0x10',
    ]) {
      expect(toMinorUnits(bad)).toBeNull();
    }
  });

  it('rejects amounts beyond the safe integer range', () => {
    expect(toMinorUnits('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(toMinorUnits('90071992547409.92')).toBeNull();
  });
});

describe('helpers', () => {
  it('knows the currency scales', () => {
    expect(currencyScale('THB')).toBe(2);
    expect(currencyScale('LAK')).toBe(0);
    expect(currencyScale(undefined)).toBe(2);
    expect(majorToMinor(1, 2)).toBe(100);
    expect(majorToMinor(1, 0)).toBe(1);
  });
});
