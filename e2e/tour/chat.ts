import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { api } from '../lib/members';
import { readJson, type Site } from '../lib/site';
import type { Language } from './states';

/**
 * The support chat as the tour fills it (docs/chat.md): the customer's side through the customers' routes with the
 * guest token or the member's bearer token, the agent's through `/api/ops/chat/…` with the operator secret (the
 * CLI's way in; it acts as an admin, whom those routes admit).
 */

/** CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * What the customer and the agent send as a picture: a real PNG of 240×160 px (a blue-to-gold gradient), so the
 * screenshots show a picture the size of a photo's preview.
 */
function picturePng(width = 240, height = 160): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = y * (width * 3 + 1) + 1 + x * 3;
      const mix = (x + y) / (width + height);
      rows.set([Math.round(40 + 177 * mix), Math.round(90 + 90 * mix), Math.round(160 - 70 * mix)], at);
    }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
export const PICTURE_BYTES = picturePng();

/** Who writes as the customer: a guest (its token from the widget's storage) or a member (bearer token). */
export type ChatCustomer = { guestId: string; guestToken: string } | { token: string };

/** What the people of the tour write, in the tour's language (so the screenshots read as a real chat would). */
export const CHAT_TEXT: Record<
  Language,
  {
    hello: string;
    reply: string;
    choose: string;
    guide: string;
    call: string;
    human: string;
    arrived: string;
    yes: string;
    no: string;
    card: string;
    cardSubtitle: string;
    receive: string;
    thanks: string;
    failed: string;
  }
> = {
  th: {
    hello: 'สวัสดีค่ะ ฝากเงินไปแล้วแต่ยอดยังไม่เข้ากระเป๋า',
    reply: 'สวัสดีค่ะ ขอตรวจสอบให้สักครู่นะคะ',
    choose: 'ต้องการให้ช่วยเรื่องใดคะ',
    guide: 'วิธีฝากเงิน',
    call: 'โทรหาเรา',
    human: 'คุยกับเจ้าหน้าที่',
    arrived: 'ยอดเงินเข้าแล้วหรือยังคะ',
    yes: 'เข้าแล้ว',
    no: 'ยังไม่เข้า',
    card: 'โบนัสรายวัน 10%',
    cardSubtitle: 'ฝากวันนี้ รับเพิ่มอีก 10% ของยอดฝาก',
    receive: 'รับโบนัส',
    thanks: 'ขอบคุณค่ะ นี่คือสลิปการโอน',
    failed: 'ยังรออยู่นะคะ',
  },
  la: {
    hello: 'ສະບາຍດີ ຂ້ອຍຝາກເງິນແລ້ວ ແຕ່ຍອດຍັງບໍ່ເຂົ້າກະເປົາ',
    reply: 'ສະບາຍດີ ຂໍກວດສອບໃຫ້ຈັກໜ້ອຍເດີ້',
    choose: 'ຕ້ອງການໃຫ້ຊ່ວຍເລື່ອງໃດ',
    guide: 'ວິທີຝາກເງິນ',
    call: 'ໂທຫາພວກເຮົາ',
    human: 'ລົມກັບພະນັກງານ',
    arrived: 'ຍອດເງິນເຂົ້າແລ້ວບໍ່',
    yes: 'ເຂົ້າແລ້ວ',
    no: 'ຍັງບໍ່ເຂົ້າ',
    card: 'ໂບນັດປະຈຳວັນ 10%',
    cardSubtitle: 'ຝາກມື້ນີ້ ຮັບເພີ່ມອີກ 10% ຂອງຍອດຝາກ',
    receive: 'ຮັບໂບນັດ',
    thanks: 'ຂອບໃຈ ນີ້ແມ່ນສລິບການໂອນ',
    failed: 'ຍັງລໍຢູ່ເດີ້',
  },
  en: {
    hello: 'Hello, I made a deposit but it has not reached my wallet yet.',
    reply: 'Hello, let me check that for you.',
    choose: 'What can we help you with?',
    guide: 'How to deposit',
    call: 'Call us',
    human: 'Talk to an agent',
    arrived: 'Has the money arrived now?',
    yes: 'Yes, it has',
    no: 'Not yet',
    card: 'Daily bonus 10%',
    cardSubtitle: 'Deposit today and receive 10% of it on top',
    receive: 'Receive the bonus',
    thanks: 'Thank you, here is the transfer slip',
    failed: 'I am still waiting',
  },
};

