import { game, snapshot } from '../test-support/fixtures';
import { sameSnapshot } from './use-wallet-snapshot';

describe('sameSnapshot: when a re-read keeps the shown wallet', () => {
  test('two reads that differ only in the time of the read are the same', () => {
    const first = snapshot({ updatedAt: '2026-11-25T00:00:00.000Z' });
    const second = snapshot({ updatedAt: '2026-11-25T00:00:05.000Z' });
    expect(sameSnapshot(first, second)).toBe(true);
  });

  test('a changed main balance, game balance or coin count is not', () => {
    const base = snapshot({
      wallet: { amount: 100000, currency: 'THB' },
      slots: [game('PG', { amount: 100 })],
    });
    expect(
      sameSnapshot(base, snapshot({ wallet: { amount: 100100, currency: 'THB' }, slots: base.slots })),
    ).toBe(false);
    expect(sameSnapshot(base, { ...base, slots: [game('PG', { amount: 200 })] })).toBe(false);
    expect(
      sameSnapshot(base, { ...base, profile: { ...base.profile, coin: (base.profile.coin ?? 0) + 1 } }),
    ).toBe(false);
  });
});
