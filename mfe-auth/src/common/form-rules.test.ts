import { bus } from '@wallet/shared';
import { failedRules, passes, required } from './form-rules';

it('a required value may not be blank', () => {
  expect(required(' ')).toBe('auth:validation.required');
  expect(required('x')).toBeNull();
});

it('a form passes when no rule failed', () => {
  const failed = failedRules({ name: required('Somchai'), phone: required('') });
  expect(failed).toEqual({ phone: 'auth:validation.required' });
  expect(passes(failedRules({ name: null }))).toBe(true);
});

it('a failing form also shows its first message as a toast', () => {
  const toasts: string[] = [];
  const subscription = bus.on('toast').subscribe((t) => toasts.push(`${t.kind}:${t.message}`));
  const failed = failedRules({ name: required(''), phone: required('') });
  expect(passes(failed)).toBe(false);
  subscription.unsubscribe();
  expect(toasts).toHaveLength(1);
  expect(toasts[0]).toMatch(/^error:/);
});
