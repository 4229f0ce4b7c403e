import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { App } from '../app';
import type { Bank, ContentEntry } from '../api';
import { chooseContent, contentConsole, dialog } from '../../test/console';
import { type FakeServer, ok } from '../../test/fake-server';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn().mockRejectedValue(new Error('not exposed')),
}));

const AT = '2026-11-20T03:00:00.000Z';
const LIST: ContentEntry[] = [
  { key: 'howto', locales: [{ locale: 'en', updatedAt: AT }] },
  { key: 'deposit', locales: [{ locale: '*', updatedAt: AT }] },
];
const BANKS: Bank[] = [
  {
    code: 'KBANK',
    nameTH: 'ธนาคารกสิกรไทย',
    nameEN: 'Kasikornbank',
    nameLA: 'ທະນາຄານກະສິກອນໄທ',
    country: 'TH',
    accountNoLength: { min: 10, max: 10 },
  },
  {
    code: 'GSB',
    nameTH: 'ธนาคารออมสิน',
    nameEN: 'Government Savings Bank',
    nameLA: 'ທະນາຄານອອມສິນ',
    country: 'TH',
    accountNoLength: { min: 12, max: 12 },
  },
  {
    code: 'BCEL',
    nameTH: 'ธนาคารการค้าต่างประเทศลาว',
    nameEN: 'BCEL',
    nameLA: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ',
    country: 'LA',
    accountNoLength: { min: 10, max: 18 },
  },
];
const KBANK_ACCOUNT = {
  bankType: 'BANK',
  bankCode: 'KBANK',
  mode: 'AUTO',
  bank: { nameTH: 'ธนาคารกสิกรไทย', nameEN: 'Kasikornbank', nameLA: 'ທະນາຄານກະສິກອນໄທ' },
  bankAccountName: 'LUCKY WALLET CO LTD',
  bankAccountNo: '0123456789',
  currency: 'THB',
};
const DEPOSIT = {
  banks: [KBANK_ACCOUNT],
  wallets: [{ mode: 'AUTO', walletAccountName: 'LUCKY WALLET' }],
  isManual: false,
};

let server: FakeServer;

beforeAll(async () => {
  await setLocale('en');
});

beforeEach(() => {
  server = contentConsole(LIST, {
    'howto/en': [{ id: 'deposit', title: 'Deposit', src: '/media/deposit.mp4' }],
    'deposit/*': DEPOSIT,
  });
  server.on('GET /api/lookup/banks', ok(BANKS));
});

const save = () => screen.getByRole('button', { name: 'Save' });

/** Opens the deposit accounts: the form of the stored accounts, once the bank list is read. */
async function openDeposit(user: ReturnType<typeof userEvent.setup>) {
  await chooseContent(user, 'Deposit accounts');
  return screen.findByRole('group', { name: 'Bank account 1' });
}

const field = (group: HTMLElement, name: string) =>
  within(group).getByRole<HTMLInputElement>('textbox', { name });

test('the stored account is shown as fields; a second account is saved with its bank names from the list', async () => {
  server.on('PUT /api/ops/content/deposit/*', (call) => ok(call.body));
  render(<App />);
  const user = userEvent.setup();
  const first = await openDeposit(user);
  expect(within(first).getByRole('combobox', { name: 'Bank' })).toHaveDisplayValue('Kasikornbank');
  expect(field(first, 'Account number')).toHaveValue('0123456789');
  expect(field(first, "Account holder's name")).toHaveValue('LUCKY WALLET CO LTD');
  // The list offers the site's banks only (a baht site: no Lao bank).
  expect(within(first).queryByRole('option', { name: 'BCEL' })).not.toBeInTheDocument();
  expect(save()).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Add a bank account' }));
  const second = screen.getByRole('group', { name: 'Bank account 2' });
  await user.selectOptions(within(second).getByRole('combobox', { name: 'Bank' }), 'Government Savings Bank');
  expect(within(second).getByText('12 digits for this bank.')).toBeInTheDocument();
  // Spaces and dashes copied from a bank's page are dropped as typed.
  await user.type(field(second, 'Account number'), '0201-2345 6789');
  expect(field(second, 'Account number')).toHaveValue('020123456789');
  await user.type(field(second, "Account holder's name"), ' LUCKY WALLET 2 ');
  await user.selectOptions(within(second).getByRole('combobox', { name: 'Mode' }), 'Checked by hand');
  await user.click(save());

  await screen.findByText('Deposit accounts saved');
  expect(server.callsTo('PUT /api/ops/content/deposit/*')[0]?.body).toEqual({
    ...DEPOSIT,
    banks: [
      KBANK_ACCOUNT,
      {
        bankType: 'BANK',
        bankCode: 'GSB',
        mode: 'manual',
        bank: { nameTH: 'ธนาคารออมสิน', nameEN: 'Government Savings Bank', nameLA: 'ທະນາຄານອອມສິນ' },
        bankAccountName: 'LUCKY WALLET 2',
        bankAccountNo: '020123456789',
        currency: 'THB',
      },
    ],
  });
});

