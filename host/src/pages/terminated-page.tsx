import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TERMINATED_MARK } from '../routing/guards';
import { useStaticFrameHandoff } from '../shell/static-frame-handoff';

/**
 * Where the terminated check and the HTTP client's `gone` answer lead; the tab's title becomes "page not found"
 * (the route's title, see routes.tsx). A bare page: the server's frame goes when it renders.
 *
 * The check before /login leaves the body's terminated mark on (spec §2), which hides the app's root; this page
 * shows under it (`.host-terminated-page`, shell.css) however it is reached, and takes the mark away when it is
 * left (a step back in the history), so the page shown next is not hidden.
 */
export function TerminatedPage() {
  useStaticFrameHandoff();
  const { t } = useTranslation('host');
  useLayoutEffect(() => () => document.body.classList.remove(TERMINATED_MARK), []);

  return (
    <section className="host-page host-status-page host-terminated-page" data-testid="terminated">
      <h1>{t('terminated.title')}</h1>
      <p>{t('terminated.message')}</p>
    </section>
  );
}
