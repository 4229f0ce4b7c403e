import { ApiError, bus, translateErrorCode, type BusEvents } from '@wallet/shared';
import type { ActiveBonus, ActiveCheck, Bonus } from './api';
import type { MoneyFormat } from './use-bonus-data';

/** Test data of the bonus page (shapes from `@wallet/api-types`). */
export const THB: MoneyFormat = { currency: 'THB', scale: 2 };
export const LAK: MoneyFormat = { currency: 'LAK', scale: 0 };

export function bonus(code: string, overrides: Partial<Bonus> = {}): Bonus {
  return {
    code,
    name: `${code} bonus`,
    type: 'limit',
    maxReceived: 1,
    percentFail: 10,
    banners: [{ image: `/media/banners/${code}.svg`, html: `<p>${code} banner</p>` }],
    reward: { kind: 'percent', percent: 50, amount: 0, cap: 50_000 },
    minDeposit: 10_000,
    turnover: { multiple: 5, base: 'bonus_deposit', contributions: { slot: 100, sport: 50, lotto: 0 } },
    cancellable: true,
    userBonus: null,
    ...overrides,
  };
}

export function activeBonus(overrides: Partial<ActiveBonus> = {}): ActiveBonus {
  return {
    _id: 'act1',
    code: 'WELCOME',
    name: 'Welcome bonus 50%',
    amount: 5_000,
    deposit: 10_000,
    percentFail: 10,
    promotion: null,
    activatedAt: '2026-11-20T03:00:00.000Z',
    turnover: { needed: 75_000, done: 30_000, percent: 40 },
    met: false,
    cancellable: true,
    forfeit: 4_500,
    ...overrides,
  };
}

export function activeCheck(bonusOverrides: Partial<ActiveBonus> | null = {}): ActiveCheck {
  if (bonusOverrides === null) return { status: false, type: null, bonus: null };
  return { status: true, type: 'limit', bonus: activeBonus(bonusOverrides) };
}

export const NO_ACTIVE: ActiveCheck = { status: false, type: null, bonus: null };

/** A refusal as the HTTP client gives it: catalogue code, translated message, optional field. */
export function refusal(code: string, status = 400, field?: string, minimum?: number): ApiError {
  return new ApiError(code, status, translateErrorCode(code), field, minimum);
}

/** Records the payloads of one bus event while a test runs. */
export function record<K extends keyof BusEvents>(event: K): { events: BusEvents[K][]; stop: () => void } {
  const events: BusEvents[K][] = [];
  const subscription = bus.on(event).subscribe((payload) => events.push(payload));
  return { events, stop: () => subscription.unsubscribe() };
}
