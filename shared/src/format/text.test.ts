import { formatAccountNo, maskPhone } from './text';

describe('formatAccountNo', () => {
  it('shows 10 digits as 3-3-4', () => {
    expect(formatAccountNo('1234567890')).toBe('123-456-7890');
    expect(formatAccountNo('123-456-7890')).toBe('123-456-7890');
  });

  it('leaves other lengths and non-digits unchanged', () => {
    expect(formatAccountNo('123456789')).toBe('123456789');
    expect(formatAccountNo('12345678901')).toBe('12345678901');
    expect(formatAccountNo('12345abcde')).toBe('12345abcde');
    expect(formatAccountNo('')).toBe('');
  });
});

describe('maskPhone', () => {
  it('keeps the first 3 and last 4 digits', () => {
    expect(maskPhone('0812345678')).toBe('081***5678');
    expect(maskPhone('02012345678')).toBe('020****5678');
    expect(maskPhone('1234567')).toBe('1234567');
  });
});
