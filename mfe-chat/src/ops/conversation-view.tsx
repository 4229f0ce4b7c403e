import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, SkeletonList, formatDateTime, isApiError, useTranslation } from '@wallet/shared';
import { useConsoleRead } from '@wallet/shared/ops';
import { INBOX_KEYS, inboxApi } from './api';
import { Composer } from './composer';
import { MessageBody } from './message-body';
import { INBOX_NS, mergeMessages, type Translate } from './model';
import type { InboxSocket } from './realtime';
import type { ChatMessage, Conversation, ReadEvent, TypingEvent } from './types';
import { LINK_REFRESH_MS } from '../file-links';

/** How long the customer's "typing…" stays without another `chat:typing`. */
export const TYPING_SHOWN_MS = 6000;
/** Closer than this to the top of the history, the older page is fetched. */
const NEAR_TOP_PX = 48;

const errorText = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/**
 * One conversation: its history, newest at the bottom, older pages as the agent scrolls to the top (or presses
 * the button there); what arrives live is added in sequence order. Viewing it marks it read for the agents (on
 * opening, and again for each customer message that arrives while it is open and the page visible); the
 * customer's read receipts mark the agent's messages read.
 */
export function ConversationView({
  id,
  conversation,
  socket,
  onRead,
  onSent,
}: {
  id: string;
  conversation: Conversation | undefined;
  socket: InboxSocket | undefined;
  onRead: (id: string) => void;
  onSent: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation(INBOX_NS);
  // The newest page as the conversation opens; older pages and what arrives live are merged into it as shown.
  const history = useConsoleRead(
    INBOX_KEYS.messages(id),
    () => inboxApi.messages(id).then((page) => mergeMessages([], page)),
    { errorText: (failure) => errorText(failure, t('errors.unknown')) },
  );
  const { data: messages, error, update: setMessages } = history;
  const [older, setOlder] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [typing, setTyping] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  /** What to do with the scroll position after the next render: the bottom, or keep the view on older pages. */
  const pendingScroll = useRef<{ bottom: true } | { keepFrom: number }>(undefined);
  const messagesRef = useRef<ChatMessage[]>([]);
  /** A customer message came while the page was hidden. */
  const unseen = useRef(false);
  useEffect(() => {
    messagesRef.current = messages ?? [];
  });

  const markRead = useCallback(() => {
    inboxApi.markRead(id).then(
      () => onRead(id),
      () => undefined, // Not read for the server: the badge stays and the next view tries again.
    );
  }, [id, onRead]);

  // The history shown first (the view is keyed by its conversation): read for the agents if anything is unread.
  const opened = useRef(false);
  useEffect(() => {
    if (!messages || opened.current) return;
    opened.current = true;
    if (messages.some((m) => m.sender === 'customer' && !m.readAt) || (conversation?.unread ?? 0) > 0)
      markRead();
    // The conversation's unread count at opening only decides the first read; later ones come from the socket.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messages, markRead]);

  // The agent comes back to the page: what arrived meanwhile is now seen.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !unseen.current) return;
      unseen.current = false;
      markRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markRead]);

  // Opening a conversation (a click in the list) takes the focus to it, as the members screen does.
  useEffect(() => {
    titleRef.current?.focus();
  }, [id]);

  // Live: new messages (either side), receipts, the customer typing; after a reconnection, what was missed.
  useEffect(() => {
    if (!socket) return undefined;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    const nearBottom = () => {
      const box = scroller.current;
      return !box || box.scrollHeight - box.scrollTop - box.clientHeight < 80;
    };
    const add = (incoming: ChatMessage[]) => {
      if (nearBottom()) pendingScroll.current = { bottom: true };
      setMessages((current) => mergeMessages(current, incoming));
    };
    const onMessage = (message: ChatMessage) => {
      if (message.conversationId !== id) return;
      add([message]);
      if (message.sender === 'customer') {
        setTyping(false);
        // Not seen while the page is hidden: read when the agent comes back to it.
        if (document.visibilityState === 'hidden') unseen.current = true;
        else markRead();
      }
    };
    const onReadEvent = (event: ReadEvent) => {
      if (event.conversationId !== id || event.by !== 'customer') return;
      const at = new Date().toISOString();
      setMessages((current) =>
        current.map((m) =>
          m.sender === 'other' && m.seq <= event.seq && !m.readAt ? { ...m, readAt: at } : m,
        ),
      );
    };
    const onTyping = (event: TypingEvent) => {
      if (event.conversationId !== id || event.by !== 'customer') return;
      setTyping(true);
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    };
    const onConnect = () => {
      const last = messagesRef.current.at(-1)?.seq;
      if (last === undefined) return;
      inboxApi.messagesAfter(id, last).then(add, () => undefined);
    };
    socket.on('messaging', onMessage);
    socket.on('chat:read', onReadEvent);
    socket.on('chat:typing', onTyping);
    socket.on('connect', onConnect);
    return () => {
      clearTimeout(typingTimer);
      setTyping(false);
      socket.off('messaging', onMessage);
      socket.off('chat:read', onReadEvent);
      socket.off('chat:typing', onTyping);
      socket.off('connect', onConnect);
    };
  }, [socket, id, markRead, setMessages]);

  // Newest at the bottom (from the first page shown on); an older page above keeps what the agent was looking at
  // in place.
  const scrolled = useRef(false);
  useLayoutEffect(() => {
    if (messages && !scrolled.current) {
      scrolled.current = true;
      pendingScroll.current = { bottom: true };
    }
    const box = scroller.current;
    const wanted = pendingScroll.current;
    if (!box || !wanted) return;
    pendingScroll.current = undefined;
    box.scrollTop = 'bottom' in wanted ? box.scrollHeight : box.scrollHeight - wanted.keepFrom;
  }, [messages]);

  // A file's signed link lasts an hour (docs/chat.md): a picture or video that no longer loads takes the page of
  // history holding its message again, for fresh links of the messages shown (none added). At most once in
  // LINK_REFRESH_MS per message: a fresh link that fails at once is not an old one (a file gone stays broken).
  const refreshedAt = useRef(new Map<string, number>());
  useEffect(() => {
    refreshedAt.current = new Map();
  }, [id]);
  const refreshLink = useCallback(
    (message: ChatMessage) => {
      const last = refreshedAt.current.get(message.id);
      if (last !== undefined && Date.now() - last < LINK_REFRESH_MS) return;
      refreshedAt.current.set(message.id, Date.now());
      inboxApi.messages(id, message.seq + 1).then(
        (page) =>
          setMessages((current) => {
            const shown = new Set(current.map((m) => m.id));
            return mergeMessages(
              current,
              page.filter((m) => shown.has(m.id)),
            );
          }),
        () => undefined, // The link stays broken; opening the conversation again gives fresh ones.
      );
    },
    [id, setMessages],
  );

  const oldestSeq = messages?.[0]?.seq;
  // Sequences start at 1 without gaps: anything above 1 at the top has older messages.
  const hasOlder = oldestSeq !== undefined && oldestSeq > 1;

  const loadOlder = () => {
    if (!hasOlder || older === 'loading') return;
    setOlder('loading');
    inboxApi.messages(id, oldestSeq).then(
      (page) => {
        const box = scroller.current;
        if (box) pendingScroll.current = { keepFrom: box.scrollHeight - box.scrollTop };
        setMessages((current) => mergeMessages(current, page));
        setOlder('idle');
      },
      () => setOlder('failed'),
    );
  };

  const title = conversation ? customerName(conversation, t) : t('view.title');

  return (
    <section className="ainbox-view" aria-labelledby="ainbox-view-title">
      <header className="ainbox-view__head">
        <h2 ref={titleRef} id="ainbox-view-title" className="ainbox-view__title" tabIndex={-1}>
          {title}
        </h2>
        {conversation?.phone && <p className="ainbox-muted">{conversation.phone}</p>}
      </header>
      <div
        ref={scroller}
        className="ainbox-history"
        role="log"
        aria-label={t('view.history')}
        tabIndex={0}
        onScroll={(e) => {
          if (e.currentTarget.scrollTop < NEAR_TOP_PX && older === 'idle') loadOlder();
        }}
        data-testid="ainbox-history"
      >
        {error && (
          <p className="ainbox-error" role="alert">
            {error}
          </p>
        )}
        {!messages && !error && <SkeletonList count={4} label={t('view.loading')} />}
        {hasOlder && (
          <div className="ainbox-older">
            <Button variant="ghost" size="sm" busy={older === 'loading'} onClick={loadOlder}>
              {older === 'failed' ? t('view.olderRetry') : t('view.older')}
            </Button>
          </div>
        )}
        {messages?.length === 0 && <p className="ainbox-muted">{t('view.empty')}</p>}
        {messages && messages.length > 0 && (
          <ol className="ainbox-messages">
            {messages.map((m) => (
              <li
                key={m.id}
                className={`ainbox-msg ainbox-msg--${m.sender}`}
                data-testid="ainbox-message"
                data-seq={m.seq}
              >
                <span className="wl-visually-hidden">
                  {m.sender === 'other'
                    ? t('message.fromAgent', { agent: m.agent ?? '' })
                    : t('message.fromCustomer')}
                </span>
                <MessageBody message={m.message} onStaleLink={() => refreshLink(m)} />
                <p className="ainbox-msg__meta">
                  <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
                  {m.sender === 'other' && (
                    <>
                      {m.agent && <span> · {m.agent}</span>}
                      <span className="ainbox-msg__status" data-testid="ainbox-receipt">
                        {' · '}
                        {m.readAt ? t('message.read') : t('message.sent')}
                      </span>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ol>
        )}
      </div>
      <p className="ainbox-typing" aria-live="polite">
        {typing ? t('view.typing') : ''}
      </p>
      <Composer
        conversationId={id}
        onTyping={() => socket?.emit('typing', { conversationId: id })}
        onSent={(message) => {
          pendingScroll.current = { bottom: true };
          setMessages((current) => mergeMessages(current, [message]));
          onSent(message);
        }}
      />
    </section>
  );
}

/** A member by name (or phone); a guest as "Guest" with the end of the id to tell two apart. */
export function customerName(c: Conversation, t: Translate): string {
  if (c.kind === 'member') return c.name || c.phone || t('list.member');
  return t('list.guest', { id: c.id.slice(-6) });
}
