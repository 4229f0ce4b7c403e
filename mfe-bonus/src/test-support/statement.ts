import { screen, within } from '@testing-library/react';
import { profileApi } from '../common/money-format';
import type { StatementEntry } from '../statement/api';
import { memberProfile } from './fixtures';

/** Helpers of the statement page's tests (statement-page.test.tsx, statement-entries.test.tsx). */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A statement entry as `GET /api/statement` lists it: a deposit of 150.00 five minutes ago, unless overridden. */
export function entry(overrides: Partial<StatementEntry> & Pick<StatementEntry, '_id'>): StatementEntry {
  return {
    statementType: 'deposit',
    from: 'SCB',
    to: 'wallet',
    status: 'SUCCESS',
    amount: 15_000,
    createdAt: minutesAgo(5),
    ...overrides,
  };
}

export const profile = memberProfile;

export function mockProfile(currency: 'THB' | 'LAK' = 'THB') {
  return jest.spyOn(profileApi, 'profile').mockResolvedValue(profile(currency));
}

export const rows = () => screen.getAllByTestId('statement-entry');
export const row = (index: number) => within(rows()[index]!);
