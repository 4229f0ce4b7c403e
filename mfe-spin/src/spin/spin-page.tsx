import { useTranslation } from '@wallet/shared';

/** /user/spin: the prize wheel comes in a later issue; for now its title and a "coming soon" line. */
export function SpinPage() {
  const { t } = useTranslation('spin');
  return (
    <section className="spin-page" data-testid="spin-page">
      <h1>{t('title')}</h1>
      <p>{t('comingSoon')}</p>
    </section>
  );
}
