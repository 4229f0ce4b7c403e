import { game } from '../test-support/fixtures';
import { invitePercentages, registrationLink } from '../invite/invite-rules';
import { autoLoginProvider, canPlay, totalBalance, walletSlotValue } from './game-rules';

test('the total is the wallet plus every game account', () => {
  expect(totalBalance(10000, [game('PG', { amount: 2550 }), game('JOKER', { amount: 50 })])).toBe(12600);
});

test('play needs an active account with money in it', () => {
  expect(canPlay(game('PG', { isActive: true, amount: 0 }))).toBe(false);
  expect(canPlay(game('PG', { isActive: true, amount: -1 }))).toBe(false);
  expect(canPlay(game('PG', { isActive: false, amount: 100 }))).toBe(false);
  expect(canPlay(game('PG', { isActive: true, amount: 1 }))).toBe(true);
});

test('amount times the wallet factor; auto-login providers by code', () => {
  expect(walletSlotValue(game('PG', { amount: 1000, ftWalletSlot: 1.5 }))).toBe(1500);
  expect(autoLoginProvider('JOKER2')).toBe('joker2');
  expect(autoLoginProvider('UFABET')).toBeNull();
});

test('invite percentages only when an invitation succeeded; the registration link', () => {
  expect(invitePercentages(0, 5)).toBeNull();
  expect(invitePercentages(3, 1)).toEqual({ success: 75, fail: 25 });
  expect(registrationLink('https://site.test', 'WL', 'abc123')).toBe(
    'https://site.test/register?code=WLabc123',
  );
});
