import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { App } from '../app';
import type { ContentEntry } from '../api';
import { chooseContent, contentConsole, dialog } from '../../test/console';
import { type FakeServer, ok } from '../../test/fake-server';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn().mockRejectedValue(new Error('not exposed')),
}));

const AT = '2026-11-20T03:00:00.000Z';
const each = (locales: ContentEntry['locales'][number]['locale'][]) =>
  locales.map((locale) => ({ locale, updatedAt: AT }));
const LIST: ContentEntry[] = [
  { key: 'howto', locales: each(['en', 'la', 'th']) },
  { key: 'withdraw', locales: each(['*']) },
];
const WITHDRAW = { withdrawMin: 10_000, withdrawMax: 5_000_000, currency: 'THB' };

let server: FakeServer;

beforeAll(async () => {
  await setLocale('en');
});

beforeEach(() => {
  server = contentConsole(LIST, {
    'howto/th': [{ id: 'deposit', title: 'ฝากเงิน', src: '/media/deposit.mp4' }],
    'howto/en': [{ id: 'deposit', title: 'Deposit', src: '/media/deposit.mp4' }],
    'withdraw/*': WITHDRAW,
  });
});

const editor = () => screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Value (JSON)' });
const save = () => screen.getByRole('button', { name: 'Save' });

/** Replaces the editor's text (userEvent types braces as key descriptors unless doubled). */
async function typeValue(user: ReturnType<typeof userEvent.setup>, value: string) {
  const box = await editor();
  await user.clear(box);
  await user.type(
    box,
    value.replace(/[{[]/g, (c) => c + c),
  );
}

test("the first key opens in the console's language; another language is read when chosen", async () => {
  render(<App />);
  expect((await editor()).value).toBe(
    '[\n  {\n    "id": "deposit",\n    "title": "Deposit",\n    "src": "/media/deposit.mp4"\n  }\n]',
  );
  expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
  expect(screen.getByText(/^Last changed /)).toBeInTheDocument();
  expect(save()).toBeDisabled();

  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: 'ไทย' }));
  expect(await screen.findByDisplayValue(/ฝากเงิน/)).toBeInTheDocument();
  expect(server.callsTo('GET /api/ops/content/howto/th')).toHaveLength(1);
});

/** Opens the withdrawal limits (one value for every language, a form of amounts). */
async function openLimits(user: ReturnType<typeof userEvent.setup>) {
  await chooseContent(user, 'Withdrawal limits');
  return {
    min: await screen.findByRole<HTMLInputElement>('textbox', { name: 'Smallest withdrawal' }),
    max: screen.getByRole<HTMLInputElement>('textbox', { name: 'Largest withdrawal' }),
  };
}

test('withdrawal limits are amounts in baht for every language, saved in minor units', async () => {
  server.on('PUT /api/ops/content/withdraw/*', (call) => ok(call.body));
  render(<App />);
  const user = userEvent.setup();
  const { min, max } = await openLimits(user);
  expect(screen.getByText('One value for every language.')).toBeInTheDocument();
  expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  expect([min.value, max.value]).toEqual(['100.00', '50,000.00']);
  expect(save()).toBeDisabled();

  await user.clear(min);
  await user.type(min, '200.50');
  await user.click(save());
  expect(await screen.findByText('Withdrawal limits saved')).toBeInTheDocument();
  expect(server.callsTo('PUT /api/ops/content/withdraw/*').map((c) => c.body)).toEqual([
    { withdrawMin: 20_050, withdrawMax: 5_000_000, currency: 'THB' },
  ]);
  expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Smallest withdrawal' }).value).toBe('200.50');
  expect(save()).toBeDisabled();
});

test('limits are checked as the server checks them before anything is sent', async () => {
  render(<App />);
  const user = userEvent.setup();
  const { min, max } = await openLimits(user);
  await user.clear(min);
  await user.type(min, '10.555');
  expect(min).toHaveAccessibleDescription(/^Error: Type an amount above zero/);
  await user.clear(min);
  await user.type(min, '60,000');
  expect(max).toHaveAccessibleDescription('Error: The largest withdrawal cannot be below the smallest.');
  await user.click(save());
  expect(server.callsTo('PUT /api/ops/content/withdraw/*')).toHaveLength(0);
});

