import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, registerCatalogs, setLocale, ToastViewport, translateErrorCode } from '@wallet/shared';
import {
  bonusOpsApi,
  type BonusDefinition,
  type BonusListItem,
  type PromotionDefinition,
  type PromotionListItem,
} from './api';
import { opsCatalogs } from './catalogs';
import { OpsBonuses } from './ops-bonuses';

beforeAll(async () => {
  await registerCatalogs(opsCatalogs);
  await setLocale('en');
});
afterEach(() => jest.restoreAllMocks());

const welcome: BonusDefinition = {
  code: 'WELCOME',
  type: 'limit',
  maxReceived: 1,
  rewardKind: 'percent',
  percent: 50,
  amounts: {
    THB: { fixed: 0, cap: 50_000, minDeposit: 10_000 },
    LAK: { fixed: 0, cap: 1_500_000, minDeposit: 100_000 },
  },
  turnoverMultiple: 5,
  turnoverBase: 'bonus_deposit',
  contributions: { slot: 100, sport: 50, lotto: 0 },
  percentFail: 10,
  cancellable: true,
  listed: true,
  active: true,
  sortOrder: 1,
  names: { th: 'โบนัสต้อนรับ 50%', la: 'ໂບນັດຕ້ອນຮັບ 50%', en: 'Welcome bonus 50%' },
  banners: [
    {
      image: '/media/banners/welcome.png',
      html: { th: '<p>ต้อนรับ</p>', la: '<p>ຕ້ອນຮັບ</p>', en: '<p>Welcome</p>' },
    },
  ],
};

const bonuses: BonusListItem[] = [{ ...welcome, activations: { open: 3, total: 12 } }];

const happy: PromotionDefinition = {
  code: 'HAPPY-2027',
  bonusCode: 'WELCOME',
  descriptions: { th: '<p>ปีใหม่</p>', la: '<p>ປີໃໝ່</p>', en: '<p>New year</p>' },
  maxTotal: 500,
  active: true,
  startsAt: '2026-12-31T17:00:00.000Z',
  endsAt: null,
};
const promotions: PromotionListItem[] = [{ ...happy, received: 42 }];

function lists() {
  return {
    bonuses: jest.spyOn(bonusOpsApi, 'bonuses').mockResolvedValue(bonuses),
    promotions: jest.spyOn(bonusOpsApi, 'promotions').mockResolvedValue(promotions),
    bonus: jest.spyOn(bonusOpsApi, 'bonus').mockResolvedValue(welcome),
    promotion: jest.spyOn(bonusOpsApi, 'promotion').mockResolvedValue(happy),
    saveBonus: jest.spyOn(bonusOpsApi, 'saveBonus'),
    savePromotion: jest.spyOn(bonusOpsApi, 'savePromotion'),
  };
}

function renderScreen(role: string, path = '/ops/bonuses') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <OpsBonuses operator={{ username: `${role}1`, role }} />
      <ToastViewport />
    </MemoryRouter>,
  );
}

test('finance sees both lists read-only: names in the three languages, amounts, counts, and no way to edit', async () => {
  const api = lists();
  renderScreen('finance');
  const row = await screen.findByTestId('bops-bonus-WELCOME');
  expect(row).toHaveTextContent('Welcome bonus 50%');
  expect(row).toHaveTextContent('โบนัสต้อนรับ 50%');
  expect(row).toHaveTextContent('ໂບນັດຕ້ອນຮັບ 50%');
  expect(row).toHaveTextContent('50% of the deposit');
  expect(row).toHaveTextContent('at most 500.00 THB');
  expect(row).toHaveTextContent('at most 1,500,000 LAK');
  expect(row).toHaveTextContent('3 open of 12');
  const promotion = screen.getByTestId('bops-promotion-HAPPY-2027');
  expect(promotion).toHaveTextContent('42 of 500');
  expect(promotion).toHaveTextContent('From 01/01/2027 00:00'); // Bangkok time
  expect(screen.getByRole('note')).toHaveTextContent('only an administrator can change them');
  expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /New/ })).not.toBeInTheDocument();
  expect(api.bonus).not.toHaveBeenCalled();
});

test('finance opening an editor by its address is told it is for administrators, and nothing is read', async () => {
  const api = lists();
  renderScreen('finance', '/ops/bonuses/bonus/WELCOME');
  expect(await screen.findByRole('note')).toHaveTextContent('Only an administrator');
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  expect(api.bonus).not.toHaveBeenCalled();
});

test('support is not given the screen and nothing is called', () => {
  const api = lists();
  renderScreen('support');
  expect(screen.getByRole('note')).toHaveTextContent('for administrators and finance');
  expect(api.bonuses).not.toHaveBeenCalled();
});

