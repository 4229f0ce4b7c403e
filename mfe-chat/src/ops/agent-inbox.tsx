import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, SkeletonList, isApiError, useLocation, useTranslation } from '@wallet/shared';
import { useConsoleRead } from '@wallet/shared/ops';
import { INBOX_KEYS, inboxApi } from './api';
import { ConversationView, customerName } from './conversation-view';
import { INBOX_NS, byActivity, previewOf } from './model';
import { inboxRealtime, type InboxSocket } from './realtime';
import type { ChatMessage, Conversation, ReadEvent } from './types';
import './agent-inbox.css';

export type OperatorRole = 'admin' | 'finance' | 'support';

/** What the console passes to the screen (ops-console/src/shell/remote-screen-slot.tsx). */
export interface AgentInboxProps {
  operator: { username: string; role: OperatorRole };
  remoteModule?: string;
}

/** The roles of the agents' routes (docs/chat.md "Agents"). */
const ADMITTED: ReadonlySet<OperatorRole> = new Set(['admin', 'support']);

const INBOX_PATH = /^(.*?\/inbox)(?:\/([^/]+))?\/?$/;

/** `/ops/inbox` and `/ops/inbox/<conversation id>`: an open conversation can be reloaded and left with back. */
/** The list shows the start of the last message (it wraps, so it stays short): this many characters. */
const PREVIEW_CHARACTERS = 90;

/** The preview cut at a character boundary a reader sees (a Thai or Lao vowel mark stays with its letter). */
function shortened(text: string): string {
  const characters = Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text));
  if (characters.length <= PREVIEW_CHARACTERS) return text;
  return `${characters
    .slice(0, PREVIEW_CHARACTERS)
    .map((c) => c.segment)
    .join('')
    .trimEnd()}…`;
}

function parsePath(pathname: string): { base: string; openId?: string } {
  const match = INBOX_PATH.exec(pathname);
  if (!match?.[1]) return { base: '/ops/inbox' };
  return { base: match[1], openId: match[2] ? decodeURIComponent(match[2]) : undefined };
}

/**
 * The agents' inbox (mfe_chat/AgentInbox), for support and admin: the open conversations, latest activity first,
 * with their unread customer messages, kept up to date by the `/chat` namespace; one conversation open beside
 * them (instead of them on a phone).
 */
export function AgentInbox({ operator }: AgentInboxProps) {
  const { t } = useTranslation(INBOX_NS);
  // The console opens this screen for support and admin only; any other role sees why and calls nothing.
  if (!ADMITTED.has(operator.role))
    return (
      <div className="ainbox">
        <h1 className="ainbox__title">{t('title')}</h1>
        <p className="ainbox-note" role="note">
          {t('notForRole')}
        </p>
      </div>
    );
  return <Inbox />;
}