test("a limit the server refuses is shown at its field, with the server's reason", async () => {
  server.on('PUT /api/ops/content/withdraw/*', {
    status: 400,
    body: {
      code: 'KEY_INVALID',
      message: 'content withdraw: /withdrawMax: too large',
      field: '/withdrawMax',
    },
  });
  render(<App />);
  const user = userEvent.setup();
  const { max } = await openLimits(user);
  await user.type(max, '0');
  await user.click(save());
  expect(await screen.findByText('Not saved: content withdraw: /withdrawMax: too large')).toBeInTheDocument();
  expect(max).toHaveAttribute('aria-invalid', 'true');
  expect(max.value).toBe('50,000.000');
});

test('a saved value is sent as JSON, shown as the server stored it, and the list is read again', async () => {
  server.on('PUT /api/ops/content/howto/en', (call) => ok(call.body));
  render(<App />);
  const user = userEvent.setup();
  await typeValue(user, '[{"id": "w", "title": "ถอนเงิน", "src": "/w.mp4"}]');
  expect(save()).toBeEnabled();
  await user.click(save());
  expect(await screen.findByText('How-to videos saved')).toBeInTheDocument();
  const puts = server.callsTo('PUT /api/ops/content/howto/en');
  expect(puts.map((c) => c.body)).toEqual([[{ id: 'w', title: 'ถอนเงิน', src: '/w.mp4' }]]);
  expect((await editor()).value).toBe(
    '[\n  {\n    "id": "w",\n    "title": "ถอนเงิน",\n    "src": "/w.mp4"\n  }\n]',
  );
  expect(save()).toBeDisabled();
  expect(server.callsTo('GET /api/ops/content')).toHaveLength(2);
});

test('text that is not JSON cannot be saved and says why', async () => {
  render(<App />);
  const user = userEvent.setup();
  await typeValue(user, '[{"code": "no closing brace"');
  expect(save()).toBeDisabled();
  expect(screen.getByRole('alert')).toHaveTextContent(/^This is not valid JSON: /);
  expect(await editor()).toHaveAttribute('aria-invalid', 'true');
});

test('a value the server refuses names the field, keeps the draft and changes nothing', async () => {
  server.on('PUT /api/ops/content/howto/en', {
    status: 400,
    body: {
      code: 'KEY_INVALID',
      message: 'content howto: /0/title: Expected string',
      field: '/0/title',
    },
  });
  render(<App />);
  const user = userEvent.setup();
  const draft = '[{"id": "x", "title": 42, "src": "/x.mp4"}]';
  await typeValue(user, draft);
  await user.click(save());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Not saved: the value does not fit at /0/title. Nothing was changed.');
  expect(alert).toHaveTextContent('content howto: /0/title: Expected string');
  expect((await editor()).value).toBe(draft);
  // Changing the value clears the refusal.
  await user.type(await editor(), ' ');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('leaving an edited value asks first: staying keeps the draft, discarding loads the other language', async () => {
  render(<App />);
  const user = userEvent.setup();
  await typeValue(user, '[]');
  await user.click(screen.getByRole('radio', { name: 'ไทย' }));
  const ask = await dialog('Discard your changes?');
  await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
  expect((await editor()).value).toBe('[]');
  expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
  expect(server.callsTo('GET /api/ops/content/howto/th')).toHaveLength(0);

  await user.click(screen.getByRole('radio', { name: 'ไทย' }));
  await user.click(
    within(await dialog('Discard your changes?')).getByRole('button', { name: 'Discard changes' }),
  );
  expect(await screen.findByDisplayValue(/ฝากเงิน/)).toBeInTheDocument();
});

test('a language with nothing stored opens empty and says what members see meanwhile', async () => {
  server.on('GET /api/ops/content/howto/en', {
    status: 404,
    body: { code: 'NO_DATA', message: 'NO_DATA' },
  });
  render(<App />);
  expect((await editor()).value).toBe('');
  expect(screen.getByText(/^Nothing is stored in this language yet/)).toBeInTheDocument();
  expect(save()).toBeDisabled();
});
