import { useTranslation } from '@wallet/shared';
import { INBOX_NS, shownPayload } from './model';
import type { ChatButton, ChatMessage } from './types';

/** A button as the customer sees it: web opens its address, call dials, postback is a label here. */
function ButtonChip({ button }: { button: ChatButton }) {
  const { t } = useTranslation(INBOX_NS);
  const kind = t(`buttonType.${button.type}`);
  if (button.type === 'web' && /^https:\/\//i.test(button.payload))
    return (
      <a className="ainbox-chip" href={button.payload} target="_blank" rel="noopener noreferrer">
        {button.title}
      </a>
    );
  return (
    <span className="ainbox-chip" title={`${kind}: ${button.payload}`}>
      {button.title}
    </span>
  );
}

/**
 * The body of one message, by its type (docs/chat.md "Payloads"). `onStaleLink`: a picture or video that does not
 * load (its signed link lasts an hour) asks for a fresh link.
 */
export function MessageBody({
  message,
  onStaleLink,
}: {
  message: ChatMessage['message'];
  onStaleLink?: () => void;
}) {
  const { t } = useTranslation(INBOX_NS);
  const shown = shownPayload(message);
  switch (shown.type) {
    case 'text':
      return <p className="ainbox-msg__text">{shown.text}</p>;
    case 'buttons':
      return (
        <>
          <p className="ainbox-msg__text">{shown.text}</p>
          <div className="ainbox-chips">
            {shown.buttons.map((b, i) => (
              <ButtonChip key={i} button={b} />
            ))}
          </div>
        </>
      );
    case 'quick_replies':
      return (
        <>
          <p className="ainbox-msg__text">{shown.text}</p>
          <div className="ainbox-chips" aria-label={t('message.quickReplies')}>
            {shown.quickReplies.map((q, i) => (
              <span key={i} className="ainbox-chip ainbox-chip--reply">
                {q.title}
              </span>
            ))}
          </div>
        </>
      );
    case 'generic':
      return (
        <div className="ainbox-cards">
          {shown.elements.map((e, i) => (
            <div key={i} className="ainbox-card">
              {e.image_url && <img className="ainbox-card__image" src={e.image_url} alt="" loading="lazy" />}
              <p className="ainbox-card__title">{e.title}</p>
              {e.subtitle && <p className="ainbox-card__subtitle">{e.subtitle}</p>}
              {e.buttons && e.buttons.length > 0 && (
                <div className="ainbox-chips">
                  {e.buttons.map((b, j) => (
                    <ButtonChip key={j} button={b} />
                  ))}
                </div>
              )}
            </div>
          ))}
        </div>
      );
    case 'media':
      return (
        <>
          {shown.fileType === 'video' ? (
            <video
              className="ainbox-media"
              src={shown.filePath}
              controls
              preload="metadata"
              onError={onStaleLink}
            >
              <a href={shown.filePath}>{t('message.openVideo')}</a>
            </video>
          ) : shown.fileType === 'image' ? (
            <img
              className="ainbox-media"
              src={shown.filePath}
              alt={shown.message || t('message.image')}
              onError={onStaleLink}
            />
          ) : (
            <a href={shown.filePath} target="_blank" rel="noopener noreferrer">
              {t('message.openFile')}
            </a>
          )}
          {shown.message && <p className="ainbox-msg__text">{shown.message}</p>}
        </>
      );
    case 'postback':
      return (
        <p className="ainbox-msg__text ainbox-msg__postback">{t('message.tapped', { title: shown.title })}</p>
      );
  }
}
