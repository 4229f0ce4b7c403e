import { render, screen, waitFor } from '@testing-library/react';
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
  { key: 'notice', locales: [{ locale: 'en', updatedAt: AT }] },
  {
    key: 'contact',
    locales: [
      { locale: 'en', updatedAt: AT },
      { locale: 'th', updatedAt: AT },
    ],
  },
];
const CONTACT_TH = {
  contactText: 'ติดต่อเราได้ตลอด 24 ชั่วโมง',
  lineLink: 'https://line.me/R/ti/p/@lucky',
  lineName: '@lucky',
  lineQR: '/api/lookup/contact/qr.png',
};

let server: FakeServer;

beforeAll(async () => {
  await setLocale('en');
});

beforeEach(() => {
  server = contentConsole(LIST, {
    'howto/en': [{ id: 'deposit', title: 'Deposit', src: '/media/deposit.mp4' }],
    'notice/en': { text: 'Only {percentFail}% can be withdrawn.' },
    'contact/en': { ...CONTACT_TH, contactText: 'Reach us around the clock.' },
    'contact/th': CONTACT_TH,
  });
});

const save = () => screen.getByRole('button', { name: 'Save' });
const text = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
/** Types into a field; userEvent reads `{` as a key descriptor unless doubled. */
const typeIn = (user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) =>
  user.type(
    field,
    value.replace(/[{[]/g, (c) => c + c),
  );

test("the contact is edited as fields in the chosen language and saved as the key's value", async () => {
  server.on('PUT /api/ops/content/contact/th', (call) => ok(call.body));
  render(<App />);
  const user = userEvent.setup();
  await chooseContent(user, 'Support contact');
  expect(await screen.findByRole('textbox', { name: 'Contact text' })).toHaveValue(
    'Reach us around the clock.',
  );
  await user.click(screen.getByRole('radio', { name: 'ไทย' }));
  expect(await screen.findByDisplayValue(CONTACT_TH.contactText)).toHaveAttribute('lang', 'th');
  expect(save()).toBeDisabled();

  await user.clear(text('LINE name'));
  await user.type(text('LINE name'), '@luckywallet');
  await user.clear(text('LINE link'));
  await user.type(text('LINE link'), 'https://line.me/R/ti/p/@luckywallet');
  await user.click(save());

  expect(await screen.findByText('Support contact saved')).toBeInTheDocument();
  expect(server.callsTo('PUT /api/ops/content/contact/th').map((c) => c.body)).toEqual([
    { ...CONTACT_TH, lineName: '@luckywallet', lineLink: 'https://line.me/R/ti/p/@luckywallet' },
  ]);
  expect(server.callsTo('PUT /api/ops/content/contact/en')).toHaveLength(0);
  expect(save()).toBeDisabled();
});

test('a link members would follow must be a web address: a script address is refused before sending', async () => {
  render(<App />);
  const user = userEvent.setup();
  await chooseContent(user, 'Support contact');
  const link = await screen.findByRole('textbox', { name: 'LINE link' });
  await user.clear(link);
  await user.type(link, 'javascript:alert(1)');
  await user.clear(text('LINE QR picture'));
  await user.type(text('LINE QR picture'), '//evil.example/qr.png');
  await user.click(save());
  expect(link).toHaveAccessibleDescription(/^Error: Type a full address starting with https:\/\//);
  expect(text('LINE QR picture')).toHaveAccessibleDescription(
    /^Error: Type a full https:\/\/ address or a path/,
  );
  await waitFor(() => expect(link).toHaveFocus());
  expect(server.callsTo('PUT /api/ops/content/contact/en')).toHaveLength(0);

  // Empty is allowed: the page then shows no LINE button and no picture.
  server.on('PUT /api/ops/content/contact/en', (call) => ok(call.body));
  await user.clear(link);
  await user.clear(text('LINE QR picture'));
  await user.click(save());
  expect(await screen.findByText('Support contact saved')).toBeInTheDocument();
  expect(server.callsTo('PUT /api/ops/content/contact/en')[0]?.body).toMatchObject({
    lineLink: '',
    lineQR: '',
  });
});

test('the bonus notice keeps its placeholder; a misspelt one is named; a server refusal shows at the field', async () => {
  server.on('PUT /api/ops/content/notice/en', {
    status: 400,
    body: {
      code: 'KEY_INVALID',
      message: 'content notice: /text: too long',
      detail: 'content notice: /text: too long',
      field: '/text',
    },
  });
  render(<App />);
  const user = userEvent.setup();
  await chooseContent(user, 'Bonus notice');
  const notice = await screen.findByRole('textbox', { name: 'Notice text' });
  await user.clear(notice);
  await user.type(notice, 'Only half can be withdrawn.');
  await user.click(save());
  expect(notice).toHaveAccessibleDescription(/^The text must keep \{percentFail\}/);

  await user.clear(notice);
  await typeIn(user, notice, 'Only {percentFail}% ({percentfail}) can be withdrawn.');
  expect(notice).toHaveAccessibleDescription(/^\{percentfail\} is not a placeholder/);
  expect(server.callsTo('PUT /api/ops/content/notice/en')).toHaveLength(0);

  await user.clear(notice);
  await typeIn(user, notice, 'Only {percentFail}% of the bonus can be withdrawn.');
  await user.click(save());
  expect(await screen.findByText('Not saved: content notice: /text: too long')).toBeInTheDocument();
  expect(notice).toHaveAttribute('aria-invalid', 'true');
  expect(notice).toHaveValue('Only {percentFail}% of the bonus can be withdrawn.');
  expect(server.callsTo('PUT /api/ops/content/notice/en')).toHaveLength(1);
});

test('a language with nothing stored opens as empty fields, and saving adds it', async () => {
  server.on('GET /api/ops/content/contact/th', {
    status: 404,
    body: { code: 'NO_DATA', message: 'NO_DATA' },
  });
  server.on('PUT /api/ops/content/contact/th', (call) => ok(call.body));
  render(<App />);
  const user = userEvent.setup();
  await chooseContent(user, 'Support contact');
  await screen.findByDisplayValue('Reach us around the clock.');
  await user.click(screen.getByRole('radio', { name: 'ไทย' }));
  expect(await screen.findByText(/^Nothing is stored in this language yet/)).toBeInTheDocument();
  expect(text('Contact text')).toHaveValue('');
  await user.type(text('Contact text'), 'ติดต่อเรา');
  await user.click(save());
  expect(await screen.findByText('Support contact saved')).toBeInTheDocument();
  expect(server.callsTo('PUT /api/ops/content/contact/th')[0]?.body).toEqual({
    contactText: 'ติดต่อเรา',
    lineName: '',
    lineLink: '',
    lineQR: '',
  });
});

describe('paragraphs (bonus conditions, member agreement)', () => {
  const AGREEMENT = ['<p>First.</p>', '<p>Second "quoted".</p>'];

  beforeEach(() => {
    server.on(
      'GET /api/ops/content',
      ok([...LIST, { key: 'agreements', locales: [{ locale: 'en', updatedAt: AT }] }]),
    );
    server.on('GET /api/ops/content/agreements/en', ok(AGREEMENT));
  });

  async function openAgreement(user: ReturnType<typeof userEvent.setup>) {
    await chooseContent(user, 'Member agreement');
    return screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Paragraph 1' });
  }

  test('each paragraph is a text area; one added and one removed are saved as the list, quotes as typed', async () => {
    server.on('PUT /api/ops/content/agreements/en', (call) => ok(call.body));
    render(<App />);
    const user = userEvent.setup();
    expect(await openAgreement(user)).toHaveValue('<p>First.</p>');
    expect(text('Paragraph 2')).toHaveValue('<p>Second "quoted".</p>');
    await user.click(screen.getByRole('button', { name: 'Remove paragraph 1' }));
    await user.click(screen.getByRole('button', { name: 'Add a paragraph' }));
    await user.type(text('Paragraph 2'), '<p>Third, with "quotes".</p>');
    await user.click(save());
    expect(await screen.findByText('Member agreement saved')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/ops/content/agreements/en').map((c) => c.body)).toEqual([
      ['<p>Second "quoted".</p>', '<p>Third, with "quotes".</p>'],
    ]);
  });

  test('an empty paragraph or none at all is refused before sending; a server refusal shows at its paragraph', async () => {
    server.on('PUT /api/ops/content/agreements/en', {
      status: 400,
      body: {
        code: 'KEY_INVALID',
        message: 'content agreements: /1: empty paragraph',
        detail: 'content agreements: /1: empty paragraph',
        field: '/1',
      },
    });
    render(<App />);
    const user = userEvent.setup();
    await openAgreement(user);
    await user.click(screen.getByRole('button', { name: 'Add a paragraph' }));
    await user.click(save());
    expect(text('Paragraph 3')).toHaveAccessibleDescription('Type the paragraph, or remove it.');
    for (const n of [3, 2, 1])
      await user.click(screen.getByRole('button', { name: `Remove paragraph ${n}` }));
    await user.click(save());
    expect(screen.getByRole('alert')).toHaveTextContent('There is no paragraph: add at least one.');
    expect(server.callsTo('PUT /api/ops/content/agreements/en')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await user.type(text('Paragraph 2'), ' ');
    await user.click(save());
    expect(await screen.findByText('Not saved: content agreements: /1: empty paragraph')).toBeInTheDocument();
    expect(text('Paragraph 2')).toHaveAttribute('aria-invalid', 'true');
    expect(text('Paragraph 1')).not.toHaveAttribute('aria-invalid');
  });
});

describe('registration sources', () => {
  const SOURCES = [
    { code: 'FACEBOOK', description: 'Facebook' },
    { code: 'FRIEND', description: 'A friend' },
  ];

  beforeEach(() => {
    server.on(
      'GET /api/ops/content',
      ok([...LIST, { key: 'sources', locales: [{ locale: 'en', updatedAt: AT }] }]),
    );
    server.on('GET /api/ops/content/sources/en', ok(SOURCES));
  });

  test('an answer added with its code in capitals and one removed are saved as the list', async () => {
    server.on('PUT /api/ops/content/sources/en', (call) => ok(call.body));
    render(<App />);
    const user = userEvent.setup();
    await chooseContent(user, 'Registration sources');
    const codes = () => screen.getAllByRole<HTMLInputElement>('textbox', { name: 'Code' });
    await screen.findByDisplayValue('FACEBOOK');
    expect(codes().map((c) => c.value)).toEqual(['FACEBOOK', 'FRIEND']);
    await user.click(screen.getByRole('button', { name: 'Remove answer 1' }));
    await user.click(screen.getByRole('button', { name: 'Add an answer' }));
    await user.type(codes()[1]!, 'pod cast');
    await user.type(screen.getAllByRole('textbox', { name: 'Words the visitor picks' })[1]!, 'A podcast');
    await user.click(save());
    expect(await screen.findByText('Registration sources saved')).toBeInTheDocument();
    expect(server.callsTo('PUT /api/ops/content/sources/en')[0]?.body).toEqual([
      { code: 'FRIEND', description: 'A friend' },
      { code: 'PODCAST', description: 'A podcast' },
    ]);
  });

  test('a code listed twice or an answer without words is refused before sending', async () => {
    render(<App />);
    const user = userEvent.setup();
    await chooseContent(user, 'Registration sources');
    await screen.findByDisplayValue('FACEBOOK');
    await user.click(screen.getByRole('button', { name: 'Add an answer' }));
    const code = screen.getAllByRole('textbox', { name: 'Code' })[2]!;
    await user.type(code, 'friend');
    await user.click(save());
    expect(code).toHaveAccessibleDescription('Error: FRIEND is listed twice.');
    expect(
      screen.getAllByRole('textbox', { name: 'Words the visitor picks' })[2],
    ).toHaveAccessibleDescription('Error: Required.');
    await waitFor(() => expect(code).toHaveFocus());
    expect(server.callsTo('PUT /api/ops/content/sources/en')).toHaveLength(0);
  });
});
