import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { App } from '../app';
import type { ContentEntry } from '../api';
import { dialog, signedInAs, startServer } from '../../test/console';
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
  { key: 'notice', locales: each(['en', 'la', 'th']) },
  { key: 'withdraw', locales: each(['*']) },
];
const WITHDRAW = { withdrawMin: 10_000, withdrawMax: 5_000_000, currency: 'THB' };

let server: FakeServer;

beforeAll(async () => {
  await setLocale('en');
});

beforeEach(() => {
  server = startServer();
  signedInAs(server, 'admin', '/ops/content');
  server.on('GET /api/ops/content', ok(LIST));
  server.on('GET /api/ops/content/notice/th', ok({ text: 'ไทย {percentFail}%' }));
  server.on('GET /api/ops/content/notice/en', ok({ text: 'English {percentFail}%' }));
  server.on('GET /api/ops/content/withdraw/*', ok(WITHDRAW));
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
  expect((await editor()).value).toBe('{\n  "text": "English {percentFail}%"\n}');
  expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
  expect(screen.getByText(/^Last changed /)).toBeInTheDocument();
  expect(save()).toBeDisabled();

  const user = userEvent.setup();
  await user.click(screen.getByRole('radio', { name: 'ไทย' }));
  expect(await screen.findByDisplayValue(/ไทย \{percentFail\}/)).toBeInTheDocument();
  expect(server.callsTo('GET /api/ops/content/notice/th')).toHaveLength(1);
});

test('withdrawal limits are one value for every language, previewed as members see the amounts', async () => {
  render(<App />);
  await editor();
  const user = userEvent.setup();
  await user.selectOptions(screen.getByRole('combobox', { name: 'What to edit' }), 'Withdrawal limits');
  expect(await screen.findByText('One value for every language.')).toBeInTheDocument();
  expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  expect(await screen.findByTestId('ops-content-preview')).toHaveTextContent(
    'Members may withdraw from 100.00 to 50,000.00 THB at a time.',
  );
  // The operator meant 200 baht and typed baht: the preview shows 2.00 before anything is saved.
  await typeValue(user, '{"withdrawMin": 200, "withdrawMax": 5000000, "currency": "THB"}');
  expect(screen.getByTestId('ops-content-preview')).toHaveTextContent('from 2.00 to 50,000.00 THB');
});

test('a saved value is sent as JSON, shown as the server stored it, and the list is read again', async () => {
  server.on('PUT /api/ops/content/notice/en', (call) => ok(call.body));
  render(<App />);
  const user = userEvent.setup();
  await typeValue(user, '{"text": "ใหม่ {percentFail}%"}');
  expect(save()).toBeEnabled();
  await user.click(save());
  expect(await screen.findByText('Bonus notice saved')).toBeInTheDocument();
  const puts = server.callsTo('PUT /api/ops/content/notice/en');
  expect(puts.map((c) => c.body)).toEqual([{ text: 'ใหม่ {percentFail}%' }]);
  expect((await editor()).value).toBe('{\n  "text": "ใหม่ {percentFail}%"\n}');
  expect(save()).toBeDisabled();
  expect(server.callsTo('GET /api/ops/content')).toHaveLength(2);
});

test('text that is not JSON cannot be saved and says why', async () => {
  render(<App />);
  const user = userEvent.setup();
  await typeValue(user, '{"text": "no closing brace"');
  expect(save()).toBeDisabled();
  expect(screen.getByRole('alert')).toHaveTextContent(/^This is not valid JSON: /);
  expect(await editor()).toHaveAttribute('aria-invalid', 'true');
});

test('a value the server refuses names the field, keeps the draft and changes nothing', async () => {
  server.on('PUT /api/ops/content/withdraw/*', {
    status: 400,
    body: {
      code: 'KEY_INVALID',
      message: 'content withdraw: /withdrawMax: below withdrawMin',
      field: '/withdrawMax',
    },
  });
  window.history.pushState({}, '', '/ops/content');
  render(<App />);
  await editor();
  const user = userEvent.setup();
  await user.selectOptions(screen.getByRole('combobox', { name: 'What to edit' }), 'Withdrawal limits');
  await screen.findByTestId('ops-content-preview');
  const draft = '{"withdrawMin": 20000, "withdrawMax": 10000, "currency": "THB"}';
  await typeValue(user, draft);
  await user.click(save());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Not saved: the value does not fit at /withdrawMax. Nothing was changed.');
  expect(alert).toHaveTextContent('content withdraw: /withdrawMax: below withdrawMin');
  expect((await editor()).value).toBe(draft);
  // Fixing the value clears the refusal.
  await user.type(await editor(), ' ');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('leaving an edited value asks first: staying keeps the draft, discarding loads the other language', async () => {
  render(<App />);
  const user = userEvent.setup();
  await typeValue(user, '{"text": "draft"}');
  await user.click(screen.getByRole('radio', { name: 'ไทย' }));
  const ask = await dialog('Discard your changes?');
  await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
  expect((await editor()).value).toBe('{"text": "draft"}');
  expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
  expect(server.callsTo('GET /api/ops/content/notice/th')).toHaveLength(0);

  await user.click(screen.getByRole('radio', { name: 'ไทย' }));
  await user.click(
    within(await dialog('Discard your changes?')).getByRole('button', { name: 'Discard changes' }),
  );
  expect(await screen.findByDisplayValue(/ไทย \{percentFail\}/)).toBeInTheDocument();
});

test('a language with nothing stored opens empty and says what members see meanwhile', async () => {
  server.on('GET /api/ops/content/notice/en', { status: 404, body: { code: 'NO_DATA', message: 'NO_DATA' } });
  render(<App />);
  expect((await editor()).value).toBe('');
  expect(screen.getByText(/^Nothing is stored in this language yet/)).toBeInTheDocument();
  expect(save()).toBeDisabled();
});
