import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  Button,
  FormField,
  SelectField,
  newIdempotencyKey,
  showAlert,
  toastError,
  useTranslation,
} from '@wallet/shared';
import { inboxApi } from './api';
import {
  blankButton,
  blankReply,
  ButtonsEditor,
  checkButtons,
  trimButtons,
  type Problem,
} from './composer-buttons';
import {
  HTTPS_URL,
  INBOX_NS,
  MEDIA_ACCEPT,
  MEDIA_RULES,
  QUICK_REPLIES_MAX,
  TEXT_MAX,
  checkMedia,
  type MediaKind,
} from './model';
import type { ChatButton, ChatMessage, OutgoingMessage, QuickReply, UploadedFile } from './types';

type Kind = 'text' | 'buttons' | 'quick_replies' | 'generic' | 'media';
const KINDS: readonly Kind[] = ['text', 'buttons', 'quick_replies', 'generic', 'media'];

/** While the agent types, the customer hears `typing` at most this often. */
export const TYPING_THROTTLE_MS = 3000;

/**
 * The agent's composer: a text, a text with buttons, quick replies, a card or an image/video. A message keeps its
 * `clientId` until it is stored, so a retry after a lost answer is stored once; a change of the draft makes a new
 * one. While the agent types, the customer is told (`typing`), at most every few seconds.
 */
