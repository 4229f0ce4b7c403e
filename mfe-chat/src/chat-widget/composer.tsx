import { forwardRef, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@wallet/shared';
import { checkFile, checkText, TEXT_MAX } from './validation';

/** Spec §8: the unsupported-file and too-large alerts disappear after 4 seconds. */
export const ALERT_MS = 4000;

const ACCEPT = '.mp4,.mov,.png,.jpeg,.jpg,.gif,video/mp4,video/quicktime,image/png,image/jpeg,image/gif';

export interface ComposerProps {
  onSendText: (text: string) => void;
  onSendFile: (file: File, kind: 'image' | 'video') => void;
  /** Any change of the text (the agents are told the customer is typing). */
  onTyping?: () => void;
}

/**
 * Where the customer writes: Enter sends, Shift+Enter starts a new line; the text goes trimmed, never empty, at most
 * 2,000 characters. A picked file is checked by its name and size before anything is uploaded.
 */
export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(function Composer(
  { onSendText, onSendFile, onTyping },
  ref,
) {
  const { t } = useTranslation('chat');
  const id = useId();
  const [text, setText] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const check = checkText(text);
  const tooLong = !check.ok && check.reason === 'tooLong';

  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(() => setAlert(null), ALERT_MS);
    return () => clearTimeout(timer);
  }, [alert]);

  const submit = () => {
    if (!check.ok) return;
    onSendText(check.text);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME still composing (Thai, Lao) uses Enter to confirm its word, not to send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const result = checkFile(file);
    if (!result.ok) {
      setAlert(
        result.reason === 'unsupported'
          ? t('alerts.unsupported')
          : t('alerts.tooLarge', { max: result.maxMb }),
      );
      return;
    }
    setAlert(null);
    onSendFile(file, result.kind);
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {alert && (
        <p className="chat-alert" role="alert" data-testid="chat-alert">
          {alert}
        </p>
      )}
      <label htmlFor={`${id}-text`} className="wl-visually-hidden">
        {t('composer.label')}
      </label>
      <textarea
        ref={ref}
        id={`${id}-text`}
        className="chat-composer__input"
        rows={2}
        value={text}
        placeholder={t('composer.placeholder')}
        aria-describedby={`${id}-hint${tooLong ? ` ${id}-error` : ''}`}
        aria-invalid={tooLong || undefined}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim()) onTyping?.();
        }}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="wl-visually-hidden">
        {t('composer.hint')}
      </p>
      {tooLong && (
        <p id={`${id}-error`} className="chat-composer__error" role="alert">
          {t('composer.tooLong', { max: TEXT_MAX, length: text.trim().length })}
        </p>
      )}
      <div className="chat-composer__actions">
        {/* The native picker opens from a real button (a label is not reachable by keyboard). */}
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          hidden
          data-testid="chat-file-input"
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <button type="button" className="chat-composer__attach" onClick={() => fileInput.current?.click()}>
          {t('composer.attach')}
        </button>
        <button type="submit" className="chat-composer__send" disabled={!check.ok}>
          {t('composer.send')}
        </button>
      </div>
    </form>
  );
});
