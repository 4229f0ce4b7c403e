import { webcrypto } from 'node:crypto';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildConfig, bus, setLocale } from '@wallet/shared';
import { bankNameApi } from './bank-name/api';
import { depositApi, type DepositLookup, type QrState } from './api';
import { record, snapshot, THB } from '../test-support/fixtures';
import { moneyFormat } from '../common/money';
import { DepositModal } from './deposit-modal';

const none: QrState = {
  qrcodeId: null,
  hasQrcode: false,
  qrcode: '',
  amount: 0,
  expireIn: 0,
  message: '',
  payUrl: null,
};
const lookup: DepositLookup = {
  banks: [
    {
      bankType: 'BANK',
      bankCode: 'KTB',
      mode: 'AUTO',
      bank: { nameTH: 'กรุงไทย', nameEN: 'Krungthai' },
      bankAccountName: 'WALLET CO',
      bankAccountNo: '9876543210',
      currency: 'THB',
    },
    {
      bankType: 'PAYMENT',
      bankCode: 'ZPAY',
      mode: 'AUTO',
      bank: { nameTH: 'ZPay', nameEN: 'ZPay' },
      bankAccountName: '',
      bankAccountNo: '',
      currency: 'THB',
    },
  ],
  wallets: [{ mode: 'AUTO', walletAccountName: 'WALLET SHOP' }],
  isManual: false,
  qrChannels: (['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY'] as const).map((channel) => ({
    channel,
    minimum: channel === 'WW' || channel === 'PAYONEX' ? 10000 : channel === 'KBANK' ? 100 : 1000,
    quickAmounts: [10000],
  })),
  unavailable: [],
};
/**
 * What the server answers a kip wallet of the Laos build: the kip accounts, the Lao QR channel, no receiving
 * e-wallet, and why the Thai QR channels and gift links are missing.
 */
const kipLookup: DepositLookup = {
  banks: [
    {
      bankType: 'BANK',
      bankCode: 'BCEL',
      mode: 'AUTO',
      bank: { nameTH: 'บีซีอีแอล', nameEN: 'BCEL' },
      bankAccountName: 'LUCKY WALLET CO LTD',
      bankAccountNo: '0101000123456',
      currency: 'LAK',
    },
    { ...lookup.banks[1]!, currency: 'LAK' },
  ],
  wallets: [],
  isManual: false,
  qrChannels: [
    { channel: 'LAOQR', minimum: 10_000, quickAmounts: [50_000, 100_000, 200_000, 500_000, 1_000_000] },
  ],
  unavailable: [
    { method: 'THAI_QR', reason: 'BAHT_ONLY' },
    { method: 'GIFT_LINK', reason: 'BAHT_ONLY' },
  ],
};
/** What the server answers a baht wallet of the Laos build: the baht account, the Thai QR channels, no gift link. */
const laosBahtLookup: DepositLookup = {
  banks: [{ ...kipLookup.banks[0]!, bankAccountNo: '0102000654321', currency: 'THB' }],
  wallets: [],
  isManual: false,
  qrChannels: lookup.qrChannels,
  unavailable: [
    { method: 'LAO_QR', reason: 'KIP_ONLY' },
    { method: 'GIFT_LINK', reason: 'NOT_SET_UP' },
  ],
};

function renderModal(member = snapshot(), onClose = jest.fn()) {
  render(<DepositModal open snapshot={member} format={THB} onClose={onClose} />);
  return onClose;
}

