import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { depositApi, type DepositLookup } from './api';
import { snapshot, THB } from '../test-support/fixtures';
import { DepositModal } from './deposit-modal';

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
  ],
  wallets: [{ mode: 'AUTO', walletAccountName: 'WALLET SHOP' }],
  isManual: false,
  qrChannels: (['KBANK', 'ZPAY'] as const).map((channel) => ({
    channel,
    minimum: 1000,
    quickAmounts: [10000],
  })),
  unavailable: [],
};

const TAB_NAMES = ['Bank transfer', 'QR code', 'Upload slip', 'Wallet gift link'];

/**
 * The site's own style sheets, as the browser applies them: jsdom computes `display` from them, so a panel rule
 * such as `.wallet-form { display: flex }` that beats the `hidden` attribute shows up here as a visible panel.
 */
function loadStyles() {
  const css = ['../wallet.css', './deposit.css']
    .map((file) => readFileSync(join(__dirname, file), 'utf8'))
    .join('\n');
  const style = document.createElement('style');
  style.textContent = `[hidden] { display: none; }\n${css}`;
  document.head.append(style);
  return () => style.remove();
}

async function openDeposit() {
  render(<DepositModal open snapshot={snapshot()} format={THB} onClose={jest.fn()} />);
  // The QR and gift-link tabs come with the lookup.
  await screen.findByRole('tab', { name: 'Wallet gift link' });
}

let unloadStyles: () => void;
beforeAll(() => setLocale('en'));
beforeEach(() => {
  unloadStyles = loadStyles();
  jest.spyOn(depositApi, 'lookup').mockResolvedValue(lookup);
  jest.spyOn(depositApi, 'qr').mockResolvedValue({
    qrcodeId: null,
    hasQrcode: false,
    qrcode: '',
    amount: 0,
    expireIn: 0,
    message: '',
    payUrl: null,
  });
  jest.spyOn(depositApi, 'slipSettings').mockRejectedValue(new Error('offline'));
});
afterEach(() => {
  unloadStyles();
  jest.restoreAllMocks();
});

/** Each tab shows its own panel and only that one, to the eye (computed style) and to assistive tech. */
function expectOnlyPanelOf(name: string) {
  // The deposit tabs' panels exposed now (the QR panel holds the channel tab list's own panel).
  const depositTabIds = within(screen.getByRole('tablist', { name: 'Deposit' }))
    .getAllByRole('tab')
    .map((tab) => tab.id);
  const panels = screen
    .getAllByRole('tabpanel')
    .filter((panel) => depositTabIds.includes(panel.getAttribute('aria-labelledby') ?? ''));
  expect(panels).toHaveLength(1);
  expect(screen.getByRole('tabpanel', { name })).toBeVisible();
  for (const other of TAB_NAMES.filter((n) => n !== name)) {
    const tab = screen.getByRole('tab', { name: other });
    const panel = document.getElementById(tab.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();
    expect(panel).toHaveAttribute('hidden');
  }
}

test('every tab shows only its own panel: the slip and gift-link forms stay hidden under the bank and QR tabs', async () => {
  const user = userEvent.setup();
  await openDeposit();
  expectOnlyPanelOf('Bank transfer');
  expect(screen.getByTestId('deposit-slip-panel')).not.toBeVisible();
  expect(screen.getByTestId('deposit-gift-panel')).not.toBeVisible();

  for (const name of TAB_NAMES) {
    await user.click(screen.getByRole('tab', { name }));
    expectOnlyPanelOf(name);
  }
  // Each panel is complete on its own: the QR tab has its channels and amount, the slip tab its picker.
  await user.click(screen.getByRole('tab', { name: 'QR code' }));
  const qr = screen.getByRole('tabpanel', { name: 'QR code' });
  expect(within(qr).getByRole('tablist', { name: 'Payment channels' })).toBeVisible();
  expect(await within(qr).findByRole('textbox', { name: 'Amount' })).toBeVisible();
  await user.click(screen.getByRole('tab', { name: 'Upload slip' }));
  expect(
    within(screen.getByRole('tabpanel', { name: 'Upload slip' })).getByText('Choose slip image'),
  ).toBeVisible();
});

test('a WAI-ARIA tab list: each tab controls its panel, the panel is labelled by it, and there is one Tab stop', async () => {
  await openDeposit();
  const tablist = screen.getByRole('tablist', { name: 'Deposit' });
  const tabs = within(tablist).getAllByRole('tab');
  expect(tabs.map((tab) => tab.textContent)).toEqual(TAB_NAMES);
  for (const tab of tabs) {
    const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(panel).toHaveAttribute('role', 'tabpanel');
    expect(panel).toHaveAttribute('aria-labelledby', tab.id);
  }
  expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false', 'false']);
  expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1, -1]);
});

