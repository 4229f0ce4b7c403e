import { newIdempotencyKey } from '@wallet/shared';
import type { ChatIdentity } from './identity';
import type { ChatMessage, OutgoingItem, OutgoingMessage, SendAnswer } from './types';

/** A message the customer writes, on its way (its clientId is the key of every attempt). */
export const outgoingMessage = (message: OutgoingMessage): OutgoingItem => ({
  clientId: newIdempotencyKey(),
  status: 'sending',
  message,
  file: null,
  fileKind: null,
  progress: 0,
  previewUrl: null,
  createdAt: new Date().toISOString(),
});

/** A file the customer sends: uploaded first, then sent as a media message; previewed meanwhile. */
export const outgoingFile = (file: File, kind: 'image' | 'video'): OutgoingItem => ({
  clientId: newIdempotencyKey(),
  status: 'uploading_file',
  message: null,
  file,
  fileKind: kind,
  progress: 0,
  previewUrl: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null,
  createdAt: new Date().toISOString(),
});

/** The customer's own message as the server stored it (its answer's id, seq and time), held until its copy comes. */
export const ownCopy = (
  identity: ChatIdentity,
  room: string | null,
  clientId: string,
  message: OutgoingMessage,
  answer: SendAnswer,
): ChatMessage => ({
  sender: 'customer',
  message,
  createdAt: answer.createdAt,
  session_id: room ?? '',
  userId: identity.kind === 'member' ? identity.memberId : null,
  guestId: identity.kind === 'guest' ? identity.guestId : null,
  username: null,
  name: null,
  deviceToken: null,
  id: answer.id,
  seq: answer.seq,
  conversationId: room ?? '',
  agent: null,
  clientId,
  readAt: null,
});
