import { get, http, post, put, UPLOAD_TIMEOUT_MS } from '@wallet/shared';
import type { ChatIdentity } from './identity';
import type { ChatMessage, OutgoingMessage, SendAnswer, UploadAnswer } from './types';

type RequestConfig = Parameters<typeof post>[2];

/** Spec §9: the history comes in pages of 10 (the server's bound too). */
export const HISTORY_PAGE_SIZE = 10;

/** The header that proves a guest request's guest id (docs/chat.md). */
export const GUEST_TOKEN_HEADER = 'X-Guest-Token';

/**
 * A guest's requests carry its token, and its guestId in bodies; a member's carry its bearer token (the client
 * adds it) and its userId. The server derives the room from the caller's identity and refuses ids not its own.
 */
const guestHeaders = (identity: ChatIdentity): RequestConfig =>
  identity.kind === 'guest' ? { headers: { [GUEST_TOKEN_HEADER]: identity.guestToken } } : undefined;
const owner = (identity: ChatIdentity) =>
  identity.kind === 'guest'
    ? { guestId: identity.guestId }
    : identity.memberId
      ? { userId: identity.memberId }
      : {};

/** The customers' chat routes (docs/chat.md "HTTP (customers)"). */
export const chatApi = {
  /** The chat backend's setting: no PREFIX means no chat on this site. */
  config: () => get<{ PREFIX?: string | null }>('/api/chat/config'),
  createGuest: () => post<{ guestId: string; guestToken: string }>('/api/chat/guest'),
  /** Newest first: `limit` messages after skipping the `skip` newest. */
  history: (identity: ChatIdentity, skip: number) =>
    post<ChatMessage[]>(
      '/api/chat/history',
      { ...owner(identity), limit: HISTORY_PAGE_SIZE, skip },
      guestHeaders(identity),
    ),
  /**
   * Spec §7's conversation package: the customer's message into its room (`room`: PREFIX + its id, when known).
   * `clientId`: one per message, the same again for its resend (the server stores it once).
   */
  send: (identity: ChatIdentity, clientId: string, message: OutgoingMessage, room: string | null) =>
    post<SendAnswer>(
      '/api/chat/send-message',
      { sender: 'customer', ...(room ? { session_id: room } : {}), ...owner(identity), clientId, message },
      guestHeaders(identity),
    ),
  /** The customer has read every agent message so far. */
  markRead: (identity: ChatIdentity) =>
    put<unknown>('/api/chat/read-customer/', owner(identity), guestHeaders(identity)),
  /** Multipart `file`, 300 s, progress 0..1 (spec §7). */
  upload: async (
    identity: ChatIdentity,
    kind: 'image' | 'video',
    file: File,
    onProgress: (fraction: number) => void,
  ): Promise<UploadAnswer> => {
    const form = new FormData();
    form.append('file', file);
    const answer = await http.post<UploadAnswer>(`/api/chat/upload-${kind}`, form, {
      ...guestHeaders(identity),
      timeout: UPLOAD_TIMEOUT_MS,
      onUploadProgress: (event) => {
        if (event.total) onProgress(event.loaded / event.total);
      },
    });
    return answer.data;
  },
};
