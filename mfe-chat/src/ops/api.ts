import { opsHttp, UPLOAD_TIMEOUT_MS } from '@wallet/shared';
import type { ChatMessage, Conversation, OutgoingMessage, UploadedFile } from './types';

/** A page of history: the server's bound for the customers' history, kept for the agents' too. */
export const PAGE_SIZE = 10;

const conversationPath = (id: string) => `/api/ops/chat/conversations/${encodeURIComponent(id)}`;

/** The agents' chat routes (docs/chat.md "HTTP (agents)"), through the console's cookie session. */
export const inboxApi = {
  /** Open conversations, latest activity first. */
  conversations: () => opsHttp.get<Conversation[]>('/api/ops/chat/conversations'),
  /** Newest first: the page below `before` (a seq), or the newest page without it. */
  messages: (id: string, before?: number) =>
    opsHttp.get<ChatMessage[]>(`${conversationPath(id)}/messages`, { before, limit: PAGE_SIZE }),
  /** Every message after `afterSeq`, oldest first (what a reconnection missed). */
  messagesAfter: (id: string, afterSeq: number) =>
    opsHttp.get<ChatMessage[]>(`${conversationPath(id)}/messages`, { afterSeq }),
  /** `clientId`: one per message the agent sends, the same again for a retry of that one (stored once). */
  send: (id: string, clientId: string, message: OutgoingMessage) =>
    opsHttp.post<ChatMessage>(`${conversationPath(id)}/messages`, { clientId, message }),
  /** The agents have read the conversation so far. */
  markRead: (id: string) => opsHttp.post<unknown>(`${conversationPath(id)}/read`, {}),
  /** A file for the conversation: a video of 20 MB on a slow line takes longer than a request (spec §9: 300 s). */
  upload: (id: string, kind: 'image' | 'video', file: File) => {
    const form = new FormData();
    form.append('file', file);
    return opsHttp.post<UploadedFile>(`${conversationPath(id)}/upload-${kind}`, form, undefined, {
      timeout: UPLOAD_TIMEOUT_MS,
    });
  },
};

/** The keys of the inbox's reads in the page's query cache (`useConsoleRead`). */
export const INBOX_KEYS = {
  conversations: ['ops', 'chat', 'conversations'],
  /** A conversation's history as shown: the newest page, older pages and what arrived live merged in. */
  messages: (id: string) => ['ops', 'chat', 'messages', id],
} as const;
