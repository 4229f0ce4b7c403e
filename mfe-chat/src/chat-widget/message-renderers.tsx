import { useTranslation } from '@wallet/shared';
import type {
  ButtonsPayload,
  ChatButton,
  GenericElement,
  GenericPayload,
  MediaPayload,
  MessageBody,
  PostbackPayload,
  QuickRepliesPayload,
} from './types';

/** What a tap on a postback button or a quick reply sends (spec §3: shown as the customer's choice). */
export type OnPostback = (postback: PostbackPayload) => void;

/** Only https links open: a payload is the agent's text, and a `javascript:` URL must never become a link. */
const isSafeWebUrl = (value: string) => /^https:\/\/[^\s]+$/i.test(value);
/** A phone number for `tel:`: digits and the usual separators only. */
const telHref = (value: string) => {
  const number = value.replace(/[^\d+]/g, '');
  return number ? `tel:${number}` : null;
};

function ActionButton({ button, onPostback }: { button: ChatButton; onPostback: OnPostback }) {
  const { t } = useTranslation('chat');
  if (button.type === 'web' && isSafeWebUrl(button.payload)) {
    return (
      <a
        className="chat-action"
        href={button.payload}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('buttons.opensNewTab', { title: button.title })}
      >
        {button.title}
      </a>
    );
  }
  if (button.type === 'call') {
    const href = telHref(button.payload);
    if (href) {
      return (
        <a className="chat-action" href={href} aria-label={t('buttons.call', { title: button.title })}>
          {button.title}
        </a>
      );
    }
  }
  if (button.type === 'postback') {
    return (
      <button
        type="button"
        className="chat-action"
        onClick={() => onPostback({ title: button.title, payload: button.payload })}
      >
        {button.title}
      </button>
    );
  }
  // Another type (spec §3 "or other"), or a link that is not one: its title, nothing to press.
  return <span className="chat-action chat-action--inert">{button.title}</span>;
}

function ButtonList({ buttons, onPostback }: { buttons: readonly ChatButton[]; onPostback: OnPostback }) {
  if (buttons.length === 0) return null;
  return (
    <div className="chat-actions">
      {buttons.map((button, index) => (
        <ActionButton key={`${index}-${button.title}`} button={button} onPostback={onPostback} />
      ))}
    </div>
  );
}

function ButtonsMessage({ payload, onPostback }: { payload: ButtonsPayload; onPostback: OnPostback }) {
  return (
    <>
      <p className="chat-text">{payload.text}</p>
      <ButtonList buttons={payload.buttons ?? []} onPostback={onPostback} />
    </>
  );
}

function QuickReplies({ payload, onPostback }: { payload: QuickRepliesPayload; onPostback: OnPostback }) {
  const { t } = useTranslation('chat');
  return (
    <>
      <p className="chat-text">{payload.text}</p>
      <div className="chat-chips" role="group" aria-label={t('quickReplies')}>
        {(payload.quick_replies ?? []).map((reply, index) => (
          <button
            key={`${index}-${reply.payload}`}
            type="button"
            className="chat-chip"
            onClick={() => onPostback({ title: reply.title, payload: reply.payload })}
          >
            {reply.title}
          </button>
        ))}
      </div>
    </>
  );
}

function Card({ element, onPostback }: { element: GenericElement; onPostback: OnPostback }) {
  return (
    <article className="chat-card">
      {element.image_url && (
        <img className="chat-card__image" src={element.image_url} alt="" loading="lazy" />
      )}
      <div className="chat-card__body">
        <h3 className="chat-card__title">{element.title}</h3>
        {element.subtitle && <p className="chat-card__subtitle">{element.subtitle}</p>}
        <ButtonList buttons={element.buttons ?? []} onPostback={onPostback} />
      </div>
    </article>
  );
}

function Generic({ payload, onPostback }: { payload: GenericPayload; onPostback: OnPostback }) {
  const { t } = useTranslation('chat');
  const elements = payload.elements ?? [];
  if (elements.length === 1) return <Card element={elements[0]!} onPostback={onPostback} />;
  // Several cards: side by side, scrolled sideways (snapping card by card); each is also reachable by Tab.
  return (
    <ul
      className="chat-carousel"
      aria-roledescription={t('carousel.role')}
      aria-label={t('carousel.label', { total: elements.length })}
    >
      {elements.map((element, index) => (
        <li
          key={`${index}-${element.title}`}
          className="chat-carousel__item"
          aria-label={t('carousel.item', { index: index + 1, total: elements.length })}
        >
          <Card element={element} onPostback={onPostback} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A picture, video or file. `onStaleLink`: a stored file's picture or video that does not load (its signed link
 * lasts an hour) asks for a fresh link.
 */
export function Media({
  payload,
  localUrl,
  onStaleLink,
}: {
  payload: Partial<MediaPayload>;
  localUrl?: string | null;
  onStaleLink?: () => void;
}) {
  const { t } = useTranslation('chat');
  const src = localUrl ?? payload.filePath ?? '';
  const caption = payload.message ? <p className="chat-text">{payload.message}</p> : null;
  if (!src) return caption;
  if (payload.fileType === 'image') {
    return (
      <>
        <a href={src} target="_blank" rel="noopener noreferrer" className="chat-media-link">
          <img
            className="chat-media"
            src={src}
            alt={payload.message || t('media.image')}
            onError={localUrl ? undefined : onStaleLink}
          />
        </a>
        {caption}
      </>
    );
  }
  if (payload.fileType === 'video') {
    return (
      <>
        <video
          className="chat-media"
          src={src}
          controls
          preload="metadata"
          aria-label={t('media.video')}
          onError={localUrl ? undefined : onStaleLink}
        />
        {caption}
      </>
    );
  }
  return (
    <>
      <a className="chat-file" href={src} target="_blank" rel="noopener noreferrer">
        {t('media.file')}
      </a>
      {caption}
    </>
  );
}

/** One message's content, by its type (spec §3); what the list cannot read shows as such, never as raw data. */
export function MessageContent({
  body,
  onPostback,
  onStaleLink,
}: {
  body: MessageBody;
  onPostback: OnPostback;
  onStaleLink?: () => void;
}) {
  const { t } = useTranslation('chat');
  switch (body.message_type) {
    case 'text':
      // Spec §3: the text itself (anything else is not a text this list can show).
      return typeof body.payload === 'string' ? (
        <p className="chat-text">{body.payload}</p>
      ) : (
        <p className="chat-text chat-text--muted">{t('unsupportedMessage')}</p>
      );
    case 'buttons':
      return <ButtonsMessage payload={body.payload} onPostback={onPostback} />;
    case 'quick_replies':
      return <QuickReplies payload={body.payload} onPostback={onPostback} />;
    case 'generic':
      return <Generic payload={body.payload} onPostback={onPostback} />;
    case 'media':
      return <Media payload={body.payload} onStaleLink={onStaleLink} />;
    case 'postback':
      return (
        <p className="chat-text chat-text--choice">
          <span className="wl-visually-hidden">{t('postback.chose')} </span>
          {body.payload.title}
        </p>
      );
    default:
      return <p className="chat-text chat-text--muted">{t('unsupportedMessage')}</p>;
  }
}