beforeAll(() => {
  setLocale('en');
  if (!globalThis.crypto?.subtle)
    Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
});
beforeEach(() => {
  jest.spyOn(depositApi, 'lookup').mockResolvedValue(lookup);
  jest.spyOn(depositApi, 'qr').mockResolvedValue(none);
  // Equal times are no closing window: these tests upload at any hour (the window: slip-upload-panel.test.tsx).
  jest.spyOn(depositApi, 'slipSettings').mockResolvedValue({
    enabled: true,
    maxSizeBytes: 5 * 1024 * 1024,
    accept: ['image/jpeg', 'image/png'],
    uploadWithinMinutes: 60,
    closedFrom: '00:00',
    closedUntil: '00:00',
    timezone: 'Asia/Bangkok',
  });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

test('bank transfer: the accounts with the texts of §2, the KBank/KTB hint, and QR routing for payment banks', async () => {
  renderModal();
  expect(await screen.findByTestId('deposit-bank-number-0')).toHaveTextContent('987-654-3210');
  expect(screen.getByTestId('deposit-bank-panel')).toHaveTextContent('within 1 minute');
  expect(screen.getByTestId('deposit-bank-panel')).toHaveTextContent('within 1 hour');
  expect(screen.getByTestId('deposit-bank-panel')).toHaveTextContent('daily bank maintenance window');
  expect(screen.getByTestId('deposit-bank-hint')).toHaveTextContent('KBank or KTB');
  await userEvent.click(screen.getByTestId('deposit-bank-qr-1'));
  expect(screen.getByTestId('deposit-tab-qr')).toHaveAttribute('aria-selected', 'true');
});

test('a KTB member with a Thai account name fixes it in English first; the copy follows 1 s later', async () => {
  const member = snapshot({
    bankAccount: {
      bankAccountName: 'สมชาย ใจดี',
      bankAccountNo: '1112223334',
      bank: { code: 'KTB', nameTH: 'กรุงไทย', nameEN: 'Krungthai', nameLA: 'ກຸງໄທ' },
    },
  });
  const save = jest.spyOn(bankNameApi, 'updateBankAccountName').mockResolvedValue(member.profile);
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  renderModal(member);
  await userEvent.click(await screen.findByTestId('deposit-bank-copy-0'));
  expect(await screen.findByTestId('bank-name-modal')).toBeInTheDocument();
  expect(writeText).not.toHaveBeenCalled();

  // Non-empty, English letters only; typed text is uppercased.
  await userEvent.click(screen.getByTestId('bank-name-save'));
  expect(screen.getByText('Please enter the account name in English letters.')).toBeInTheDocument();
  await userEvent.type(screen.getByTestId('bank-name-input'), 'สมชาย');
  await userEvent.click(screen.getByTestId('bank-name-save'));
  expect(screen.getByText('Please enter the account name in English letters.')).toBeInTheDocument();
  await userEvent.clear(screen.getByTestId('bank-name-input'));
  await userEvent.type(screen.getByTestId('bank-name-input'), 'somchai jaidee');
  expect(screen.getByTestId('bank-name-input')).toHaveValue('SOMCHAI JAIDEE');
  expect(save).not.toHaveBeenCalled();

  jest.useFakeTimers();
  fireEvent.click(screen.getByTestId('bank-name-save'));
  await act(async () => undefined);
  expect(save).toHaveBeenCalledWith('KTB', 'SOMCHAI JAIDEE');
  expect(screen.queryByTestId('bank-name-modal')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(900));
  expect(writeText).not.toHaveBeenCalled();
  await act(async () => jest.advanceTimersByTime(100));
  expect(writeText).toHaveBeenCalledWith('9876543210');
});

test('creating a QR on one channel makes the other channels read their state again', async () => {
  const qr = jest.spyOn(depositApi, 'qr');
  jest.spyOn(depositApi, 'createQr').mockResolvedValue({
    qrcodeId: 'q1',
    hasQrcode: true,
    qrcode: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    payUrl: null,
    amount: 10000,
    expireIn: Date.now() + 600_000,
    message: '',
  });
  renderModal();
  await userEvent.click(await screen.findByTestId('deposit-tab-qr'));
  await userEvent.click(screen.getByTestId('qr-channel-WW'));
  await waitFor(() => expect(qr).toHaveBeenCalledWith('WW'));
  await userEvent.click(screen.getByTestId('qr-channel-KBANK'));
  const wwReads = () => qr.mock.calls.filter(([channel]) => channel === 'WW').length;
  expect(wwReads()).toBe(1);
  await userEvent.type(screen.getByTestId('qr-amount-KBANK'), '100');
  await userEvent.click(screen.getByTestId('qr-create-KBANK'));
  await waitFor(() => expect(wwReads()).toBe(2));
});

test('"I have paid" closes the modal, shows the balance-refresh message and announces the change', async () => {
  jest.spyOn(depositApi, 'qr').mockResolvedValue({
    qrcodeId: 'q1',
    hasQrcode: true,
    qrcode: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    payUrl: null,
    amount: 10000,
    expireIn: Date.now() + 600_000,
    message: '',
  });
  const toasts = record('toast');
  const changes = record('wallet:changed');
  const onClose = renderModal();
  await userEvent.click(await screen.findByTestId('deposit-tab-qr'));
  await userEvent.click(await screen.findByTestId('qr-confirm-KBANK'));
  expect(onClose).toHaveBeenCalled();
  expect(toasts.events).toContainEqual({
    kind: 'info',
    message: 'Thank you. Your balance refreshes as soon as the payment arrives.',
  });
  expect(changes.events).toEqual([{ reason: 'deposit' }]);
  toasts.stop();
  changes.stop();
});

test('a QR paid meanwhile (server push): the window closes with the amount received', async () => {
  jest.spyOn(depositApi, 'qr').mockResolvedValue({
    qrcodeId: 'q9',
    hasQrcode: true,
    qrcode: '<svg xmlns="http://www.w3.org/2000/svg"/>',
    payUrl: null,
    amount: 15050,
    expireIn: Date.now() + 600_000,
    message: '',
  });
  const toasts = record('toast');
  const onClose = renderModal();
  await userEvent.click(await screen.findByTestId('deposit-tab-qr'));
  await screen.findByTestId('qr-image-KBANK');
  act(() => bus.emit('deposit:qr', { qrcodeId: 'q9', status: 'PAID' }));
  expect(onClose).toHaveBeenCalled();
  expect(toasts.events).toContainEqual({
    kind: 'success',
    message: 'Payment received: 150.50 baht is in your wallet.',
  });
  toasts.stop();
});

test('gift link: send is disabled while empty; the link goes encrypted with the wallet name', async () => {
  const send = jest.spyOn(depositApi, 'truelink').mockResolvedValue({ amount: 500, status: 'SUCCESS' });
  const changes = record('wallet:changed');
  renderModal();
  await userEvent.click(await screen.findByTestId('deposit-tab-gift'));
  expect(screen.getByTestId('deposit-gift-panel')).toHaveTextContent('The minimum gift amount is 2 baht.');
  expect(screen.getByTestId('gift-link-send')).toBeDisabled();
  await userEvent.type(screen.getByTestId('gift-link-input'), '   ');
  expect(screen.getByTestId('gift-link-send')).toBeDisabled();
  await userEvent.type(screen.getByTestId('gift-link-input'), 'https://gift.example/abc');
  await waitFor(() => expect(depositApi.lookup).toHaveBeenCalled());
  await userEvent.click(screen.getByTestId('gift-link-send'));
  await waitFor(() => expect(send).toHaveBeenCalled());
  const [encrypted, key] = send.mock.calls[0]!;
  expect(encrypted).not.toContain('gift.example');
  expect(encrypted).toMatch(/^v1\./);
  expect(key).toEqual(expect.any(String));
  await waitFor(() => expect(changes.events).toEqual([{ reason: 'deposit' }]));
  changes.stop();
});

test('slip upload: progress, then the status and the translated reason', async () => {
  jest.spyOn(depositApi, 'uploadSlip').mockImplementation(async (_file, options) => {
    options?.onProgress?.(0.4);
    return {
      reference: 'r1',
      createdAt: '2026-03-04T10:00:00.000Z',
      amount: 0,
      status: 'FAILED',
      note: 'SLIP_REFNO_DUPLICATED',
      link: '',
    };
  });
  renderModal();
  await userEvent.click(screen.getByTestId('deposit-tab-slip'));
  expect(screen.getByTestId('slip-upload')).toBeDisabled();
  await userEvent.upload(
    screen.getByTestId('slip-file'),
    new File(['png'], 'slip.png', { type: 'image/png' }),
  );
  await userEvent.click(screen.getByTestId('slip-upload'));
  expect(await screen.findByTestId('slip-status')).toHaveTextContent('Failed');
  expect(screen.getByTestId('slip-reason')).toHaveTextContent('Duplicate slip.');
  expect(screen.getByTestId('slip-progress')).toHaveAttribute('value', '100');
});

test('tabs follow the lookup: bank, QR, slip and gift link for baht', async () => {
  renderModal();
  await screen.findByTestId('deposit-tab-qr');
  expect(screen.getAllByRole('tab', { name: /./ }).map((tab) => tab.dataset.testid)).toEqual(
    expect.arrayContaining(['deposit-tab-bank', 'deposit-tab-qr', 'deposit-tab-slip', 'deposit-tab-gift']),
  );
});

test('a kip wallet: bank transfer, the Lao QR and slip; no gift link, and the window says why', async () => {
  jest.spyOn(depositApi, 'lookup').mockResolvedValue(kipLookup);
  const qr = jest.spyOn(depositApi, 'qr');
  const user = userEvent.setup();
  render(<DepositModal open snapshot={snapshot()} format={moneyFormat('LAK')} onClose={jest.fn()} />);
  expect(await screen.findByTestId('deposit-bank-number-0')).toHaveTextContent('0101000123456');
  const tabs = screen
    .getAllByRole('tab')
    .map((tab) => tab.dataset.testid)
    .filter((id) => id?.startsWith('deposit-tab-'));
  expect(tabs).toEqual(['deposit-tab-bank', 'deposit-tab-qr', 'deposit-tab-slip']);
  expect(screen.queryByTestId('deposit-gift-panel')).not.toBeInTheDocument();
  // Why two methods the site knows are not here, under the tab list.
  const why = screen.getByRole('region', { name: 'Not offered for your wallet' });
  expect(
    within(why)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Thai QR payments (PromptPay, Thai e-wallets): baht only, and your wallet is in kip.',
    'Wallet gift links: baht only, and your wallet is in kip.',
  ]);

  // The QR tab has the one kip channel, with kip amounts (whole kip, the server's minimum).
  await user.click(screen.getByTestId('deposit-tab-qr'));
  const channels = screen.getByRole('tablist', { name: 'Payment channels' });
  expect(
    within(channels)
      .getAllByRole('tab')
      .map((tab) => tab.textContent),
  ).toEqual(['Lao QR']);
  expect(await screen.findByTestId('qr-quick-LAOQR-100000')).toHaveTextContent('100,000');
  expect(screen.getByTestId('qr-panel-LAOQR')).toHaveTextContent('Minimum 10,000 kip');
  expect(qr).toHaveBeenCalledWith('LAOQR');
});

test('a Lao QR is created for whole kip and shows its amount in kip', async () => {
  jest.spyOn(depositApi, 'lookup').mockResolvedValue(kipLookup);
  const created: QrState = {
    qrcodeId: 'qr-lak-1',
    hasQrcode: true,
    qrcode: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    amount: 150_000,
    expireIn: Date.now() + 15 * 60_000,
    message: '',
    payUrl: '/sandbox/pay/qr-lak-1?sig=abc',
  };
  const create = jest.spyOn(depositApi, 'createQr').mockResolvedValue(created);
  const user = userEvent.setup();
  render(<DepositModal open snapshot={snapshot()} format={moneyFormat('LAK')} onClose={jest.fn()} />);
  await user.click(await screen.findByTestId('deposit-tab-qr'));
  await user.type(await screen.findByTestId('qr-amount-LAOQR'), '150000');
  await user.click(screen.getByTestId('qr-create-LAOQR'));
  expect(create).toHaveBeenCalledWith('LAOQR', 150_000, expect.any(String));
  expect(await screen.findByTestId('qr-image-LAOQR')).toBeInTheDocument();
  expect(screen.getByTestId('qr-panel-LAOQR')).toHaveTextContent('Pay exactly 150,000 kip');
  expect(screen.getByTestId('qr-pay-link-LAOQR')).toHaveAttribute('href', created.payUrl);
});

test('a baht wallet of the Laos build: the baht account, named as such, and why there is no Lao QR or gift link', async () => {
  jest.spyOn(depositApi, 'lookup').mockResolvedValue(laosBahtLookup);
  const laos = buildConfig.laos;
  buildConfig.laos = true;
  try {
    render(<DepositModal open snapshot={snapshot()} format={THB} onClose={jest.fn()} />);
    expect(await screen.findByTestId('deposit-bank-number-0')).toHaveTextContent('0102000654321');
    expect(screen.getByTestId('deposit-bank-currency-0')).toHaveTextContent('Account in baht');
    expect(screen.queryByTestId('deposit-bank-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('deposit-unavailable-LAO_QR')).toHaveTextContent(
      'Lao QR payments (LAPNet): kip only, and your wallet is in baht.',
    );
    expect(screen.getByTestId('deposit-unavailable-GIFT_LINK')).toHaveTextContent(
      'Wallet gift links: not offered on this site.',
    );
  } finally {
    buildConfig.laos = laos;
  }
});

test('a site that offers everything says nothing about missing methods', async () => {
  renderModal();
  expect(await screen.findByTestId('deposit-tab-gift')).toBeInTheDocument();
  expect(screen.queryByTestId('deposit-unavailable')).not.toBeInTheDocument();
});

test('before the lookup answers no QR channel is offered', async () => {
  jest.spyOn(depositApi, 'lookup').mockReturnValue(new Promise(() => undefined));
  renderModal();
  expect(screen.getByTestId('deposit-tab-bank')).toBeInTheDocument();
  expect(screen.queryByTestId('deposit-tab-qr')).not.toBeInTheDocument();
  expect(screen.queryByTestId(/^qr-channel-/)).not.toBeInTheDocument();
  await act(async () => undefined);
});
