import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Where the terminated check and the HTTP client's `gone` answer lead; the title becomes "page not found". */
export function TerminatedPage() {
  const { t } = useTranslation('host');
  const title = t('terminated.pageTitle');

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <section className="host-page host-status-page" data-testid="terminated">
      <h1>{t('terminated.title')}</h1>
      <p>{t('terminated.message')}</p>
    </section>
  );
}
