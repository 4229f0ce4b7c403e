import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError, registerCatalogs, setLocale, ToastViewport, translateErrorCode } from '@wallet/shared';
import { wheelOpsApi, type WheelDefinition, type WheelListItem } from './api';
import { opsCatalogs } from './catalogs';
import { OpsWheels } from './ops-wheels';

beforeAll(async () => {
  await registerCatalogs(opsCatalogs);
  await setLocale('en');
});
afterEach(() => jest.restoreAllMocks());

const localized = (en: string) => ({ th: `${en} ไทย`, la: `${en} ລາວ`, en });

const newYear: WheelDefinition = {
  id: 'new-year',
  names: { th: 'วงล้อปีใหม่', la: 'ວົງລໍ້ປີໃໝ່', en: 'New year wheel' },
  active: true,
  slices: [
    {
      code: 'CASH',
      label: localized('Cash'),
      bgColor: '#b8860b',
      textColor: '#ffffff',
      htmlDescription: localized('<p>Cash</p>'),
      weight: 1,
      prize: { kind: 'money', amounts: { THB: 10_000, LAK: 300_000 } },
    },
    {
      code: 'COINS5',
      label: localized('5 coins'),
      bgColor: '#1f2937',
      textColor: '#ffd700',
      htmlDescription: localized('<p>Coins</p>'),
      weight: 3,
      prize: { kind: 'coins', coins: 5 },
    },
    {
      code: 'MISS',
      label: localized('Again'),
      bgColor: '#444444',
      textColor: '#ffffff',
      htmlDescription: localized('<p>Again</p>'),
      weight: 6,
      prize: { kind: 'none' },
    },
  ],
};

const listed: WheelListItem = {
  id: newYear.id,
  names: newYear.names,
  active: true,
  totalWeight: 10,
  draws: 1234,
  slices: newYear.slices.map((s, i) => ({ ...s, chance: [10, 30, 60][i] ?? 0 })),
};

function api() {
  return {
    wheels: jest.spyOn(wheelOpsApi, 'wheels').mockResolvedValue([listed]),
    wheel: jest.spyOn(wheelOpsApi, 'wheel').mockResolvedValue(newYear),
    saveWheel: jest.spyOn(wheelOpsApi, 'saveWheel'),
    bonusCodes: jest.spyOn(wheelOpsApi, 'bonusCodes').mockResolvedValue(['WELCOME']),
  };
}

function renderScreen(role: string, path = '/ops/wheels') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <OpsWheels operator={{ username: `${role}1`, role }} />
      <ToastViewport />
    </MemoryRouter>,
  );
}

test.each(['finance', 'support'])('%s is not given the screen and nothing is called', (role) => {
  const calls = api();
  renderScreen(role);
  expect(screen.getByRole('note')).toHaveTextContent('This screen is for administrators.');
  expect(calls.wheels).not.toHaveBeenCalled();
});

test('admin sees each wheel: its names, active, the sum of weights, spins drawn and each slice’s chance', async () => {
  api();
  renderScreen('admin');
  const wheel = await screen.findByRole('article', { name: 'New year wheel' });
  expect(wheel).toHaveTextContent('วงล้อปีใหม่');
  expect(wheel).toHaveTextContent('ວົງລໍ້ປີໃໝ່');
  expect(wheel).toHaveTextContent('Active');
  expect(wheel).toHaveTextContent('Sum of the weights 10 · spins drawn 1,234');
  const rows = within(wheel).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.textContent)).toEqual([
    'CASHCash100.00 THB · 300,000 LAK110.00%',
    'COINS55 coinsCoins: 5330.00%',
    'MISSAgainNo prize660.00%',
  ]);
});

test('admin edits a wheel: chances follow the weights, and the PUT carries the edited slices', async () => {
  const calls = api();
  calls.saveWheel.mockImplementation((body) => Promise.resolve(body));
  renderScreen('admin');
  await userEvent.click(await screen.findByRole('link', { name: 'Edit wheel new-year' }));
  expect(calls.wheel).toHaveBeenCalledWith('new-year');
  const editor = await screen.findByRole('region', { name: 'Wheel new-year' });
  expect(within(editor).getByTestId('sops-weights')).toHaveTextContent('Sum of the weights: 10');
  expect(within(editor).getByTestId('sops-weights')).toHaveTextContent('Chances add up to 100.00%');

  const first = within(editor).getByRole('group', { name: 'Slice 1' });
  const weight = within(first).getByRole('textbox', { name: /^Weight/ });
  expect(weight).toHaveAccessibleDescription('Chance: 10.00%');
  await userEvent.clear(weight);
  await userEvent.type(weight, '10');
  expect(within(editor).getByTestId('sops-weights')).toHaveTextContent('Sum of the weights: 19');
  expect(weight).toHaveAccessibleDescription('Chance: 52.63%');
  const thb = within(first).getByRole('textbox', { name: /^Amount \(THB\)/ });
  expect(thb).toHaveValue('100.00');
  await userEvent.clear(thb);
  await userEvent.type(thb, '250.50');

  const second = within(editor).getByRole('group', { name: 'Slice 2' });
  await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Prize' }), 'bonus');
  await userEvent.type(within(second).getByRole('combobox', { name: /^Bonus code/ }), 'welcome');
  await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(calls.saveWheel).toHaveBeenCalledTimes(1));
  const [cash, coins, miss] = newYear.slices;
  expect(calls.saveWheel).toHaveBeenCalledWith({
    ...newYear,
    slices: [
      { ...cash, weight: 10, prize: { kind: 'money', amounts: { THB: 25_050, LAK: 300_000 } } },
      { ...coins, prize: { kind: 'bonus', bonusCode: 'WELCOME' } },
      miss,
    ],
  });
  expect(await screen.findByText('Wheel new-year saved.')).toBeInTheDocument();
  expect(await screen.findByRole('article', { name: 'New year wheel' })).toBeInTheDocument();
  expect(calls.wheels).toHaveBeenCalledTimes(2);
});

