import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formatDateTime, useTranslation } from '@wallet/shared';
import { Media, MessageContent, type OnPostback } from './message-renderers';
import type { ChatMessage, OutgoingItem } from './types';

/** Spec §9: the list follows new messages only while it is within 60 px of the bottom. */
export const AT_BOTTOM_PX = 60;
/** Scrolled this close to the top, the next older page loads. */
const TOP_PX = 8;

const distanceToBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

export interface MessageListProps {
  messages: ChatMessage[];
  outgoing: OutgoingItem[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => Promise<void>;
  onPostback: OnPostback;
  onResend: (clientId: string) => void;
  onRemove: (clientId: string) => void;
  onAtBottomChange: (atBottom: boolean) => void;
  /** A stored message's picture or video did not load: its link may have expired. */
  onStaleLink: (seq: number) => void;
}

function CustomerStatus({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('chat');
  return <span className="chat-status">{message.readAt ? t('status.read') : t('status.succeed')}</span>;
}

function OutgoingBubble({
  item,
  onResend,
  onRemove,
}: {
  item: OutgoingItem;
  onResend: (clientId: string) => void;
  onRemove: (clientId: string) => void;
}) {
  const { t } = useTranslation('chat');
  const percent = Math.round(item.progress * 100);
  return (
    <li className="chat-row chat-row--customer" data-testid="chat-outgoing" data-status={item.status}>
      <div
        className={`chat-bubble chat-bubble--customer${item.status === 'failed' ? ' chat-bubble--failed' : ''}`}
      >
        {item.message?.message_type === 'text' && <p className="chat-text">{item.message.payload}</p>}
        {item.message?.message_type === 'postback' && (
          <p className="chat-text">{item.message.payload.title}</p>
        )}
        {(item.fileKind || item.message?.message_type === 'media') && (
          <Media
            payload={
              item.message?.message_type === 'media'
                ? item.message.payload
                : { fileType: item.fileKind ?? 'file' }
            }
            localUrl={item.previewUrl}
          />
        )}
        {item.status === 'uploading_file' && (
          <div
            className="chat-progress"
            role="progressbar"
            aria-label={t('status.uploading_file')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="chat-progress__bar" style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
      <span className="chat-status">{t(`status.${item.status}`)}</span>
      {item.status === 'failed' && (
        <span className="chat-failed-actions">
          <button type="button" className="chat-link-button" onClick={() => onResend(item.clientId)}>
            {t('resend')}
          </button>
          <button type="button" className="chat-link-button" onClick={() => onRemove(item.clientId)}>
            {t('remove')}
          </button>
        </span>
      )}
    </li>
  );
}

/**
 * The conversation, newest at the bottom. It follows new messages only while the reader is at the bottom (else a
 * button says there are new ones); at the top it loads the previous page and keeps what the reader was looking at
 * where it was.
 */
export function MessageList(props: MessageListProps) {
  const {
    messages,
    outgoing,
    hasOlder,
    loadingOlder,
    onLoadOlder,
    onPostback,
    onResend,
    onRemove,
    onAtBottomChange,
    onStaleLink,
  } = props;
  const { t } = useTranslation('chat');
  const logRef = useRef<HTMLDivElement>(null);
  const itemsRef = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  /** Where the reader was when an older page was asked for: restored once it is in. */
  const anchor = useRef<{ scrollHeight: number; scrollTop: number } | null>(null);
  const previous = useRef<{ first: number | undefined; last: string | undefined }>({
    first: undefined,
    last: undefined,
  });
  const [unseen, setUnseen] = useState(false);

  const setAtBottom = useCallback(
    (value: boolean) => {
      if (atBottom.current === value) return;
      atBottom.current = value;
      onAtBottomChange(value);
      if (value) setUnseen(false);
    },
    [onAtBottomChange],
  );

  const loadOlder = useCallback(() => {
    const el = logRef.current;
    if (!el || !hasOlder || loadingOlder) return;
    anchor.current = { scrollHeight: el.scrollHeight, scrollTop: el.scrollTop };
    void onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  /** Where the list last put itself at the bottom (a reader who scrolled is elsewhere). */
  const pinnedTop = useRef<number | null>(null);
  const pinToBottom = (el: HTMLElement) => {
    el.scrollTop = el.scrollHeight;
    pinnedTop.current = el.scrollTop;
  };

  const onScroll = () => {
    const el = logRef.current;
    if (!el) return;
    setAtBottom(distanceToBottom(el) <= AT_BOTTOM_PX);
    if (el.scrollTop <= TOP_PX) loadOlder();
  };

  const scrollToBottom = () => {
    const el = logRef.current;
    if (!el) return;
    pinToBottom(el);
    setAtBottom(true);
  };

  // A failure of the last outgoing item counts as new: it adds resend and remove under the bubble, which the
  // reader at the bottom must see without scrolling.
  const lastOutgoing = outgoing.at(-1);
  // A reader at the bottom stays there when the box shrinks (a phone's keyboard opening) or what it holds grows
  // after it was drawn (a picture that has loaded): without it the newest message slides out of view.
  useEffect(() => {
    const el = logRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      // Still where the list put itself: the reader did not scroll. (The event of the list's own scroll may have
      // come after a picture made the content taller, and taken the list for no longer at the bottom.)
      const unmoved = pinnedTop.current !== null && Math.abs(el.scrollTop - pinnedTop.current) <= 1;
      if (!atBottom.current && !unmoved) return;
      pinToBottom(el);
      setAtBottom(true);
    });
    observer.observe(el);
    if (itemsRef.current) observer.observe(itemsRef.current);
    return () => observer.disconnect();
  }, [setAtBottom]);

  const lastKey = lastOutgoing
    ? `${lastOutgoing.clientId}${lastOutgoing.status === 'failed' ? ':failed' : ''}`
    : String(messages.at(-1)?.seq ?? '');
  const firstSeq = messages[0]?.seq;
  useLayoutEffect(() => {
    const el = logRef.current;
    const before = previous.current;
    previous.current = { first: firstSeq, last: lastKey };
    if (!el) return;
    if (anchor.current && firstSeq !== before.first) {
      // An older page went in above: the same message stays under the reader's eyes.
      el.scrollTop = el.scrollHeight - anchor.current.scrollHeight + anchor.current.scrollTop;
      anchor.current = null;
      return;
    }
    if (lastKey === before.last) return;
    if (atBottom.current) pinToBottom(el);
    else setUnseen(true);
  }, [firstSeq, lastKey]);

  return (
    <div className="chat-list">
      {/* The log is the scrolling box and the messages a list inside it: an <ol> given role="log" would stop
          being a list, and its items would be list items outside any list. */}
      <div
        ref={logRef}
        className="chat-log"
        role="log"
        aria-live="polite"
        aria-label={t('conversation')}
        tabIndex={0}
        onScroll={onScroll}
        data-testid="chat-log"
      >
        <ol ref={itemsRef} className="chat-log__items">
          {hasOlder && (
            <li className="chat-older">
              <button type="button" className="chat-link-button" onClick={loadOlder} disabled={loadingOlder}>
                {loadingOlder ? t('loadingOlder') : t('loadOlder')}
              </button>
            </li>
          )}
          {messages.length === 0 && outgoing.length === 0 && <li className="chat-empty">{t('empty')}</li>}
          {messages.map((message) => (
            <li
              key={message.seq}
              className={`chat-row chat-row--${message.sender}`}
              data-testid="chat-message"
              data-seq={message.seq}
            >
              <span className="wl-visually-hidden">
                {message.sender === 'customer' ? t('you') : (message.agent ?? t('agent'))}:{' '}
              </span>
              <div className={`chat-bubble chat-bubble--${message.sender}`}>
                <MessageContent
                  body={message.message}
                  onPostback={onPostback}
                  onStaleLink={() => onStaleLink(message.seq)}
                />
              </div>
              <span className="chat-meta">
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                {message.sender === 'customer' && <CustomerStatus message={message} />}
              </span>
            </li>
          ))}
          {outgoing.map((item) => (
            <OutgoingBubble key={item.clientId} item={item} onResend={onResend} onRemove={onRemove} />
          ))}
        </ol>
      </div>
      {unseen && (
        <button type="button" className="chat-new-messages" onClick={scrollToBottom}>
          {t('newMessages')}
        </button>
      )}
    </div>
  );
}
