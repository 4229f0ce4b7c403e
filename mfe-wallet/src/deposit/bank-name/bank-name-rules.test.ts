import { checkBankAccountName, needsEnglishBankName, normaliseBankAccountName } from './bank-name-rules';

test('non-empty English letters and spaces only', () => {
  expect(checkBankAccountName('')).toBe('bankName.errors.requiredEnglish');
  expect(checkBankAccountName('   ')).toBe('bankName.errors.requiredEnglish');
  expect(checkBankAccountName('สมชาย ใจดี')).toBe('bankName.errors.requiredEnglish');
  expect(checkBankAccountName('SOMCHAI 2')).toBe('bankName.errors.requiredEnglish');
  expect(checkBankAccountName('somchai jaidee')).toBeNull();
});

test('typed names are uppercased', () => {
  expect(normaliseBankAccountName('somchai')).toBe('SOMCHAI');
});

test('offered for KTB, TMB and BBL accounts whose name is not English-only', () => {
  expect(needsEnglishBankName('KTB', 'สมชาย ใจดี')).toBe(true);
  expect(needsEnglishBankName('TMB', 'สมชาย')).toBe(true);
  expect(needsEnglishBankName('BBL', 'SOMCHAI JAIDEE')).toBe(false);
  expect(needsEnglishBankName('SCB', 'สมชาย ใจดี')).toBe(false);
});
