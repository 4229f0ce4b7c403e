import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@wallet/shared';
import { App } from '../app';
import type { ContentEntry } from '../api';
import { chooseContent, contentConsole } from '../../test/console';
import { type FakeServer, ok } from '../../test/fake-server';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn().mockRejectedValue(new Error('not exposed')),
}));

const AT = '2026-11-20T03:00:00.000Z';
const LIST: ContentEntry[] = [
  { key: 'howto', locales: [{ locale: 'en', updatedAt: AT }] },
  { key: 'slip', locales: [{ locale: '*', updatedAt: AT }] },
];
const SLIP = {
  enabled: true,
  maxSizeBytes: 5 * 1024 * 1024,
  accept: ['image/jpeg', 'image/png'],
  uploadWithinMinutes: 60,
  closedFrom: '23:50',
  closedUntil: '00:10',
  timezone: 'Asia/Bangkok',
};

let server: FakeServer;

beforeAll(async () => {
  await setLocale('en');
});

beforeEach(() => {
  server = contentConsole(LIST, {
    'howto/en': [{ id: 'deposit', title: 'Deposit', src: '/media/deposit.mp4' }],
    'slip/*': SLIP,
  });
});

const save = () => screen.getByRole('button', { name: 'Save' });
const text = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

async function openSlip(user: ReturnType<typeof userEvent.setup>) {
  await chooseContent(user, 'Slip upload');
  await screen.findByRole('checkbox', { name: 'Members can upload slips' });
}

test('the settings are shown as fields and saved in bytes, the types in order, the unread minutes kept', async () => {
  server.on('PUT /api/ops/content/slip/*', (call) => ok(call.body));
  render(<App />);
  const user = userEvent.setup();
  await openSlip(user);
  expect(box('Members can upload slips')).toBeChecked();
  expect(text('Largest file')).toHaveValue('5');
  expect(box('JPEG')).toBeChecked();
  expect(box('PNG')).toBeChecked();
  expect(text('Closed from')).toHaveValue('23:50');
  expect(save()).toBeDisabled();

  await user.click(box('Members can upload slips'));
  await user.clear(text('Largest file'));
  await user.type(text('Largest file'), '2.5');
  await user.click(box('JPEG'));
  await user.click(box('PNG'));
  await user.click(box('JPEG'));
  await user.clear(text('Closed from'));
  await user.type(text('Closed from'), '22:00');
  await user.clear(text('Open again at'));
  await user.type(text('Open again at'), '06:00');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Asia/Vientiane');
  await user.click(save());

  await screen.findByText('Slip upload saved');
  expect(server.callsTo('PUT /api/ops/content/slip/*')[0]?.body).toEqual({
    enabled: false,
    maxSizeBytes: 2_621_440,
    accept: ['image/jpeg'],
    uploadWithinMinutes: 60,
    closedFrom: '22:00',
    closedUntil: '06:00',
    timezone: 'Asia/Vientiane',
  });
});

test('a size of zero, no type and a time that is not HH:mm are refused before sending', async () => {
  render(<App />);
  const user = userEvent.setup();
  await openSlip(user);
  await user.clear(text('Largest file'));
  await user.type(text('Largest file'), '0');
  await user.click(box('JPEG'));
  await user.click(box('PNG'));
  await user.clear(text('Open again at'));
  await user.type(text('Open again at'), '24:00');
  await user.click(save());

  expect(screen.getByText(/Type a size above zero/)).toBeInTheDocument();
  expect(screen.getByText('Tick at least one type.')).toBeInTheDocument();
  expect(screen.getByText(/A time as HH:mm/)).toBeInTheDocument();
  await waitFor(() => expect(text('Largest file')).toHaveFocus());
  expect(server.callsTo('PUT /api/ops/content/slip/*')).toHaveLength(0);
});

test("the server's refusal is shown at its field and the draft stays", async () => {
  const detail = 'content slip: /timezone: Asia/Bangkokk is not a known time zone';
  server.on('PUT /api/ops/content/slip/*', {
    status: 400,
    body: { code: 'KEY_INVALID', message: detail, detail, field: '/timezone' },
  });
  render(<App />);
  const user = userEvent.setup();
  await openSlip(user);
  await user.click(box('Members can upload slips'));
  await user.click(save());
  const zone = screen.getByRole('combobox', { name: 'Time zone' });
  await waitFor(() => expect(zone).toHaveAttribute('aria-invalid', 'true'));
  expect(
    within(zone.closest('.wl-field') as HTMLElement).getByText(`Not saved: ${detail}`),
  ).toBeInTheDocument();
  expect(box('Members can upload slips')).not.toBeChecked();
});
