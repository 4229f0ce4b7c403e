import { AppError } from '../../platform/errors';
import type { MessageType } from './model';

/**
 * The payloads of spec §3 (docs/chat.md "Messages"), checked and normalised before a message is stored: a text's
 * payload is the text itself (a string), the other types' are objects of which only the fields listed are kept;
 * text is trimmed. Customers may send text, media and postback; agents any type. Anything
 * else is 400 KEY_INVALID.
 */
export const MESSAGE_TYPES: readonly MessageType[] = [
  'text',
  'buttons',
  'media',
  'quick_replies',
  'generic',
  'postback',
];
const CUSTOMER_TYPES: readonly MessageType[] = ['text', 'media', 'postback'];

/** A media payload as checked; `fileId` is resolved against the conversation's files by the service. */
export interface MediaPayload {
  message?: string;
  url: true;
  fileType: 'image' | 'video' | 'file';
  /** The stored file's id (the answer's filePath is a signed URL made from it). */
  filePath: string;
}

const invalid = (): AppError => new AppError('KEY_INVALID', 400);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function text(v: unknown, max: number, optional = false): string | undefined {
  if (v === undefined && optional) return undefined;
  if (typeof v !== 'string') throw invalid();
  const t = v.trim();
  if (t.length === 0 || t.length > max) throw invalid();
  return t;
}
const req = (v: unknown, max: number): string => text(v, max) as string;

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The file id a media payload names: the id itself or a `/api/chat/files/<id>…` link the upload answered. */
export function fileIdOf(filePath: string): string | undefined {
  const m = /^(?:\/api\/chat\/files\/)?([0-9a-f-]{36})(?:\?.*)?$/.exec(filePath);
  return m && FILE_ID.test(m[1] ?? '') ? m[1] : undefined;
}

function button(v: unknown): { type: 'web' | 'call' | 'postback'; title: string; payload: string } {
  if (!isRecord(v)) throw invalid();
  const title = req(v.title, 80);
  const payload = req(v.payload, 1000);
  switch (v.type) {
    case 'web': {
      let url: URL;
      try {
        url = new URL(payload);
      } catch {
        throw invalid();
      }
      if (url.protocol !== 'https:') throw invalid();
      return { type: 'web', title, payload };
    }
    case 'call':
      if (!/^\+?[0-9]{3,15}$/.test(payload)) throw invalid();
      return { type: 'call', title, payload };
    case 'postback':
      return { type: 'postback', title, payload };
    default:
      throw invalid();
  }
}

function list<T>(v: unknown, max: number, item: (x: unknown) => T, min = 1): T[] {
  if (!Array.isArray(v) || v.length < min || v.length > max) throw invalid();
  return v.map(item);
}

/** Checks a message of `side` and returns its stored form. */
export function checkMessage(
  side: 'customer' | 'agent',
  message: unknown,
): { message_type: MessageType; payload: unknown } {
  if (!isRecord(message)) throw invalid();
  const type = message.message_type;
  if (typeof type !== 'string' || !(MESSAGE_TYPES as readonly string[]).includes(type)) throw invalid();
  const t = type as MessageType;
  if (side === 'customer' && !CUSTOMER_TYPES.includes(t)) throw invalid();
  const p = message.payload;
  if (t === 'text') return { message_type: t, payload: req(p, 2000) };
  if (!isRecord(p)) throw invalid();
  switch (t) {
    case 'postback':
      return { message_type: t, payload: { title: req(p.title, 80), payload: req(p.payload, 1000) } };
    case 'media': {
      if (p.url !== true) throw invalid();
      if (p.fileType !== 'image' && p.fileType !== 'video' && p.fileType !== 'file') throw invalid();
      if (typeof p.filePath !== 'string') throw invalid();
      const fileId = fileIdOf(p.filePath);
      if (!fileId) throw invalid();
      const caption = text(p.message, 2000, true);
      const media: MediaPayload = {
        ...(caption !== undefined ? { message: caption } : {}),
        url: true,
        fileType: p.fileType,
        filePath: fileId,
      };
      return { message_type: t, payload: media };
    }
    case 'buttons':
      return { message_type: t, payload: { text: req(p.text, 2000), buttons: list(p.buttons, 3, button) } };
    case 'quick_replies':
      return {
        message_type: t,
        payload: {
          text: req(p.text, 2000),
          quick_replies: list(p.quick_replies, 13, (q) => {
            if (!isRecord(q)) throw invalid();
            return { title: req(q.title, 80), payload: req(q.payload, 1000) };
          }),
        },
      };
    case 'generic':
      return {
        message_type: t,
        payload: {
          elements: list(p.elements, 10, (e) => {
            if (!isRecord(e)) throw invalid();
            const imageUrl = req(e.image_url, 1000);
            if (!/^(https:\/\/|\/api\/chat\/files\/)/.test(imageUrl)) throw invalid();
            const subtitle = text(e.subtitle, 200, true);
            return {
              image_url: imageUrl,
              title: req(e.title, 80),
              ...(subtitle !== undefined ? { subtitle } : {}),
              ...(e.buttons !== undefined ? { buttons: list(e.buttons, 3, button) } : {}),
            };
          }),
        },
      };
  }
}
