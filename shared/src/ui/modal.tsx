import { useEffect, useId, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { dismissToasts, dismissToastsRaisedSince } from './toast';
import { useCommonT } from './use-common-t';

export interface ModalProps {
  open: boolean;
  /** Called on the close button, Escape and (unless `dismissible` is false) a tap on the backdrop. */
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  /** `dialog` by default; confirmations and alerts use `alertdialog`. */
  role?: 'dialog' | 'alertdialog';
  /** False: the backdrop and Escape do not close (the close button still does unless `hideClose`). */
  dismissible?: boolean;
  hideClose?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'full';
  className?: string;
  /** Element to focus when the modal opens; otherwise the first focusable element, else the dialog itself. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  /**
   * Element to focus when the modal closes, instead of the one that had focus when it opened. For a modal that
   * opened by itself (nobody's button had focus), so focus lands on the page heading rather than on `body`.
   */
  returnFocus?: React.RefObject<HTMLElement | null>;
  /** For tests and e2e selectors. */
  'data-testid'?: string;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** Open modals, innermost last: only the top one reacts to Escape and traps Tab. */
const stack: symbol[] = [];
/** Who wants to hear when a modal opens or closes (`useOpenModalCount`). */
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const openCount = (): number => stack.length;

/**
 * How many modals of the site are open now, in every part of the page (the kit is one shared instance). A window
 * that opens by itself (the agreement sheet) waits for 0, so it never pops over one the member opened.
 */
export function useOpenModalCount(): number {
  return useSyncExternalStore(subscribe, openCount, () => 0);
}

/**
 * Whether Tab can land on `el` at all: not in a `hidden` or `inert` subtree (a tab panel that is not current, a
 * collapsed section) and, where the browser can tell, rendered (`display: none` or `visibility: hidden` anywhere
 * above it). A control the browser skips must not count as the first or last stop of the trap: the deposit
 * window's hidden panels did, so Tab from its last visible control left the dialog for the page.
 */
function reachable(el: HTMLElement): boolean {
  if (el.closest('[hidden], [inert]')) return false;
  if (typeof el.checkVisibility === 'function') return el.checkVisibility({ visibilityProperty: true });
  return true;
}

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(reachable);
}

/** The first of `items` after `from` in document order (`forward`), or the last one before it. */
function neighbour(items: readonly HTMLElement[], from: Element, forward: boolean): HTMLElement | undefined {
  if (forward) return items.find((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  // An element that holds `from` comes before it too (a focusable tab panel before its controls).
  return items.findLast((el) => from.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING);
}

/**
 * A modal dialog rendered in a portal on `document.body`: titled, closable by its button and Escape, focus moved
 * into it on open, kept inside while open, and given back to the element that had it when the modal closes.
 */
export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ModalPanel {...props} />, document.body);
}

function ModalPanel({
  onClose,
  title,
  children,
  footer,
  role = 'dialog',
  dismissible = true,
  hideClose = false,
  size = 'md',
  className,
  initialFocus,
  returnFocus,
  'data-testid': testId,
}: ModalProps) {
  const t = useCommonT();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const dismissibleRef = useRef(dismissible);
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    onCloseRef.current = onClose;
    dismissibleRef.current = dismissible;
    returnFocusRef.current = returnFocus;
  });

  useEffect(() => {
    const token = Symbol('modal');
    const openedAt = Date.now();
    // The page's messages go as a window opens over it (one raised by the action that opened it stays).
    dismissToasts();
    stack.push(token);
    changed();
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) {
      const target = initialFocus?.current ?? focusables(panel).find((el) => !el.dataset.modalClose) ?? panel;
      target.focus();
    }
    document.body.classList.add('wl-modal-open');

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token || !panel) return;
      if (event.key === 'Escape' && dismissibleRef.current) {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        // Read at each press: the panel's controls change while it is open (tabs, a created QR, a chosen file).
        const items = focusables(panel);
        const first = items[0];
        const last = items[items.length - 1];
        const active = document.activeElement;
        if (!first || !last) {
          event.preventDefault();
          panel.focus();
        } else if (!active || !panel.contains(active)) {
          // Focus got out (or was never in): bring it back at the end Tab moves towards.
          event.preventDefault();
          (event.shiftKey ? last : first).focus();
        } else if (!neighbour(items, active, !event.shiftKey)) {
          // Nothing reachable after (before) the focused element: wrap round instead of leaving the dialog. This
          // also covers a focused element that is not a Tab stop itself (the dialog, a tab with tabindex -1).
          event.preventDefault();
          (event.shiftKey ? last : first).focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      stack.splice(stack.indexOf(token), 1);
      // The messages this window raised go with it (its outcome toast, raised as it closes, stays).
      dismissToastsRaisedSince(openedAt);
      if (stack.length === 0) document.body.classList.remove('wl-modal-open');
      // Read when closing: the element to return to may have been rendered after the modal opened.
      const back = returnFocusRef.current?.current ?? previouslyFocused;
      if (back && document.contains(back)) back.focus();
      changed();
    };
    // Runs once per opening: focus is taken on open and given back on close.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div
      className="wl-modal__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissible) onClose();
      }}
    >
      <div
        ref={panelRef}
        className={`wl-modal wl-modal--${size}${className ? ` ${className}` : ''}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
      >
        <header className="wl-modal__header">
          <h2 id={titleId} className="wl-modal__title">
            {title}
          </h2>
          {!hideClose && (
            <button
              type="button"
              className="wl-modal__close"
              aria-label={t('actions.close')}
              data-modal-close="true"
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </header>
        <div className="wl-modal__body">{children}</div>
        {footer && <footer className="wl-modal__footer">{footer}</footer>}
      </div>
    </div>
  );
}
