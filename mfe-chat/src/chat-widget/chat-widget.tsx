import { useEffect, useState } from 'react';
import { bus, useTranslation } from '@wallet/shared';
import './chat-widget.css';

/**
 * The floating support chat: a button that toggles a panel, opened also by `chat:open` (the contact page).
 * The conversation itself comes with the chat issue; for now the panel says so.
 */
export function ChatWidget() {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const subscription = bus.on('chat:open').subscribe(() => setOpen(true));
    return () => subscription.unsubscribe();
  }, []);

  return (
    <div className={`chat-widget${open ? ' chat-widget--open' : ''}`} data-testid="chat-widget">
      {open && (
        <section className="chat-widget__panel" aria-label={t('title')} data-testid="chat-panel">
          <h2 className="chat-widget__title">{t('title')}</h2>
          <p>{t('comingSoon')}</p>
        </section>
      )}
      <button
        type="button"
        className="chat-widget__toggle"
        aria-expanded={open}
        aria-label={open ? t('close') : t('open')}
        data-testid="chat-toggle"
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true" className="chat-widget__icon" />
      </button>
    </div>
  );
}