function Inbox() {
  const { t } = useTranslation(INBOX_NS);
  const { pathname } = useLocation();
  const { base, openId } = parsePath(pathname);
  const inbox = useConsoleRead(
    INBOX_KEYS.conversations,
    () => inboxApi.conversations().then((list) => [...list].sort(byActivity)),
    { errorText: (failure) => (isApiError(failure) ? failure.message : t('errors.unknown')) },
  );
  const { data: conversations, error, reload: load, update } = inbox;
  const [socket, setSocket] = useState<InboxSocket>();
  const listRef = useRef<Conversation[] | undefined>(undefined);
  const openRef = useRef(openId);
  // What the socket's handlers read: the latest list and open conversation, without re-subscribing for each.
  useEffect(() => {
    listRef.current = conversations;
    openRef.current = openId;
  });

  // The agents' channel, for as long as the screen is open.
  useEffect(() => {
    let live = true;
    let opened: InboxSocket | undefined;
    inboxRealtime.connect().then(
      (s) => {
        if (!live) {
          s.disconnect();
          return;
        }
        opened = s;
        setSocket(s);
      },
      (failure: unknown) => console.error('The inbox channel could not be loaded', failure),
    );
    return () => {
      live = false;
      opened?.disconnect();
    };
  }, []);

  /** A message, from either side: its conversation moves to the top; a customer's counts unread unless open. */
  const onMessage = useCallback(
    (message: ChatMessage) => {
      const list = listRef.current;
      if (!list) return;
      const known = list.find((c) => c.id === message.conversationId);
      if (!known) {
        void load(); // A new conversation: the server knows who it is.
        return;
      }
      if (known.lastSeq >= message.seq) return; // Already counted (the sender's own answer, a replay).
      const counts = message.sender === 'customer' && openRef.current !== message.conversationId;
      const updated: Conversation = {
        ...known,
        lastMessage: message,
        lastSeq: message.seq,
        unread: known.unread + (counts ? 1 : 0),
        updatedAt: message.createdAt,
      };
      update((current) => [updated, ...current.filter((c) => c.id !== updated.id)].sort(byActivity));
    },
    [load, update],
  );

  const onRead = useCallback(
    (id: string) =>
      update((current) => current.map((c) => (c.id === id && c.unread ? { ...c, unread: 0 } : c))),
    [update],
  );

  useEffect(() => {
    if (!socket) return undefined;
    const onReadEvent = (event: ReadEvent) => {
      if (event.by === 'agent') onRead(event.conversationId); // Another agent read it.
    };
    const onConversation = (conversation: Conversation) => {
      update((current) =>
        [conversation, ...current.filter((c) => c.id !== conversation.id)].sort(byActivity),
      );
    };
    // What was pushed while the channel was down is not replayed: every (re)connection reads the list again
    // (the first one too: it may come after the first read, with messages in between).
    const onConnect = () => void load();
    socket.on('messaging', onMessage);
    socket.on('chat:read', onReadEvent);
    socket.on('chat:conversation', onConversation);
    socket.on('connect', onConnect);
    return () => {
      socket.off('messaging', onMessage);
      socket.off('chat:read', onReadEvent);
      socket.off('chat:conversation', onConversation);
      socket.off('connect', onConnect);
    };
  }, [socket, onMessage, onRead, load, update]);

  const open = conversations?.find((c) => c.id === openId);

  return (
    <div className={`ainbox${openId ? ' ainbox--open' : ''}`}>
      <h1 className="ainbox__title">{t('title')}</h1>
      <div className="ainbox__panes">
        <nav className="ainbox-list" aria-label={t('list.label')}>
          {error && (
            <p className="ainbox-error" role="alert">
              {error}
            </p>
          )}
          {!conversations && !error && <SkeletonList count={5} label={t('list.loading')} />}
          {conversations?.length === 0 && <p className="ainbox-muted">{t('list.empty')}</p>}
          {conversations && conversations.length > 0 && (
            <ul className="ainbox-list__items" data-testid="ainbox-conversations">
              {conversations.map((c) => {
                const name = customerName(c, t);
                return (
                  <li key={c.id}>
                    <Link
                      to={`${base}/${encodeURIComponent(c.id)}`}
                      className="ainbox-item"
                      aria-current={c.id === openId ? 'true' : undefined}
                    >
                      <span className="ainbox-item__who">
                        <span className="ainbox-item__name">{name}</span>
                        <span className="ainbox-item__kind">
                          {c.kind === 'member' ? (c.phone ?? '') : t('list.guestTag')}
                        </span>
                      </span>
                      <span className="ainbox-item__last">
                        {c.lastMessage ? shortened(previewOf(c.lastMessage, t)) : t('list.noMessages')}
                      </span>
                      {c.unread > 0 && (
                        <span className="ainbox-badge" data-testid="ainbox-unread">
                          <span aria-hidden="true">{c.unread}</span>
                          <span className="wl-visually-hidden">{t('list.unread', { count: c.unread })}</span>
                        </span>
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </nav>
        <div className="ainbox__main">
          {openId ? (
            <>
              <Link to={base} className="ainbox-back">
                {t('view.back')}
              </Link>
              <ConversationView
                key={openId}
                id={openId}
                conversation={open}
                socket={socket}
                onRead={onRead}
                onSent={onMessage}
              />
            </>
          ) : (
            <p className="ainbox-muted ainbox-pick">{t('view.pick')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
