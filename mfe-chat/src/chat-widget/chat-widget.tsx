import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { bus, getToken, session$, useTranslation } from '@wallet/shared';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { useChatConversation } from './use-chat';
import './chat-widget.css';

const subscribeSession = (onChange: () => void) => {
  const subscription = session$.subscribe(onChange);
  return () => subscription.unsubscribe();
};

/** The conversation inside the open panel: set up on the first open, kept (and its room joined) while closed. */
function Conversation({ open, onUnread }: { open: boolean; onUnread: (count: number) => void }) {
  const { t } = useTranslation('chat');
  const [atBottom, setAtBottom] = useState(true);
  const chat = useChatConversation(open, atBottom);
  const input = useRef<HTMLTextAreaElement>(null);
  const unread = open ? 0 : chat.unread;

  useEffect(() => onUnread(unread), [onUnread, unread]);

  useEffect(() => {
    if (open && chat.phase === 'ready') input.current?.focus();
  }, [open, chat.phase]);

  if (chat.phase === 'loading') {
    return (
      <p className="chat-widget__state" role="status">
        {t('loading')}
      </p>
    );
  }
  if (chat.phase === 'unavailable') {
    return (
      <p className="chat-widget__state" role="status">
        {t('unavailable')}
      </p>
    );
  }
  if (chat.phase === 'error') {
    return (
      <div className="chat-widget__state" role="status">
        <p>{t('loadFailed')}</p>
        <button type="button" className="chat-link-button" onClick={chat.retry}>
          {t('retry')}
        </button>
      </div>
    );
  }
  return (
    <>
      {!chat.online && (
        <p className="chat-widget__offline" role="status">
          {t('reconnecting')}
        </p>
      )}
      <MessageList
        messages={chat.messages}
        outgoing={chat.outgoing}
        hasOlder={chat.hasOlder}
        loadingOlder={chat.loadingOlder}
        onLoadOlder={chat.loadOlder}
        onPostback={(payload) => chat.send({ message_type: 'postback', payload })}
        // The pressed button goes away with the failed state: the message box takes the focus.
        onResend={(clientId) => {
          chat.resend(clientId);
          input.current?.focus();
        }}
        onRemove={(clientId) => {
          chat.remove(clientId);
          input.current?.focus();
        }}
        onAtBottomChange={setAtBottom}
        onStaleLink={chat.refreshLink}
      />
      <p className="chat-typing" aria-live="polite">
        {chat.agentTyping ? t('agentTyping') : ''}
      </p>
      <Composer
        ref={input}
        onSendText={(text) => chat.send({ message_type: 'text', payload: text })}
        onSendFile={chat.sendFile}
        onTyping={chat.typing}
      />
    </>
  );
}

/**
 * The floating support chat: a button that toggles a panel (opened also by `chat:open`, the contact page, and by
 * the host's `openRequests`, the count of those asked before this remote mounted). A member
 * chats with its session, a visitor as a guest; signing in or out starts the other conversation.
 */
export function ChatWidget({ openRequests = 0 }: { openRequests?: number }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState(false);
  const [unread, setUnread] = useState(0);
  const token = useSyncExternalStore(subscribeSession, getToken, getToken);
  const toggle = useRef<HTMLButtonElement>(null);

  // The host counts `chat:open` from the page's start: a tap on "chat with support" made while this remote was
  // still loading (before the subscription below existed) opens the panel once the widget is there. Adjusted
  // while rendering (React's way for state that follows a prop), so the panel shows in the same render.
  const [handledRequests, setHandledRequests] = useState(0);
  if (openRequests !== handledRequests) {
    setHandledRequests(openRequests);
    if (openRequests > handledRequests) {
      setOpen(true);
      setStarted(true);
    }
  }

  const show = useCallback(() => {
    setOpen(true);
    setStarted(true);
  }, []);
  const hide = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  useEffect(() => {
    const subscription = bus.on('chat:open').subscribe(show);
    return () => subscription.unsubscribe();
  }, [show]);

  return (
    <div className={`chat-widget${open ? ' chat-widget--open' : ''}`} data-testid="chat-widget">
      {started && (
        <section
          id="chat-widget-panel"
          className="chat-widget__panel"
          aria-label={t('title')}
          hidden={!open}
          data-testid="chat-panel"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              hide();
            }
          }}
        >
          <h2 className="chat-widget__title">{t('title')}</h2>
          <Conversation key={token ?? 'guest'} open={open} onUnread={setUnread} />
        </section>
      )}
      <button
        ref={toggle}
        type="button"
        className="chat-widget__toggle"
        aria-expanded={open}
        aria-controls={started ? 'chat-widget-panel' : undefined}
        aria-label={open ? t('close') : unread > 0 ? t('openUnread', { number: unread }) : t('open')}
        data-testid="chat-toggle"
        onClick={() => (open ? hide() : show())}
      >
        <span aria-hidden="true" className="chat-widget__icon" />
        {!open && unread > 0 && (
          <span aria-hidden="true" className="chat-widget__badge" data-testid="chat-unread">
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </button>
    </div>
  );
}