test('arrow keys, Home and End move between the tabs and select them; Tab then enters the panel', async () => {
  const user = userEvent.setup();
  await openDeposit();
  const tab = (name: string) => screen.getByRole('tab', { name });
  tab('Bank transfer').focus();

  await user.keyboard('{ArrowRight}');
  expect(tab('QR code')).toHaveFocus();
  expect(tab('QR code')).toHaveAttribute('aria-selected', 'true');
  expect(tab('QR code')).toHaveAttribute('tabindex', '0');
  expect(tab('Bank transfer')).toHaveAttribute('tabindex', '-1');
  expectOnlyPanelOf('QR code');

  await user.keyboard('{End}');
  expect(tab('Wallet gift link')).toHaveFocus();
  expectOnlyPanelOf('Wallet gift link');

  await user.keyboard('{ArrowRight}'); // wraps to the first
  expect(tab('Bank transfer')).toHaveFocus();
  expectOnlyPanelOf('Bank transfer');

  await user.keyboard('{ArrowLeft}'); // wraps to the last
  expect(tab('Wallet gift link')).toHaveFocus();

  await user.keyboard('{Home}');
  expect(tab('Bank transfer')).toHaveFocus();
  expectOnlyPanelOf('Bank transfer');

  // The bank panel starts with text: it is itself the next Tab stop after the tab list.
  await user.tab();
  expect(screen.getByRole('tabpanel', { name: 'Bank transfer' })).toHaveFocus();
});

test('the QR channels are a tab list of their own, with arrow keys', async () => {
  const user = userEvent.setup();
  await openDeposit();
  await user.click(screen.getByRole('tab', { name: 'QR code' }));
  const channels = screen.getByRole('tablist', { name: 'Payment channels' });
  const kbank = within(channels).getByRole('tab', { name: 'KBank' });
  expect(await screen.findByRole('tabpanel', { name: 'KBank' })).toBeVisible();
  kbank.focus();
  await user.keyboard('{ArrowRight}');
  const zpay = within(channels).getByRole('tab', { name: 'ZPay' });
  expect(zpay).toHaveFocus();
  expect(zpay).toHaveAttribute('aria-selected', 'true');
  expect(await screen.findByRole('tabpanel', { name: 'ZPay' })).toBeVisible();
  expect(screen.queryByRole('tabpanel', { name: 'KBank' })).not.toBeInTheDocument();
});

test('Tab and Shift+Tab stay in the window on every tab, cycling through the shown panel’s controls only', async () => {
  const user = userEvent.setup();
  await openDeposit();
  const dialog = screen.getByRole('dialog', { name: 'Deposit' });
  for (const name of TAB_NAMES) {
    await user.click(screen.getByRole('tab', { name }));
    const panel = screen.getByRole('tabpanel', { name });
    for (const shift of [false, true]) {
      const seen = new Set<Element>();
      for (let i = 0; i < 30; i += 1) {
        await user.tab({ shift });
        const active = document.activeElement!;
        expect(dialog).toContainElement(active as HTMLElement);
        // Never a control of another tab's (hidden) panel.
        expect(active.closest('[hidden]')).toBeNull();
        seen.add(active);
      }
      // The whole cycle is walked: the close button, the current tab, and the panel (or its controls).
      expect(seen).toContain(screen.getByRole('button', { name: 'Close' }));
      expect(seen).toContain(screen.getByRole('tab', { name }));
      expect([...seen].some((el) => el === panel || panel.contains(el))).toBe(true);
    }
  }
});
