import { joinAccountName, validateAccountName, validatePhone } from './validation';
import { validatePasswords } from '../common/form-rules';

describe('phone', () => {
  it('is required', () => {
    expect(validatePhone('', false)).toBe('auth:validation.required');
    expect(validatePhone('   ', true)).toBe('auth:validation.required');
  });

  it('must be exactly 10 characters outside the Laos build', () => {
    expect(validatePhone('081234567', false)).toBe('errors:PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(validatePhone('08123456789', false)).toBe('errors:PHONE_NUMBER_REQUIRE_10_DIGIT');
    expect(validatePhone('0812345678', false)).toBeNull();
  });

  it('has no fixed length in the Laos build', () => {
    expect(validatePhone('02055512', true)).toBeNull();
    expect(validatePhone('020555123456', true)).toBeNull();
  });
});

describe('passwords', () => {
  it('are both required', () => {
    expect(validatePasswords('', 'secret')).toBe('auth:validation.required');
    expect(validatePasswords('secret', '')).toBe('auth:validation.required');
  });

  it('must match', () => {
    expect(validatePasswords('secret-1', 'secret-2')).toBe('auth:validation.passwordNotEqual');
    expect(validatePasswords('secret-1', 'secret-1')).toBeNull();
  });
});

describe('bank account name', () => {
  it('joins trimmed first and last names with one space, uppercased', () => {
    expect(joinAccountName('  somchai ', ' jaidee  ')).toBe('SOMCHAI JAIDEE');
  });

  it.each(['KTB', 'TMB', 'BBL'])('must be English letters and spaces only for %s', (bank) => {
    expect(validateAccountName(bank, 'สมชาย ใจดี')).toBe('errors:BANK_ACCOUNT_NAME_ENG');
    expect(validateAccountName(bank, 'SOMCHAI JAIDEE2')).toBe('errors:BANK_ACCOUNT_NAME_ENG');
    expect(validateAccountName(bank, 'SOMCHAI JAIDEE')).toBeNull();
  });

  it('may be in any script for other banks such as KBANK', () => {
    expect(validateAccountName('KBANK', 'สมชาย ใจดี')).toBeNull();
  });
});
