import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError, toastError } from '@wallet/shared';
import { chatApi, HISTORY_PAGE_SIZE } from './api';
import { chatIdentity, forgetGuest, roomOf, type ChatIdentity } from './identity';
import { outgoingFile, outgoingMessage, ownCopy } from './outgoing';
import { useReadMark } from './read-mark';
import {
  chatRealtime,
  PASSING_REFUSALS,
  SOCKET_CHECK_MS,
  TYPING_SHOWN_MS,
  TYPING_THROTTLE_MS,
  type ChatSocket,
  type ConnectError,
  type JoinAck,
} from './socket';
import type { ChatMessage, OutgoingItem, OutgoingMessage, ReadEvent } from './types';
import { LINK_REFRESH_MS } from '../file-links';

export type ChatPhase = 'loading' | 'unavailable' | 'error' | 'ready';

/** Stored messages by seq, oldest first, each seq once (a rejoin or a page may repeat what is held). */
export function mergeMessages(held: ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return held;
  const bySeq = new Map(held.map((message) => [message.seq, message]));
  for (const message of incoming) bySeq.set(message.seq, message);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Older pages exist while the last one was full and did not reach the first message. */
const pageHasMore = (page: readonly ChatMessage[]) =>
  page.length >= HISTORY_PAGE_SIZE && !page.some((message) => message.seq <= 1);

export interface ChatConversation {
  phase: ChatPhase;
  unread: number;
  messages: ChatMessage[];
  outgoing: OutgoingItem[];
  hasOlder: boolean;
  loadingOlder: boolean;
  online: boolean;
  /** An agent is typing in the conversation (shown for a few seconds after each sign of it). */
  agentTyping: boolean;
  /** The customer typed: the agents are told (at most every few seconds). */
  typing: () => void;
  loadOlder: () => Promise<void>;
  /**
   * The message of this seq holds a file whose link did not load (signed links last an hour): the page of history
   * holding it is read again for fresh links of the messages held (none added); at most once in LINK_REFRESH_MS.
   */
  refreshLink: (seq: number) => void;
  send: (message: OutgoingMessage) => void;
  sendFile: (file: File, kind: 'image' | 'video') => void;
  resend: (clientId: string) => void;
  remove: (clientId: string) => void;
  retry: () => void;
}

/**
 * The customer's conversation: its history, the room joined on the `/chat` socket (rejoined after every
 * reconnection with the last seq held, so what was missed arrives once and in order), what the customer sends with
 * its delivery status, and the read mark while the widget is open and the newest message is in view.
 */
export function useChatConversation(open: boolean, atBottom: boolean): ChatConversation {
  const [phase, setPhase] = useState<ChatPhase>('loading');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [outgoing, setOutgoing] = useState<OutgoingItem[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [online, setOnline] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [agentTyping, setAgentTyping] = useState(false);
  const socketRef = useRef<ChatSocket | null>(null);
  const lastTyping = useRef(0);

  const identityRef = useRef<ChatIdentity | null>(null);
  /** The room joined (spec §4: PREFIX + user id or guest id; null: the member id is unknown). */
  const roomRef = useRef<string | null>(null);
  const messagesRef = useRef<ChatMessage[]>([]);
  const outgoingRef = useRef<OutgoingItem[]>([]);
  const mounted = useRef(true);
  const olderInFlight = useRef(false);

  const updateOutgoing = useCallback((change: (items: OutgoingItem[]) => OutgoingItem[]) => {
    if (!mounted.current) return;
    outgoingRef.current = change(outgoingRef.current);
    setOutgoing(outgoingRef.current);
  }, []);
  const patchItem = useCallback(
    (clientId: string, patch: Partial<OutgoingItem>) =>
      updateOutgoing((items) =>
        items.map((item) => (item.clientId === clientId ? { ...item, ...patch } : item)),
      ),
    [updateOutgoing],
  );

  const applyMessages = useCallback(
    (incoming: readonly ChatMessage[]) => {
      if (!mounted.current || incoming.length === 0) return;
      messagesRef.current = mergeMessages(messagesRef.current, incoming);
      setMessages(messagesRef.current);
      // A message the server has is no longer on its way (the socket may tell before the HTTP answer does).
      const stored = new Set(incoming.map((message) => message.clientId).filter(Boolean));
      if (outgoingRef.current.some((item) => stored.has(item.clientId))) {
        updateOutgoing((items) => items.filter((item) => !stored.has(item.clientId)));
      }
    },
    [updateOutgoing],
  );

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Set-up: the backend's setting, the caller's identity, the newest page, then the room.
  useEffect(() => {
    let cancelled = false;
    let socket: ChatSocket | null = null;
    let check: ReturnType<typeof setInterval> | undefined;

    const join = () => {
      const s = socket;
      if (!s) return;
      const lastSeq = messagesRef.current.at(-1)?.seq ?? 0;
      const room = roomRef.current;
      s.emit('join', { ...(room ? { room } : {}), lastSeq }, (answer: JoinAck) => {
        if (cancelled) return;
        const missed = Array.isArray(answer?.messages) ? answer.messages : [];
        applyMessages(missed);
        // A long absence comes in batches: the next one starts after the newest now held.
        if (answer?.more === true && missed.length > 0) join();
      });
    };
    const onConnect = () => {
      setOnline(true);
      join();
    };
    const onDisconnect = () => setOnline(false);
    // The server refused who we are: stop asking with the same identity and say so (its retry starts afresh: a
    // guest with a new id, a member through the history call, where an ended session signs the member out).
    const onRefused = (error: ConnectError) => {
      const code = error.data?.code;
      if (typeof code !== 'string' || PASSING_REFUSALS.has(code)) return;
      clearInterval(check);
      socket?.disconnect();
      if (identityRef.current?.kind === 'guest' && code === 'UNAUTHORIZED') forgetGuest();
      if (!cancelled) setPhase('error');
    };
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const onMessage = (message: ChatMessage) => {
      if (message.sender === 'other') {
        clearTimeout(typingTimer);
        setAgentTyping(false);
      }
      applyMessages([message]);
    };
    const onTyping = (event: { by: 'customer' | 'agent' }) => {
      if (event.by !== 'agent') return;
      setAgentTyping(true);
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => setAgentTyping(false), TYPING_SHOWN_MS);
    };
    const onRead = (event: ReadEvent) => {
      if (event.by !== 'agent') return;
      const now = new Date().toISOString();
      messagesRef.current = messagesRef.current.map((message) =>
        message.sender === 'customer' && message.seq <= event.seq && !message.readAt
          ? { ...message, readAt: now }
          : message,
      );
      setMessages(messagesRef.current);
    };

    (async () => {
      setPhase('loading');
      const config = await chatApi.config();
      if (cancelled) return;
      if (!config?.PREFIX) {
        setPhase('unavailable');
        return;
      }
      let identity = await chatIdentity();
      if (cancelled) return;
      let page: ChatMessage[];
      try {
        page = await chatApi.history(identity, 0);
      } catch (error) {
        // A stored guest id the server refuses (401): a new guest, once; anything else is a failure to show.
        if (identity.kind !== 'guest' || !isApiError(error) || error.status !== 401) throw error;
        forgetGuest();
        identity = await chatIdentity();
        page = await chatApi.history(identity, 0);
      }
      if (cancelled) return;
      identityRef.current = identity;
      roomRef.current = roomOf(config.PREFIX, identity);
      applyMessages(page);
      setHasOlder(pageHasMore(page));
      setPhase('ready');

      socket = await chatRealtime.connect(identity);
      if (cancelled) {
        socket.disconnect();
        return;
      }
      socket.on('connect', onConnect);
      socket.on('disconnect', onDisconnect);
      socket.on('connect_error', onRefused);
      socket.on('messaging', onMessage);
      socket.on('chat:read', onRead);
      socket.on('chat:typing', onTyping);
      socketRef.current = socket;
      if (socket.connected) onConnect();
      // socket.io retries on its own after a dropped connection, not after the server closed it: the check covers both.
      check = setInterval(() => {
        if (socket && !socket.connected) socket.connect();
      }, SOCKET_CHECK_MS);
    })().catch((error: unknown) => {
      if (cancelled) return;
      toastError(error);
      setPhase('error');
    });

    return () => {
      cancelled = true;
      clearInterval(check);
      clearTimeout(typingTimer);
      socketRef.current = null;
      if (socket) {
        socket.off('connect', onConnect);
        socket.off('disconnect', onDisconnect);
        socket.off('connect_error', onRefused);
        socket.off('messaging', onMessage);
        socket.off('chat:read', onRead);
        socket.off('chat:typing', onTyping);
        socket.disconnect();
      }
    };
  }, [applyMessages, attempt]);

  const loadOlder = useCallback(async () => {
    const identity = identityRef.current;
    // A ref, not the state: several scroll events at the top come before the next render.
    if (!identity || olderInFlight.current || !hasOlder) return;
    olderInFlight.current = true;
    setLoadingOlder(true);
    try {
      // The held messages run without a gap down from the newest, so their count is what the next page skips.
      const page = await chatApi.history(identity, messagesRef.current.length);
      applyMessages(page);
      if (mounted.current) setHasOlder(pageHasMore(page));
    } catch (error) {
      toastError(error);
    } finally {
      olderInFlight.current = false;
      if (mounted.current) setLoadingOlder(false);
    }
  }, [applyMessages, hasOlder]);

  /** When each message's links were last asked for again, by message id (unique across conversations). */
  const linksRefreshedAt = useRef(new Map<string, number>());
  const refreshLink = useCallback(
    (seq: number) => {
      const identity = identityRef.current;
      const held = messagesRef.current;
      const message = held.find((candidate) => candidate.seq === seq);
      if (!identity || !message) return;
      const last = linksRefreshedAt.current.get(message.id);
      // A fresh link that fails at once is not an old one (a file gone stays broken).
      if (last !== undefined && Date.now() - last < LINK_REFRESH_MS) return;
      linksRefreshedAt.current.set(message.id, Date.now());
      // The held messages run without a gap down from the newest: those newer than it are what the page skips.
      const skip = held.filter((newer) => newer.seq > seq).length;
      chatApi.history(identity, skip).then(
        (page) => {
          const heldSeqs = new Set(messagesRef.current.map((message) => message.seq));
          applyMessages(page.filter((message) => heldSeqs.has(message.seq)));
        },
        () => undefined, // The link stays broken; the next opening of the chat reads fresh ones.
      );
    },
    [applyMessages],
  );

  /** Uploads (when there is a file still to upload) then sends one item; a failure leaves it to resend or remove. */
  const deliver = useCallback(
    async (clientId: string) => {
      const identity = identityRef.current;
      const item = outgoingRef.current.find((candidate) => candidate.clientId === clientId);
      if (!identity || !item) return;
      let message = item.message;
      try {
        if (item.file && item.fileKind) {
          patchItem(clientId, { status: 'uploading_file', progress: 0 });
          const uploaded = await chatApi.upload(identity, item.fileKind, item.file, (progress) =>
            patchItem(clientId, { progress }),
          );
          message = {
            message_type: 'media',
            payload: { url: true, fileType: item.fileKind, filePath: uploaded.path },
          };
          patchItem(clientId, { file: null, message });
        }
        if (!message) return;
        patchItem(clientId, { status: 'sending' });
        const room = roomRef.current;
        const answer = await chatApi.send(identity, clientId, message, room);
        // Held until the server's own copy (the `messaging` event, a rejoin, a page) takes its place by seq.
        applyMessages([ownCopy(identity, room, clientId, message, answer)]);
        if (item.previewUrl) URL.revokeObjectURL?.(item.previewUrl);
      } catch (error) {
        patchItem(clientId, { status: 'failed' });
        toastError(error);
      }
    },
    [applyMessages, patchItem],
  );

  const enqueue = (item: OutgoingItem) => {
    updateOutgoing((items) => [...items, item]);
    void deliver(item.clientId);
  };

  const send = (message: OutgoingMessage) => enqueue(outgoingMessage(message));

  const sendFile = (file: File, kind: 'image' | 'video') => enqueue(outgoingFile(file, kind));

  /** The same clientId again: if the first attempt did reach the server, it stores nothing new. */
  const resend = (clientId: string) => void deliver(clientId);

  const remove = (clientId: string) => {
    const item = outgoingRef.current.find((candidate) => candidate.clientId === clientId);
    if (item?.previewUrl) URL.revokeObjectURL?.(item.previewUrl);
    updateOutgoing((items) => items.filter((candidate) => candidate.clientId !== clientId));
  };

  const unread = useReadMark(messages, open, atBottom, identityRef);

  const typing = useCallback(() => {
    const socket = socketRef.current;
    const now = Date.now();
    if (!socket?.connected || now - lastTyping.current < TYPING_THROTTLE_MS) return;
    lastTyping.current = now;
    socket.emit('typing');
  }, []);

  return {
    phase,
    unread,
    messages,
    outgoing,
    hasOlder,
    loadingOlder,
    online,
    agentTyping,
    typing,
    loadOlder,
    refreshLink,
    send,
    sendFile,
    resend,
    remove,
    retry: () => setAttempt((value) => value + 1),
  };
}
