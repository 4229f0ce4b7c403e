import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@wallet/shared';

export const SLIP_ACCEPT = 'image/png,image/jpeg,image/jpg';

const KB = 1024;
const MB = 1024 * KB;

/** A file size as a member reads it: "820 B", "12.5 KB", "1.2 MB" (one decimal, none for bytes), units translated. */
export function fileSizeText(bytes: number, t: (key: string, options: { value: string }) => string): string {
  const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toFixed(1).replace(/\.0$/, '');
  if (bytes < KB) return t('deposit.slip.size.b', { value: String(bytes) });
  if (bytes < MB) return t('deposit.slip.size.kb', { value: oneDecimal(bytes / KB) });
  return t('deposit.slip.size.mb', { value: oneDecimal(bytes / MB) });
}

/**
 * The image as a `data:` URL for its thumbnail, read with a FileReader (the site's CSP already allows `data:`
 * images for the QR codes; a `blob:` object URL would need `img-src blob:` added for the whole site). A reading
 * under way is abandoned when the file changes or the picker goes away.
 */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) return undefined;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => {
      reader.onload = null;
      if (reader.readyState === FileReader.LOADING) reader.abort();
    };
  }, [file]);
  // A preview of an earlier file is never shown for the current one.
  return preview && preview.file === file ? preview.url : null;
}

export interface SlipFilePickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * The slip picker in the member's language: the browser's own file button ("Choose File / No file chosen", in the
 * browser's language) is a visually hidden real `<input type=file>` (still focusable, Enter/Space open it), and a
 * translated button-styled label opens it; then the chosen file's name and size, and a thumbnail of the image.
 */
export function SlipFilePicker({ file, onChange, disabled = false }: SlipFilePickerProps) {
  const { t } = useTranslation('wallet');
  const inputId = useId();
  const chosenId = useId();
  const preview = usePreview(file);

  return (
    <div className={`wallet-file${disabled ? ' wallet-file--disabled' : ''}`}>
      <input
        id={inputId}
        type="file"
        accept={SLIP_ACCEPT}
        className="wallet-file__input"
        disabled={disabled}
        aria-describedby={chosenId}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        data-testid="slip-file"
      />
      <div className="wallet-file__row">
        <label htmlFor={inputId} className="wl-btn wl-btn--secondary wl-btn--sm wallet-file__button">
          {file ? t('deposit.slip.chooseAnother') : t('deposit.slip.choose')}
        </label>
        <p id={chosenId} className="wallet-file__chosen" aria-live="polite" data-testid="slip-file-chosen">
          {file ? (
            <>
              <span className="wallet-file__name" data-testid="slip-file-name">
                {file.name}
              </span>
              <span className="wallet-file__size" data-testid="slip-file-size">
                {fileSizeText(file.size, t)}
              </span>
            </>
          ) : (
            <span className="wallet-file__name">{t('deposit.slip.noFile')}</span>
          )}
        </p>
      </div>
      {file && preview && (
        <img
          className="wallet-file__preview"
          src={preview}
          alt={t('deposit.slip.preview', { name: file.name })}
          data-testid="slip-file-preview"
        />
      )}
    </div>
  );
}
