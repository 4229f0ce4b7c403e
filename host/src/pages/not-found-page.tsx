import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

/** The catch-all page; also what a disabled remote's routes show. */
export function NotFoundPage() {
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
