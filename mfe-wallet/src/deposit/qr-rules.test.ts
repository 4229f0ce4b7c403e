import { THB } from '../test-support/fixtures';
import {
  decideQrCreate,
  depositsByQr,
  isKbankCreateDisabled,
  offeredQrChannels,
  qrChannelSetting,
  secondsLeft,
} from './qr-rules';

test('spec §9 minimums and quick amounts when the lookup names none', () => {
  expect(qrChannelSetting('WW', undefined, THB)).toEqual({
    channel: 'WW',
    minimum: 10000,
    quickAmounts: [10000, 20000, 30000, 50000, 100000],
  });
  expect(qrChannelSetting('PAYONEX', undefined, THB).minimum).toBe(10000);
  expect(qrChannelSetting('PAYTIMZ', undefined, THB).minimum).toBe(1000);
  expect(qrChannelSetting('ZPAY', undefined, THB).quickAmounts).toEqual([1000, 5000, 10000, 50000, 100000]);
  expect(qrChannelSetting('KBANK', undefined, THB).quickAmounts).toEqual([
    1000, 2000, 5000, 10000, 50000, 100000,
  ]);
});

test("the server's settings win (a build may override PAYTIMZ and ZPAY)", () => {
  const served = [{ channel: 'ZPAY' as const, minimum: 2000, quickAmounts: [2000] }];
  expect(qrChannelSetting('ZPAY', served, THB)).toBe(served[0]);
  expect(offeredQrChannels(served)).toEqual(['ZPAY']);
  // Never a channel the server does not name: none before the lookup answers, none for a kip wallet.
  expect(offeredQrChannels(undefined)).toEqual([]);
  expect(offeredQrChannels([])).toEqual([]);
});

test('under 1 nothing happens; under the minimum the minimum is named; otherwise create', () => {
  const ww = qrChannelSetting('WW', undefined, THB);
  expect(decideQrCreate('0.5', ww, THB)).toEqual({ kind: 'ignore' });
  expect(decideQrCreate('', ww, THB)).toEqual({ kind: 'ignore' });
  expect(decideQrCreate('99', ww, THB)).toEqual({ kind: 'belowMinimum', minimum: 10000 });
  expect(decideQrCreate('100', ww, THB)).toEqual({ kind: 'create', amount: 10000 });
});

test('the KBANK button is disabled at 0 or less, other channels never', () => {
  expect(isKbankCreateDisabled('KBANK', '0', THB)).toBe(true);
  expect(isKbankCreateDisabled('KBANK', '', THB)).toBe(true);
  expect(isKbankCreateDisabled('KBANK', '0.01', THB)).toBe(false);
  expect(isKbankCreateDisabled('WW', '0', THB)).toBe(false);
});

test('seconds left never go below zero', () => {
  expect(secondsLeft(10_500, 0)).toBe(11);
  expect(secondsLeft(1000, 5000)).toBe(0);
});

test('sport and casino deposits go by QR for PAYMENT banks and KBANK in SMS mode', () => {
  expect(depositsByQr({ bankType: 'PAYMENT', bankCode: 'SCB', mode: 'AUTO' })).toBe(true);
  expect(depositsByQr({ bankType: 'BANK', bankCode: 'KBANK', mode: 'SMS' })).toBe(true);
  expect(depositsByQr({ bankType: 'BANK', bankCode: 'KBANK', mode: 'AUTO' })).toBe(false);
  expect(depositsByQr({ bankType: 'BANK', bankCode: 'SCB', mode: 'SMS' })).toBe(false);
});
