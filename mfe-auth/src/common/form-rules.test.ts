import { failedRules, hasFailures, required } from './form-rules';

it('a required value may not be blank', () => {
  expect(required(' ')).toBe('auth:validation.required');
  expect(required('x')).toBeNull();
});

it('a form passes when no rule failed', () => {
  const failed = failedRules({ name: required('Somchai'), phone: required('') });
  expect(failed).toEqual({ phone: 'auth:validation.required' });
  expect(hasFailures(failed)).toBe(true);
  expect(hasFailures(failedRules({ name: null }))).toBe(false);
});
