import { getToken } from '@wallet/shared';
import { chatApi } from './api';

/** Storage keys of a visitor's chat identity (spec §3 "guest-id", docs/chat.md "Conversations and rooms"). */
export const GUEST_ID_KEY = 'guest-id';
export const GUEST_TOKEN_KEY = 'guest-token';

/**
 * Who is chatting: a member by the session's bearer token (and the member id it names, for the room's name), a
 * visitor by the guest id the server gave it.
 */
export type ChatIdentity =
  | { kind: 'member'; token: string; memberId: string | null }
  | { kind: 'guest'; guestId: string; guestToken: string };

/**
 * The member id a session token names (its `sub`), read without checking the signature: the server checks the token,
 * and refuses a room or userId that is not the token's own. Null when the token is not a readable JWT.
 */
export function memberIdOf(token: string): string | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

/** Spec §4: the room is the configured prefix plus the user id or the guest id (null: the member id is unknown). */
export function roomOf(prefix: string, identity: ChatIdentity): string | null {
  const id = identity.kind === 'guest' ? identity.guestId : identity.memberId;
  return id ? prefix + id : null;
}

function readGuest(): ChatIdentity | null {
  try {
    const guestId = window.localStorage.getItem(GUEST_ID_KEY);
    const guestToken = window.localStorage.getItem(GUEST_TOKEN_KEY);
    if (guestId && guestToken) return { kind: 'guest', guestId, guestToken };
  } catch {
    // Storage blocked (privacy mode): a new guest id for this page, kept in memory below.
  }
  return null;
}

/** One creation at a time: two parts of the widget asking together must not make two guests. */
let creating: Promise<ChatIdentity> | null = null;
let inMemory: ChatIdentity | null = null;

/**
 * The caller's identity: the member's token, else the stored guest id, else a new one from the server, created once
 * and stored for the next visits.
 */
export function chatIdentity(): Promise<ChatIdentity> {
  const token = getToken();
  if (token) return Promise.resolve({ kind: 'member', token, memberId: memberIdOf(token) });
  const stored = readGuest() ?? inMemory;
  if (stored) return Promise.resolve(stored);
  creating ??= chatApi.createGuest().then(
    ({ guestId, guestToken }) => {
      creating = null;
      inMemory = { kind: 'guest', guestId, guestToken };
      try {
        window.localStorage.setItem(GUEST_ID_KEY, guestId);
        window.localStorage.setItem(GUEST_TOKEN_KEY, guestToken);
      } catch {
        // Kept in memory only.
      }
      return inMemory;
    },
    (error: unknown) => {
      creating = null;
      throw error;
    },
  );
  return creating;
}

/**
 * Forgets a guest id the server no longer accepts (its token does not verify: the server's secret changed), so the
 * next `chatIdentity()` asks for a new one. Its old conversation cannot be reached with it anyway.
 */
export function forgetGuest(): void {
  inMemory = null;
  try {
    window.localStorage.removeItem(GUEST_ID_KEY);
    window.localStorage.removeItem(GUEST_TOKEN_KEY);
  } catch {
    // Nothing was stored.
  }
}

/** For the tests: forgets the guest kept in memory. */
export function resetChatIdentity(): void {
  creating = null;
  inMemory = null;
}