test('slices can be reordered and the order is what is sent (clockwise from the pointer)', async () => {
  const calls = api();
  calls.saveWheel.mockImplementation((body) => Promise.resolve(body));
  renderScreen('admin', '/ops/wheels/edit/new-year');
  const editor = await screen.findByRole('region', { name: 'Wheel new-year' });
  await userEvent.click(await within(editor).findByRole('button', { name: 'Move slice 3 up' }));
  expect(within(editor).getByRole('button', { name: 'Move slice 1 up' })).toBeDisabled();
  await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(calls.saveWheel).toHaveBeenCalledTimes(1));
  expect(calls.saveWheel.mock.calls[0]?.[0].slices.map((s) => s.code)).toEqual(['CASH', 'MISS', 'COINS5']);
});

test('what the server would refuse is shown at its field, translated, and nothing is sent', async () => {
  const calls = api();
  renderScreen('admin');
  await userEvent.click(await screen.findByRole('link', { name: 'New wheel' }));
  const editor = await screen.findByRole('region', { name: 'New wheel' });
  await userEvent.type(within(editor).getByRole('textbox', { name: /^Wheel id/ }), 'New-Year');
  const first = within(editor).getByRole('group', { name: 'Slice 1' });
  const second = within(editor).getByRole('group', { name: 'Slice 2' });
  await userEvent.type(within(first).getByRole('textbox', { name: /^Slice code/ }), 'a');
  await userEvent.type(within(second).getByRole('textbox', { name: /^Slice code/ }), 'A');
  const weight = within(second).getByRole('textbox', { name: /^Weight/ });
  await userEvent.clear(weight);
  await userEvent.type(weight, '0');
  expect(within(editor).getByTestId('sops-weights')).toHaveTextContent(
    'Enter every weight to see the chances.',
  );
  await userEvent.click(within(editor).getByRole('button', { name: 'Remove slice 1' }));
  expect(within(editor).getAllByRole('group', { name: /^Slice \d/ })).toHaveLength(2);
  await userEvent.click(within(editor).getByRole('button', { name: 'Add a slice' }));
  await userEvent.click(within(editor).getByRole('button', { name: 'Remove slice 3' }));
  await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));

  // The id was typed in lower case and is taken; the slice codes repeat; the weight is out of range.
  expect(within(editor).getByRole('textbox', { name: /^Wheel id/ })).toHaveValue('new-year');
  expect(
    await within(editor).findByText('This id is already used: edit that wheel instead.'),
  ).toBeInTheDocument();
  expect(within(second).getByText('Another slice of this wheel has this code.')).toBeInTheDocument();
  expect(within(second).getByText('Enter a whole number from 1 to 1000000.')).toBeInTheDocument();
  expect(calls.saveWheel).not.toHaveBeenCalled();
});

test('a server refusal of the PUT shows its translated message and keeps the editor open', async () => {
  const calls = api();
  calls.saveWheel.mockRejectedValue(
    new ApiError(
      'KEY_INVALID',
      400,
      translateErrorCode('KEY_INVALID', 'slices[1].prize.bonusCode: no bonus X'),
    ),
  );
  renderScreen('admin', '/ops/wheels/edit/new-year');
  const editor = await screen.findByRole('region', { name: 'Wheel new-year' });
  await userEvent.click(await within(editor).findByRole('button', { name: 'Save' }));
  expect(await within(editor).findByTestId('sops-refusal')).toHaveTextContent(
    'Some information is not valid.',
  );
  expect(await screen.findAllByText('Some information is not valid.')).toHaveLength(2); // and its toast
  expect(screen.getByRole('region', { name: 'Wheel new-year' })).toBeInTheDocument();
});