function opsSecret(site: Site): string {
  return readJson<{ opsSecret: string }>(join(site.dataDir, 'secrets.json')).opsSecret;
}

const PICTURE = () => PICTURE_BYTES;

/** A picture as a multipart `file` (the name changes nothing: the server goes by the bytes). */
function pictureForm(): FormData {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PICTURE())], { type: 'image/png' }), 'photo.png');
  return form;
}

async function answer<T>(res: Response, what: string): Promise<T> {
  const json = (await res.json()) as { data: T; code?: string };
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${json.code ?? ''}`);
  return json.data;
}

/** A request of the customer: the guest's token header and id, or the member's bearer token. */
function customerRequest(customer: ChatCustomer, body: Record<string, unknown> | FormData): RequestInit {
  const headers: Record<string, string> = { 'x-requested-by': 'wallet-user' };
  if ('token' in customer) headers.authorization = `Bearer ${customer.token}`;
  else headers['x-guest-token'] = customer.guestToken;
  if (body instanceof FormData) return { method: 'POST', headers, body };
  headers['content-type'] = 'application/json';
  const owner = 'token' in customer ? {} : { guestId: customer.guestId };
  return { method: 'POST', headers, body: JSON.stringify({ ...owner, ...body }) };
}

/** A new guest, as the widget of a first visit makes one. */
export const newGuest = (site: Site) =>
  api<{ guestId: string; guestToken: string }>(site, '/api/chat/guest', { body: {} });

/** The guest the widget of this page made (its storage), once the widget has one. */
export async function widgetGuest(page: Page): Promise<{ guestId: string; guestToken: string }> {
  const handle = await page.waitForFunction(() => {
    const guestId = window.localStorage.getItem('guest-id');
    const guestToken = window.localStorage.getItem('guest-token');
    return guestId && guestToken ? { guestId, guestToken } : null;
  });
  return (await handle.jsonValue()) as { guestId: string; guestToken: string };
}

/** The conversation (room) of a guest: the server's PREFIX and the guest id. */
export async function guestConversation(site: Site, guestId: string): Promise<string> {
  const { PREFIX } = await api<{ PREFIX: string }>(site, '/api/chat/config');
  return `${PREFIX}${guestId}`;
}

/** Spec §7's conversation package of a customer: `sender`, its guest id (a member's bearer token says who). */
const packageOf = (customer: ChatCustomer) => ({
  sender: 'customer',
  ...('guestId' in customer ? { guestId: customer.guestId } : {}),
  clientId: randomUUID(),
});

/** The customer writes (opening the conversation the first time); a text's payload is the text (spec §3). */
export async function customerSays(site: Site, customer: ChatCustomer, text: string): Promise<void> {
  const body = { ...packageOf(customer), message: { message_type: 'text', payload: text } };
  await answer(
    await fetch(`${site.url}/api/chat/send-message`, customerRequest(customer, body)),
    'customer send',
  );
}

/** The customer sends a picture: uploaded, then a media message naming it. */
export async function customerSendsPicture(site: Site, customer: ChatCustomer): Promise<void> {
  const uploaded = await answer<{ path: string }>(
    await fetch(`${site.url}/api/chat/upload-image`, customerRequest(customer, pictureForm())),
    'customer upload',
  );
  const body = {
    ...packageOf(customer),
    message: { message_type: 'media', payload: { url: true, fileType: 'image', filePath: uploaded.path } },
  };
  await answer(
    await fetch(`${site.url}/api/chat/send-message`, customerRequest(customer, body)),
    'customer send picture',
  );
}

/**
 * Who answers as the agent: the operator secret (the CLI, acting as an admin), or the console page of a signed-in
 * operator (its session cookie and the console's header, as the console's own requests): its messages carry that
 * operator's name, and each sender has its own message limit (30 a minute).
 */
export type ChatAgent = Site | Page;

/** An agent's request on a conversation (`/api/ops/chat/conversations/:id/…`). */
async function agent<T>(by: ChatAgent, conversation: string, path: string, body?: unknown): Promise<T> {
  const route = `/api/ops/chat/conversations/${encodeURIComponent(conversation)}/${path}`;
  if ('request' in by) {
    const res = await by.request.post(route, {
      headers: { 'x-requested-with': 'ops-console' },
      ...(body instanceof FormData
        ? { multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: PICTURE() } } }
        : { data: body ?? {} }),
    });
    const json = (await res.json()) as { data: T; code?: string };
    if (!res.ok()) throw new Error(`agent ${path}: HTTP ${res.status()} ${json.code ?? ''}`);
    return json.data;
  }
  const site = by;
  const url = `${site.url}${route}`;
  const headers: Record<string, string> = { 'x-ops-secret': opsSecret(site) };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body ?? {});
  }
  return answer<T>(await fetch(url, { method: 'POST', headers, body: payload }), `agent ${path}`);
}

/** The agent sends one message of any type. */
export const agentSends = (by: ChatAgent, conversation: string, message: unknown) =>
  agent(by, conversation, 'messages', { clientId: randomUUID(), message });

/** The agents have read the customer's messages so far. */
export const agentReads = (by: ChatAgent, conversation: string) => agent(by, conversation, 'read');

/** The agent uploads a picture into the conversation: its signed link (for a media message or a card). */
export const agentUploadsPicture = async (by: ChatAgent, conversation: string) =>
  (await agent<{ path: string }>(by, conversation, 'upload-image', pictureForm())).path;

/**
 * A conversation holding every message type the widget draws: the customer's text (read by the agents), the
 * agent's text, buttons (a web link, a call, a postback), quick replies, a picture and a card, then the customer's
 * picture (sent, not read yet). The customer's first message opens the conversation (agents only answer).
 */
export async function everyMessageType(
  site: Site,
  conversation: string,
  customer: ChatCustomer,
  language: Language,
  by: ChatAgent = site,
): Promise<void> {
  const text = CHAT_TEXT[language];
  await customerSays(site, customer, text.hello);
  await agentReads(by, conversation);
  await agentSends(by, conversation, { message_type: 'text', payload: text.reply });
  await agentSends(by, conversation, {
    message_type: 'buttons',
    payload: {
      text: text.choose,
      buttons: [
        { type: 'web', title: text.guide, payload: 'https://luckywallet.example/howto' },
        { type: 'call', title: text.call, payload: '021234567' },
        { type: 'postback', title: text.human, payload: 'AGENT' },
      ],
    },
  });
  await agentSends(by, conversation, {
    message_type: 'quick_replies',
    payload: {
      text: text.arrived,
      quick_replies: [
        { title: text.yes, payload: 'ARRIVED' },
        { title: text.no, payload: 'NOT_ARRIVED' },
      ],
    },
  });
  const picture = await agentUploadsPicture(by, conversation);
  await agentSends(by, conversation, {
    message_type: 'media',
    payload: { url: true, fileType: 'image', filePath: picture },
  });
  await agentSends(by, conversation, {
    message_type: 'generic',
    payload: {
      elements: [
        {
          image_url: picture,
          title: text.card,
          subtitle: text.cardSubtitle,
          buttons: [{ type: 'postback', title: text.receive, payload: 'BONUS_DAILY10' }],
        },
      ],
    },
  });
  await customerSays(site, customer, text.thanks);
  await customerSendsPicture(site, customer);
}

/** How many messages the conversation holds after `everyMessageType`. */
export const EVERY_TYPE_COUNT = 8;

/**
 * Makes the page's timers of `ms` milliseconds wait a long time instead (until `restoreTimers`): the widget's
 * alerts go away after 4 s (spec §8), sooner than the tour has looked at them in two sizes.
 */
export async function holdTimers(page: Page, ms: number): Promise<void> {
  await page.evaluate((ms) => {
    const w = window as unknown as { __tourSetTimeout?: typeof setTimeout };
    const original = w.__tourSetTimeout ?? window.setTimeout;
    w.__tourSetTimeout = original;
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
      original(handler, timeout === ms ? 600_000 : timeout, ...rest)) as typeof setTimeout;
  }, ms);
}

export async function restoreTimers(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __tourSetTimeout?: typeof setTimeout };
    if (w.__tourSetTimeout) window.setTimeout = w.__tourSetTimeout;
    delete w.__tourSetTimeout;
  });
}
