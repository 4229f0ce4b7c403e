import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { ApiError, ToastViewport, clearSession, i18n, setLocale, translateErrorCode } from '@wallet/shared';

/**
 * Renders a screen the way the host mounts it (the page's i18n instance, its own BrowserRouter) next to the
 * host's toast viewport, at `url`. Pass `fakeTimers` when the test called `jest.useFakeTimers()`. `leave()` takes
 * the screen away and keeps the viewport.
 */
export function renderScreen(
  ui: ReactElement,
  { url = '/' as string | null, fakeTimers = false }: { url?: string | null; fakeTimers?: boolean } = {},
) {
  // `url: null` mounts at the current history entry, with its state (as the host mounts a part after a navigation).
  if (url !== null) window.history.pushState({}, '', url);
  const user = userEvent.setup(fakeTimers ? { advanceTimers: (ms) => jest.advanceTimersByTime(ms) } : {});
  const tree = (screenUi: ReactElement | null) => (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>{screenUi}</BrowserRouter>
      <ToastViewport />
    </I18nextProvider>
  );
  const view = render(tree(ui));
  /** Takes the screen away (the visitor left it) while the host's toast viewport stays. */
  const leave = () => view.rerender(tree(null));
  return { user, leave, ...view };
}

/** The error a failed call rejects with, as the shared HTTP client builds it from the server's code (and field). */
export function serverError(code: string, status = 400, field?: string): ApiError {
  return new ApiError(code, status, translateErrorCode(code), field);
}

/** Messages shown under the form's fields (the toast region excluded). */
export function inlineErrors(text: string): HTMLElement[] {
  return screen.queryAllByText(text).filter((el) => !el.closest('.wl-toasts'));
}

/** Messages currently shown as toasts. */
export function toastMessages(): string[] {
  return Array.from(document.querySelectorAll('.wl-toasts .wl-toast__message')).map(
    (el) => el.textContent ?? '',
  );
}

/** The translated text of a server error code. */
export function errorText(code: string): string {
  return i18n.t(code, { ns: 'errors' });
}

/** Tests read in English; storage and session start empty. */
export function startEachTestClean(): void {
  beforeAll(async () => {
    await setLocale('en');
  });
  beforeEach(() => {
    clearSession();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });
}