export function Composer({
  conversationId,
  onTyping,
  onSent,
}: {
  conversationId: string;
  onTyping: () => void;
  onSent: (message: ChatMessage) => void;
}) {
  const { t } = useTranslation(INBOX_NS);
  const [kind, setKind] = useState<Kind>('text');
  const [text, setText] = useState('');
  const [buttons, setButtons] = useState<ChatButton[]>([blankButton()]);
  const [replies, setReplies] = useState<QuickReply[]>([blankReply()]);
  const [card, setCard] = useState({ imageUrl: '', title: '', subtitle: '' });
  const [cardButtons, setCardButtons] = useState<ChatButton[]>([]);
  const [file, setFile] = useState<{ file: File; kind: MediaKind }>();
  const [problem, setProblem] = useState<Problem>();
  const [busy, setBusy] = useState(false);
  const clientId = useRef<string>(undefined);
  /** Counts the draft's changes: a send empties the composer only if nothing changed while it was on its way. */
  const revision = useRef(0);
  const lastTyping = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  /** The chosen file's upload, once done. */
  const uploaded = useRef<UploadedFile>(undefined);
  const textId = useId();

  /** Any change of the draft: a new message (new clientId), the problem shown goes, the customer sees typing. */
  const edited = () => {
    revision.current++;
    clientId.current = undefined;
    setProblem(undefined);
    const now = Date.now();
    if (now - lastTyping.current >= TYPING_THROTTLE_MS) {
      lastTyping.current = now;
      onTyping();
    }
  };

  const reset = () => {
    setText('');
    setButtons([blankButton()]);
    setReplies([blankReply()]);
    setCard({ imageUrl: '', title: '', subtitle: '' });
    setCardButtons([]);
    setFile(undefined);
    uploaded.current = undefined;
    if (fileInput.current) fileInput.current.value = '';
  };

  /** The draft as a message, or its first problem. */
  const draft = (): OutgoingMessage | Problem => {
    const body = text.trim();
    const needsText = kind === 'text' || kind === 'buttons' || kind === 'quick_replies';
    if (needsText && !body) return { key: 'textRequired' };
    if (body.length > TEXT_MAX) return { key: 'textTooLong', values: { max: TEXT_MAX } };
    switch (kind) {
      case 'text':
        return { message_type: 'text', payload: body };
      case 'buttons': {
        const bad = checkButtons(buttons, true);
        return bad ?? { message_type: 'buttons', payload: { text: body, buttons: trimButtons(buttons) } };
      }
      case 'quick_replies': {
        if (replies.length === 0) return { key: 'noReplies' };
        const i = replies.findIndex((r) => !r.title.trim() || !r.payload.trim());
        if (i >= 0) return { key: 'reply', values: { n: i + 1 } };
        const quick_replies = replies.map((r) => ({ title: r.title.trim(), payload: r.payload.trim() }));
        return { message_type: 'quick_replies', payload: { text: body, quick_replies } };
      }
      case 'generic': {
        if (!card.title.trim()) return { key: 'cardTitle' };
        if (!HTTPS_URL.test(card.imageUrl.trim())) return { key: 'cardImage' };
        const bad = checkButtons(cardButtons, false);
        if (bad) return bad;
        const subtitle = card.subtitle.trim();
        const element = {
          image_url: card.imageUrl.trim(),
          title: card.title.trim(),
          ...(subtitle ? { subtitle } : {}),
          ...(cardButtons.length ? { buttons: trimButtons(cardButtons) } : {}),
        };
        return { message_type: 'generic', payload: { elements: [element] } };
      }
      case 'media':
        return { key: 'noFile' };
    }
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    let message: OutgoingMessage | Problem;
    if (kind === 'media') message = file ? { key: '' } : { key: 'noFile' };
    else message = draft();
    if ('key' in message && message.key) {
      setProblem(message);
      return;
    }
    setBusy(true);
    clientId.current ??= newIdempotencyKey();
    const sending = revision.current;
    try {
      if (kind === 'media' && file) {
        // A retry after the send failed names the file already uploaded instead of uploading it again.
        uploaded.current ??= await inboxApi.upload(conversationId, file.kind, file.file);
        const caption = text.trim();
        message = {
          message_type: 'media',
          payload: {
            ...(caption ? { message: caption } : {}),
            url: true,
            fileType: file.kind,
            filePath: uploaded.current.path,
          },
        };
      }
      const stored = await inboxApi.send(conversationId, clientId.current, message as OutgoingMessage);
      clientId.current = undefined;
      // A draft the agent began while this one was on its way (another type, a file chosen) is theirs: kept.
      if (revision.current === sending) reset();
      onSent(stored);
    } catch (error: unknown) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  const pickFile = (picked: File | undefined) => {
    edited();
    uploaded.current = undefined;
    if (!picked) {
      setFile(undefined);
      return;
    }
    const checked = checkMedia(picked);
    if ('refused' in checked) {
      if (fileInput.current) fileInput.current.value = '';
      setFile(undefined);
      const message =
        checked.refused === 'type'
          ? t('composer.media.wrongType')
          : t('composer.media.tooBig', { max: MEDIA_RULES[checked.kind].maxMb });
      void showAlert({ kind: 'error', message });
      return;
    }
    setFile({ file: picked, kind: checked.kind });
  };

  const onTextKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends a plain text; Shift+Enter (and any other type's text) is a new line.
    if (event.key === 'Enter' && !event.shiftKey && kind === 'text' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form
      className="ainbox-composer"
      aria-label={t('composer.label')}
      onSubmit={(e) => void send(e)}
      noValidate
    >
      <SelectField
        label={t('composer.kind')}
        options={KINDS.map((k) => ({ value: k, label: t(`composer.kinds.${k}`) }))}
        value={kind}
        onValueChange={(value) => {
          setKind(value as Kind);
          revision.current++;
          clientId.current = undefined;
          setProblem(undefined);
        }}
        fieldClassName="ainbox-composer__kind"
      />
      {kind === 'generic' && (
        <div className="ainbox-rows">
          <FormField
            label={t('composer.cardTitle')}
            value={card.title}
            onValueChange={(title) => {
              edited();
              setCard((c) => ({ ...c, title }));
            }}
          />
          <FormField
            label={t('composer.cardSubtitle')}
            value={card.subtitle}
            onValueChange={(subtitle) => {
              edited();
              setCard((c) => ({ ...c, subtitle }));
            }}
          />
          <FormField
            label={t('composer.cardImage')}
            type="url"
            value={card.imageUrl}
            onValueChange={(imageUrl) => {
              edited();
              setCard((c) => ({ ...c, imageUrl }));
            }}
          />
          <ButtonsEditor
            legend={t('composer.cardButtons')}
            buttons={cardButtons}
            onChange={(next) => {
              edited();
              setCardButtons(next);
            }}
          />
        </div>
      )}
      {kind === 'media' && (
        <div className="wl-field">
          <label className="wl-label" htmlFor={`${textId}-file`}>
            {t('composer.media.label')}
          </label>
          <input
            ref={fileInput}
            id={`${textId}-file`}
            type="file"
            accept={MEDIA_ACCEPT}
            aria-describedby={`${textId}-file-hint`}
            onChange={(e) => pickFile(e.target.files?.[0])}
          />
          <p className="wl-hint" id={`${textId}-file-hint`}>
            {t('composer.media.hint', { image: MEDIA_RULES.image.maxMb, video: MEDIA_RULES.video.maxMb })}
          </p>
        </div>
      )}
      {kind !== 'generic' && (
        <div className="wl-field">
          <label className="wl-label" htmlFor={textId}>
            {t(kind === 'media' ? 'composer.caption' : 'composer.text')}
          </label>
          <textarea
            id={textId}
            className="wl-input ainbox-composer__text"
            rows={2}
            maxLength={TEXT_MAX}
            value={text}
            onChange={(e) => {
              edited();
              setText(e.target.value);
            }}
            onKeyDown={onTextKey}
          />
        </div>
      )}
      {kind === 'buttons' && (
        <ButtonsEditor
          legend={t('composer.buttons')}
          buttons={buttons}
          onChange={(next) => {
            edited();
            setButtons(next);
          }}
        />
      )}
      {kind === 'quick_replies' && (
        <fieldset className="ainbox-rows">
          <legend>{t('composer.replies')}</legend>
          {replies.map((r, i) => (
            <div key={i} className="ainbox-row" role="group" aria-label={t('composer.replyN', { n: i + 1 })}>
              <FormField
                label={t('composer.replyTitle')}
                value={r.title}
                onValueChange={(title) => {
                  edited();
                  setReplies((all) => all.map((x, j) => (j === i ? { ...x, title } : x)));
                }}
              />
              <FormField
                label={t('composer.payload.postback')}
                value={r.payload}
                onValueChange={(payload) => {
                  edited();
                  setReplies((all) => all.map((x, j) => (j === i ? { ...x, payload } : x)));
                }}
              />
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  edited();
                  setReplies((all) => all.filter((_, j) => j !== i));
                }}
              >
                {t('composer.removeReply', { n: i + 1 })}
              </Button>
            </div>
          ))}
          {replies.length < QUICK_REPLIES_MAX && (
            <Button variant="secondary" size="sm" onClick={() => setReplies((all) => [...all, blankReply()])}>
              {t('composer.addReply')}
            </Button>
          )}
        </fieldset>
      )}
      {problem && (
        <p className="ainbox-error" role="alert">
          {t(`composer.errors.${problem.key}`, problem.values)}
        </p>
      )}
      <Button type="submit" busy={busy} className="ainbox-composer__send">
        {t('composer.send')}
      </Button>
    </form>
  );
}
