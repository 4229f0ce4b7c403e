import { useRef, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Button } from './button';
import { Modal } from './modal';
import { useCommonT } from './use-common-t';

export interface ConfirmDialogProps {
  open: boolean;
  /** Defaults to "Please confirm". */
  title?: ReactNode;
  body: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  /** Red confirm button, for destructive actions (cancel a bonus). */
  danger?: boolean;
  /** The confirm action is running: its button shows a spinner and the dialog cannot be dismissed. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question. Escape, the close button and the backdrop count as cancel. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  cancelLabel,
  danger = false,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useCommonT();
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      role="alertdialog"
      size="sm"
      dismissible={!busy}
      title={title ?? t('dialog.confirmTitle')}
      initialFocus={confirmRef}
      className="wl-dialog wl-dialog--confirm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('actions.cancel')}
          </Button>
          <Button ref={confirmRef} variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
            {confirmLabel ?? t('actions.confirm')}
          </Button>
        </>
      }
    >
      <div className="wl-dialog__body">{body}</div>
    </Modal>
  );
}

export type AlertKind = 'error' | 'success' | 'info' | 'warning';

export interface AlertDialogProps {
  open: boolean;
  kind?: AlertKind;
  /** Defaults by kind: "Error", "Success", "Notice", "Warning" (spec §8 "a modal error titled error"). */
  title?: ReactNode;
  message: ReactNode;
  okLabel?: ReactNode;
  onClose: () => void;
}

const DEFAULT_TITLE_KEY = {
  error: 'dialog.errorTitle',
  success: 'dialog.successTitle',
  info: 'dialog.noticeTitle',
  warning: 'dialog.warningTitle',
} as const;

/** A titled message with one OK button: transfer/withdraw results, errors "titled error". */
export function AlertDialog({ open, kind = 'error', title, message, okLabel, onClose }: AlertDialogProps) {
  const t = useCommonT();
  const okRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      size="sm"
      title={title ?? t(DEFAULT_TITLE_KEY[kind])}
      initialFocus={okRef}
      className={`wl-dialog wl-dialog--${kind}`}
      data-testid={`alert-${kind}`}
      footer={
        <Button ref={okRef} variant="primary" block onClick={onClose}>
          {okLabel ?? t('actions.ok')}
        </Button>
      }
    >
      <div className={`wl-dialog__icon wl-dialog__icon--${kind}`} aria-hidden="true" />
      <div className="wl-dialog__body">{message}</div>
    </Modal>
  );
}

/**
 * Renders a dialog in a React root of its own until it settles, for code that only wants an answer (no state,
 * no markup in the caller). The dialog uses the page's i18n instance, so it speaks the current language.
 */
function openDetached<T>(render: (settle: (value: T) => void) => ReactNode): Promise<T> {
  return new Promise<T>((resolve) => {
    const container = document.createElement('div');
    container.className = 'wl-detached-dialog';
    document.body.appendChild(container);
    const root = createRoot(container);
    let settled = false;
    const settle = (value: T) => {
      if (settled) return;
      settled = true;
      root.render(null);
      // Unmount after the render above returned focus; unmounting inside a React event handler is not allowed.
      setTimeout(() => {
        root.unmount();
        container.remove();
      }, 0);
      resolve(value);
    };
    root.render(render(settle));
  });
}

export type ConfirmOptions = Omit<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel' | 'busy'>;

/** Asks a yes/no question: `if (await confirm({ body: t('bonus.cancelQuestion') })) ...`. Resolves false on cancel. */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  return openDetached<boolean>((settle) => (
    <ConfirmDialog {...options} open onConfirm={() => settle(true)} onCancel={() => settle(false)} />
  ));
}

export type AlertOptions = Omit<AlertDialogProps, 'open' | 'onClose'>;

/** Shows an alert dialog and resolves when the member closes it: `await showAlert({ kind: 'error', message })`. */
export function showAlert(options: AlertOptions): Promise<void> {
  return openDetached<void>((settle) => <AlertDialog {...options} open onClose={() => settle()} />);
}
