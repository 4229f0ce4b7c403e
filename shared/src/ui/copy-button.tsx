import type { ComponentProps, ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import { toast } from './toast';

/** Old-style copy for pages served without a secure context, where `navigator.clipboard` is missing. */
function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * Copies `text` and says so (spec §8): "Copied <text>" on success, "Failed to copy" otherwise.
 * Resolves whether it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  let copied = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      copied = true;
    } else {
      copied = copyWithSelection(text);
    }
  } catch {
    copied = false;
  }
  if (copied) toast.success(i18n.t('copy.copied', { ns: 'common', text }));
  else toast.error(i18n.t('copy.failed', { ns: 'common' }));
  return copied;
}

export interface CopyButtonProps extends Omit<ComponentProps<'button'>, 'onClick'> {
  /** What lands on the clipboard (an account number, a link). */
  text: string;
  /** Visible content; an icon by default. */
  children?: ReactNode;
  onCopied?: (ok: boolean) => void;
}

/** A button that copies `text` and toasts the result. Its accessible name says what it copies. */
export function CopyButton({ text, children, className, onCopied, ...rest }: CopyButtonProps) {
  return (
    <button
      type="button"
      aria-label={i18n.t('copy.label', { ns: 'common', text })}
      {...rest}
      className={`wl-copy${className ? ` ${className}` : ''}`}
      onClick={() => {
        void copyText(text).then((ok) => onCopied?.(ok));
      }}
    >
      {children ?? <span className="wl-copy__icon" aria-hidden="true" />}
    </button>
  );
}
