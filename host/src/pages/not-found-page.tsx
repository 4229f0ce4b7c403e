import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useStaticFrameHandoff } from '../shell/static-frame-handoff';

/**
 * The catch-all page; also what a disabled remote's routes show. Outside a shell it is a bare page: the server's
 * frame goes when it renders.
 */
export function NotFoundPage() {
  useStaticFrameHandoff();
  const { t } = useTranslation('host');
  return (
    <section className="host-page host-status-page" data-testid="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link to="/" className="wl-btn" data-testid="not-found-home">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
