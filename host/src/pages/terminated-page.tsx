import { useTranslation } from 'react-i18next';
import { useStaticFrameHandoff } from '../shell/static-frame-handoff';

/**
 * Where the terminated check and the HTTP client's `gone` answer lead; the tab's title becomes "page not found"
 * (the route's title, see routes.tsx). A bare page: the server's frame goes when it renders.
 */
export function TerminatedPage() {
  useStaticFrameHandoff();
  const { t } = useTranslation('host');

  return (
    <section className="host-page host-status-page" data-testid="terminated">
      <h1>{t('terminated.title')}</h1>
      <p>{t('terminated.message')}</p>
    </section>
  );
}