test('admin edits a bonus: the PUT carries the edited fields and the rest as read, then the lists come back', async () => {
  const api = lists();
  api.saveBonus.mockImplementation((body) => Promise.resolve(body));
  renderScreen('admin');
  await userEvent.click(await screen.findByRole('link', { name: 'Edit bonus WELCOME' }));
  expect(api.bonus).toHaveBeenCalledWith('WELCOME');
  const editor = await screen.findByRole('region', { name: 'Bonus WELCOME' });
  await waitFor(() => expect(within(editor).getByRole('heading', { name: 'Bonus WELCOME' })).toHaveFocus());
  const code = within(editor).getByRole('textbox', { name: /^Code/ });
  expect(code).toHaveValue('WELCOME');
  expect(code).toHaveAttribute('readonly');

  const percent = within(editor).getByRole('textbox', { name: /^Percent of the deposit/ });
  await userEvent.clear(percent);
  await userEvent.type(percent, '100');
  const cap = within(editor).getByRole('textbox', { name: /^Most paid \(THB\)/ });
  expect(cap).toHaveValue('500.00');
  await userEvent.clear(cap);
  await userEvent.type(cap, '1,000.50');
  const english = within(within(editor).getByRole('group', { name: 'Name' })).getByRole('textbox', {
    name: /^English/,
  });
  await userEvent.clear(english);
  await userEvent.type(english, 'Welcome bonus 100%');
  await userEvent.click(within(editor).getByRole('checkbox', { name: 'Active (can be received)' }));
  await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.saveBonus).toHaveBeenCalledTimes(1));
  expect(api.saveBonus).toHaveBeenCalledWith({
    ...welcome,
    percent: 100,
    amounts: { ...welcome.amounts, THB: { fixed: 0, cap: 100_050, minDeposit: 10_000 } },
    names: { ...welcome.names, en: 'Welcome bonus 100%' },
    active: false,
  });
  expect(await screen.findByText('Bonus WELCOME saved.')).toBeInTheDocument();
  expect(await screen.findByTestId('bops-bonus-table')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Bonuses and promotions' })).toHaveFocus();
  expect(api.bonuses).toHaveBeenCalledTimes(2);
});

test('what the server would refuse is shown at its field, translated, and nothing is sent', async () => {
  const api = lists();
  renderScreen('admin', '/ops/bonuses/bonus/WELCOME');
  const editor = await screen.findByRole('region', { name: 'Bonus WELCOME' });
  const maxReceived = await within(editor).findByRole('textbox', { name: /^Receipts allowed per period/ });
  await userEvent.clear(maxReceived);
  await userEvent.type(maxReceived, '1001');
  const thai = within(within(editor).getByRole('group', { name: 'Name' })).getByRole('textbox', {
    name: /^Thai/,
  });
  await userEvent.clear(thai);
  await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));

  expect(await within(editor).findByText('Enter a whole number from 1 to 1000.')).toBeInTheDocument();
  expect(maxReceived).toHaveAttribute('aria-invalid', 'true');
  expect(thai).toHaveAttribute('aria-invalid', 'true');
  expect(within(editor).getByTestId('bops-problems')).toHaveTextContent('Fields to correct: 2.');
  expect(api.saveBonus).not.toHaveBeenCalled();
});

test('a server refusal of the PUT shows its translated message and keeps the editor open', async () => {
  const api = lists();
  api.saveBonus.mockRejectedValue(
    new ApiError('KEY_INVALID', 400, translateErrorCode('KEY_INVALID', 'percent: 1 to 1000')),
  );
  renderScreen('admin', '/ops/bonuses/bonus/WELCOME');
  const editor = await screen.findByRole('region', { name: 'Bonus WELCOME' });
  await userEvent.click(await within(editor).findByRole('button', { name: 'Save' }));
  expect(await within(editor).findByTestId('bops-refusal')).toHaveTextContent(
    'Some information is not valid.',
  );
  // The toast says it too.
  expect(await screen.findAllByText('Some information is not valid.')).toHaveLength(2);
  expect(screen.getByRole('region', { name: 'Bonus WELCOME' })).toBeInTheDocument();
  expect(api.bonuses).toHaveBeenCalledTimes(1);
});

test('a new bonus cannot take the code of an existing one (PUT would replace it)', async () => {
  const api = lists();
  renderScreen('admin');
  await userEvent.click(await screen.findByRole('link', { name: 'New bonus' }));
  const editor = await screen.findByRole('region', { name: 'New bonus' });
  const code = within(editor).getByRole('textbox', { name: /^Code/ });
  await userEvent.type(code, 'welcome');
  expect(code).toHaveValue('WELCOME');
  await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
  expect(
    await within(editor).findByText('This code is already used: edit that one instead.'),
  ).toBeInTheDocument();
  expect(api.saveBonus).not.toHaveBeenCalled();
});

test('admin creates a promotion: its bonus chosen from the definitions, its start read as Bangkok time', async () => {
  const api = lists();
  api.savePromotion.mockImplementation((body) => Promise.resolve(body));
  renderScreen('admin');
  await userEvent.click(await screen.findByRole('link', { name: 'New promotion' }));
  const editor = await screen.findByRole('region', { name: 'New promotion' });
  await userEvent.type(within(editor).getByRole('textbox', { name: /^Code/ }), 'songkran-26');
  await userEvent.selectOptions(within(editor).getByRole('combobox', { name: /^Bonus granted/ }), 'WELCOME');
  const starts = within(editor).getByLabelText('Starts');
  await userEvent.type(starts, '2027-04-13T08:00');
  const description = within(editor).getByRole('group', { name: 'Description' });
  await userEvent.type(within(description).getByRole('textbox', { name: /^Thai/ }), 'สงกรานต์');
  await userEvent.type(within(description).getByRole('textbox', { name: /^Lao/ }), 'ປີໃໝ່ລາວ');
  await userEvent.type(within(description).getByRole('textbox', { name: /^English/ }), 'Songkran');
  await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(api.savePromotion).toHaveBeenCalledTimes(1));
  expect(api.savePromotion).toHaveBeenCalledWith({
    code: 'SONGKRAN-26',
    bonusCode: 'WELCOME',
    descriptions: { th: 'สงกรานต์', la: 'ປີໃໝ່ລາວ', en: 'Songkran' },
    maxTotal: null,
    active: false,
    startsAt: '2027-04-13T01:00:00.000Z',
    endsAt: null,
  });
  expect(await screen.findByText('Promotion SONGKRAN-26 saved.')).toBeInTheDocument();
});