test('an account number of the wrong length, a missing bank and an empty name are refused before sending', async () => {
  render(<App />);
  const user = userEvent.setup();
  const first = await openDeposit(user);
  await user.clear(field(first, 'Account number'));
  await user.type(field(first, 'Account number'), '012345678');
  await user.click(screen.getByRole('button', { name: 'Add a bank account' }));
  await user.click(save());

  expect(
    within(first).getByText('10 digits for this bank.', { selector: '.wl-field__error' }),
  ).toBeInTheDocument();
  const second = screen.getByRole('group', { name: 'Bank account 2' });
  expect(within(second).getByText('Choose a bank from the list.')).toBeInTheDocument();
  expect(within(second).getAllByText('Required.')).toHaveLength(2);
  await waitFor(() => expect(field(first, 'Account number')).toHaveFocus());
  expect(server.callsTo('PUT /api/ops/content/deposit/*')).toHaveLength(0);

  // Removing the new account and mending the number makes it savable.
  await user.click(within(second).getByRole('button', { name: 'Remove bank account 2' }));
  await user.type(field(first, 'Account number'), '9');
  expect(within(first).queryByText('10 digits for this bank.', { selector: '.wl-field__error' })).toBeNull();
});

test("the server's refusal is shown at its field and nothing else changes", async () => {
  server.on('PUT /api/ops/content/deposit/*', {
    status: 400,
    body: {
      code: 'KEY_INVALID',
      message: 'content deposit: /banks/0/bankAccountName: empty',
      detail: 'content deposit: /banks/0/bankAccountName: empty',
      field: '/banks/0/bankAccountName',
    },
  });
  render(<App />);
  const user = userEvent.setup();
  const first = await openDeposit(user);
  await user.click(screen.getByRole('checkbox', { name: 'Deposits are checked by hand' }));
  await user.click(save());
  expect(
    await within(first).findByText('Not saved: content deposit: /banks/0/bankAccountName: empty'),
  ).toBeInTheDocument();
  expect(field(first, "Account holder's name")).toHaveAttribute('aria-invalid', 'true');
  expect(screen.getByRole('checkbox', { name: 'Deposits are checked by hand' })).toBeChecked();
});

test('removing the wallet and leaving asks first; discarding restores the stored accounts', async () => {
  render(<App />);
  const user = userEvent.setup();
  await openDeposit(user);
  await user.click(screen.getByRole('button', { name: 'Remove wallet 1' }));
  expect(screen.queryByRole('textbox', { name: 'Wallet 1: account name' })).toBeNull();
  await user.selectOptions(screen.getByRole('combobox', { name: 'What to edit' }), 'How-to videos');
  await user.click(within(await dialog('Discard your changes?')).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('textbox', { name: 'Wallet 1: account name' })).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Discard changes' }));
  expect(screen.getByRole('textbox', { name: 'Wallet 1: account name' })).toHaveValue('LUCKY WALLET');
  expect(save()).toBeDisabled();
});

test('a refusal at a field the form has none for (the currency) is shown above the buttons', async () => {
  const detail = "content deposit: /banks/0/currency: this site's currency is LAK";
  server.on('PUT /api/ops/content/deposit/*', {
    status: 400,
    body: { code: 'KEY_INVALID', message: detail, detail, field: '/banks/0/currency' },
  });
  render(<App />);
  const user = userEvent.setup();
  await openDeposit(user);
  await user.click(screen.getByRole('checkbox', { name: 'Deposits are checked by hand' }));
  await user.click(save());
  expect(await screen.findByRole('alert')).toHaveTextContent(`Not saved: ${detail}`);
  // Any change clears it.
  await user.click(screen.getByRole('checkbox', { name: 'Deposits are checked by hand' }));
  expect(screen.queryByRole('alert')).toBeNull();
});
