import type { ChatButton, ChatMessage, Conversation, GenericElement, QuickReply } from './types';

/** The namespace of the inbox's strings (mfe-chat/src/locales/<lang>/chat-ops.json). */
export const INBOX_NS = 'chat-ops';

/** The upload rules the server applies (docs/chat.md: by magic bytes there; by the browser's type here first). */
export const MEDIA_RULES = {
  image: { types: ['image/png', 'image/jpeg', 'image/gif'], maxBytes: 10 * 1024 * 1024, maxMb: 10 },
  video: { types: ['video/mp4', 'video/quicktime'], maxBytes: 20 * 1024 * 1024, maxMb: 20 },
} as const;
export type MediaKind = keyof typeof MEDIA_RULES;
export const MEDIA_ACCEPT = [...MEDIA_RULES.image.types, ...MEDIA_RULES.video.types].join(',');

/** Which upload a file goes to, or why it is refused before anything is sent. */
export function checkMedia(
  file: File,
): { kind: MediaKind } | { refused: 'type' } | { refused: 'size'; kind: MediaKind } {
  const kind = (Object.keys(MEDIA_RULES) as MediaKind[]).find((k) =>
    (MEDIA_RULES[k].types as readonly string[]).includes(file.type),
  );
  if (!kind) return { refused: 'type' };
  if (file.size > MEDIA_RULES[kind].maxBytes) return { refused: 'size', kind };
  return { kind };
}

/** Text messages: trimmed, 1–2,000 characters (docs/chat.md). */
export const TEXT_MAX = 2000;
export const BUTTONS_MAX = 3;
export const QUICK_REPLIES_MAX = 10;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

const BUTTON_TYPES = new Set(['web', 'call', 'postback']);
function buttonsOf(value: unknown): ChatButton[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((b) => ({
    type: BUTTON_TYPES.has(str(b.type)) ? (b.type as ChatButton['type']) : 'postback',
    title: str(b.title),
    payload: str(b.payload),
  }));
}

/** A message's payload as the inbox shows it, whatever the server stored (unknown fields are left out). */
export type ShownPayload =
  | { type: 'text'; text: string }
  | { type: 'buttons'; text: string; buttons: ChatButton[] }
  | { type: 'quick_replies'; text: string; quickReplies: QuickReply[] }
  | { type: 'generic'; elements: GenericElement[] }
  | { type: 'media'; message: string; fileType: string; filePath: string }
  | { type: 'postback'; title: string };

export function shownPayload(message: ChatMessage['message']): ShownPayload {
  // Spec §3: a text's payload is the text itself; the other types' are objects.
  if (message.message_type === 'text') return { type: 'text', text: str(message.payload) };
  const p = isRecord(message.payload) ? message.payload : {};
  switch (message.message_type) {
    case 'buttons':
      return { type: 'buttons', text: str(p.text), buttons: buttonsOf(p.buttons) };
    case 'quick_replies':
      return {
        type: 'quick_replies',
        text: str(p.text),
        quickReplies: Array.isArray(p.quick_replies)
          ? p.quick_replies.filter(isRecord).map((q) => ({ title: str(q.title), payload: str(q.payload) }))
          : [],
      };
    case 'generic':
      return {
        type: 'generic',
        elements: Array.isArray(p.elements)
          ? p.elements.filter(isRecord).map((e) => ({
              image_url: str(e.image_url),
              title: str(e.title),
              subtitle: str(e.subtitle) || undefined,
              buttons: buttonsOf(e.buttons),
            }))
          : [],
      };
    case 'media':
      return { type: 'media', message: str(p.message), fileType: str(p.fileType), filePath: str(p.filePath) };
    case 'postback':
      return { type: 'postback', title: str(p.title) };
    default:
      return { type: 'text', text: str(p.text) };
  }
}

/** The inbox's `t` (a remote takes i18next's types through @wallet/shared only). */
export type Translate = (key: string, values?: Record<string, string>) => string;

/** One line for the conversations list. */
export function previewOf(message: ChatMessage, t: Translate): string {
  const shown = shownPayload(message.message);
  switch (shown.type) {
    case 'media':
      return shown.message || t(shown.fileType === 'video' ? 'preview.video' : 'preview.image');
    case 'generic':
      return t('preview.card', { title: shown.elements[0]?.title ?? '' });
    case 'postback':
      return t('preview.postback', { title: shown.title });
    default:
      return shown.text;
  }
}

/** The latest activity of a conversation, for the list's order. */
export const activityOf = (c: Conversation): string => c.lastMessage?.createdAt ?? c.updatedAt ?? '';

export const byActivity = (a: Conversation, b: Conversation): number =>
  activityOf(b).localeCompare(activityOf(a));

/** Adds messages to a conversation's history: one per id, in sequence order. */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** web buttons open an https address; call buttons dial a phone number. */
export const HTTPS_URL = /^https:\/\/[^\s/$.?#][^\s]*$/i;
export const PHONE = /^\+?[0-9][0-9 -]{4,19}$/;
