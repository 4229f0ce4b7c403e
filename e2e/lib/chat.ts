import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';

/**
 * Small steps of the support-chat scenarios (docs/chat.md): the customer's floating widget (mfe_chat/ChatWidget)
 * and the agents' inbox in the console (mfe_chat/AgentInbox at /ops/inbox), as a customer and an agent use them.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real PNG of `width`×`height` pixels of one colour, made here (the server checks the magic bytes, the browser
 * must decode it for the image to have a width).
 */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Waits until the image has loaded and been decoded (a broken or refused one never gets a width) and answers its
 * natural width. Polled from here: a function declared inside the page's callback would not survive tsx's naming.
 */
export async function waitForLoadedImage(image: Locator, timeoutMs = 15_000): Promise<number> {
  await image.waitFor();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await image.evaluate((img: HTMLImageElement) => ({
      complete: img.complete,
      width: img.naturalWidth,
      src: img.currentSrc || img.src,
    }));
    if (state.complete && state.width > 0) return state.width;
    assert.ok(Date.now() < deadline, `the image loaded: ${state.src} (complete ${state.complete})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// --- The customer's widget -------------------------------------------------------------------------------------

export const chatPanel = (page: Page): Locator => page.getByTestId('chat-panel');

/** The stored messages the widget shows, oldest first (not the ones still on their way). */
export const widgetMessages = (page: Page): Locator => chatPanel(page).getByTestId('chat-message');

/**
 * Opens the widget from the contact page's button and waits until the customer can write. The button is there
 * before the widget's remote has loaded, and its `chat:open` on the bus is not kept for a later subscriber: the
 * scenario waits for the floating chat button (the widget mounted) first, as a customer would see it.
 */
export async function openWidgetFromContactPage(page: Page): Promise<void> {
  await page.getByTestId('chat-toggle').waitFor();
  await page.getByTestId('contact-open-chat').click();
  await chatPanel(page).getByRole('textbox', { name: 'Message' }).waitFor();
}

/** Types a text in the widget, sends it with Enter, and waits until the server has stored it. */
export async function sendFromWidget(page: Page, text: string): Promise<void> {
  await chatPanel(page).getByRole('textbox', { name: 'Message' }).fill(text);
  await chatPanel(page).getByRole('textbox', { name: 'Message' }).press('Enter');
  await widgetMessages(page).filter({ hasText: text }).waitFor();
}

/** The texts of the widget's stored messages, oldest first. */
export const widgetTexts = async (page: Page): Promise<string[]> =>
  (await widgetMessages(page).locator('.chat-bubble').allTextContents()).map((t) => t.trim());

// --- The agents' inbox --------------------------------------------------------------------------------------------

export const inboxList = (page: Page): Locator => page.getByRole('navigation', { name: 'Conversations' });
export const inboxHistory = (page: Page): Locator => page.getByTestId('ainbox-history');
export const inboxMessages = (page: Page): Locator => inboxHistory(page).getByTestId('ainbox-message');
export const replyForm = (page: Page): Locator => page.getByRole('form', { name: 'Reply' });

/** Opens the conversation whose list entry shows `who` (a member's name, "Guest <end of id>"). */
export async function openConversation(page: Page, who: string): Promise<void> {
  await inboxList(page).getByRole('link', { name: who }).click();
  await page.getByRole('heading', { level: 2, name: who }).waitFor();
}

/** Sends a text reply and waits until it is in the history. */
export async function replyText(page: Page, text: string): Promise<void> {
  const form = replyForm(page);
  await form.getByLabel('Message type').selectOption('text');
  await form.getByLabel('Message', { exact: true }).fill(text);
  await form.getByRole('button', { name: 'Send' }).click();
  await inboxMessages(page).filter({ hasText: text }).waitFor();
  // The history can show the message (pushed) before the send's answer empties the composer: a next draft begun
  // before that would be emptied with it. Done when the agent sees the composer empty again.
  const field = await form.getByLabel('Message', { exact: true }).elementHandle();
  await page.waitForFunction((el) => (el as HTMLTextAreaElement | null)?.value === '', field);
}

/** Sends an image reply (a PNG picked in the file field) and waits until the history shows it loaded. */
export async function replyImage(page: Page, name: string, png: Buffer): Promise<void> {
  const form = replyForm(page);
  const before = await inboxMessages(page).count();
  await form.getByLabel('Message type').selectOption('media');
  await form.getByLabel('Image or video file').setInputFiles({ name, mimeType: 'image/png', buffer: png });
  await form.getByRole('button', { name: 'Send' }).click();
  await inboxMessages(page).nth(before).locator('img').waitFor();
}

// --- The chat's wire, as the browser sees it ---------------------------------------------------------------------

/** One socket.io event of the `/chat` namespace the page sent or received (`42/chat,<ack id>["name", body]`). */
export interface ChatFrame {
  direction: 'sent' | 'received';
  event: string;
  body: unknown;
}

/** The chat's wire of a page: its `/chat` socket events and the bodies of its `send-message` calls. */
export interface ChatWire {
  frames: ChatFrame[];
  sendBodies: unknown[];
}

const EVENT_FRAME = /^42\/chat,\d*(\[.*\])$/s;

/**
 * Records what the page's support chat says on the wire from now on (spec §7: it emits `join` and receives
 * `messaging`; `POST /api/chat/send-message` carries the conversation package), seen from outside the page.
 */
export function recordChatWire(page: Page): ChatWire {
  const wire: ChatWire = { frames: [], sendBodies: [] };
  const record = (direction: ChatFrame['direction'], payload: string | Buffer) => {
    const match = EVENT_FRAME.exec(typeof payload === 'string' ? payload : payload.toString('utf8'));
    if (!match?.[1]) return;
    const [event, body] = JSON.parse(match[1]) as [string, unknown];
    wire.frames.push({ direction, event, body });
  };
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => record('sent', payload));
    socket.on('framereceived', ({ payload }) => record('received', payload));
  });
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/chat/send-message')
      wire.sendBodies.push(request.postDataJSON());
  });
  return wire;
}

/** The events of one name the page sent or received, in order. */
export const framesOf = (wire: ChatWire, direction: ChatFrame['direction'], event: string): unknown[] =>
  wire.frames.filter((f) => f.direction === direction && f.event === event).map((f) => f.body);
