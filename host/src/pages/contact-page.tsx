import { useTranslation } from 'react-i18next';
import { APP_VERSION, bus } from '@wallet/shared';
import { useRead } from '@wallet/shared/query';
import { lookupApi } from '../api';
import { useChatWidgetEnabled } from '../lib/chat-widget';

/**
 * /contact and /user/contact: contact text, support QR, LINE link, version, and the way to chat: with the chat
 * widget enabled a button opens the floating widget (mounted once for the page by the shell), otherwise a link
 * to the support LINE account.
 */
export function ContactPage() {
  const { t, i18n } = useTranslation('host');
  // Operator content in the member's language: read again (the previous text shown meanwhile) when it changes.
  const { data: contact, failed } = useRead({
    key: ['host', 'contact', i18n.language],
    read: lookupApi.contact,
    keepPrevious: true,
  });
  const chatWidget = useChatWidgetEnabled();

  return (
    <section className="host-page host-contact" data-testid="contact-page">
      <h1>{t('contact.title')}</h1>
      {failed && !contact && <p role="alert">{t('contact.loadFailed')}</p>}
      {contact && (
        <>
          <p className="host-contact__text" data-testid="contact-text">
            {contact.contactText}
          </p>
          {contact.lineQR && (
            <img
              className="host-contact__qr"
              src={contact.lineQR}
              alt={t('contact.qrAlt')}
              data-testid="contact-qr"
            />
          )}
          {contact.lineLink && (
            <p>
              <a href={contact.lineLink} target="_blank" rel="noopener noreferrer" data-testid="contact-line">
                {t('contact.line', { name: contact.lineName })}
              </a>
            </p>
          )}
        </>
      )}
      {chatWidget ? (
        <button
          type="button"
          className="wl-btn"
          data-testid="contact-open-chat"
          onClick={() => bus.emit('chat:open', {})}
        >
          {t('contact.openChat')}
        </button>
      ) : (
        contact?.lineLink && (
          <a
            className="wl-btn"
            href={contact.lineLink}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="contact-chat-link"
          >
            {t('contact.chatLink')}
          </a>
        )
      )}
      <p className="host-contact__version" data-testid="app-version">
        {t('contact.version', { version: APP_VERSION })}
      </p>
    </section>
  );
}
