import { useTranslation } from '@wallet/shared';

/** A page of this remote whose screen comes in a later issue: its title and a "coming soon" line, no fake data. */
export function ComingSoonPage({
  titleKey,
  testId,
}: {
  titleKey: 'bonus.title' | 'statement.title';
  testId: string;
}) {
  const { t } = useTranslation('bonus');
  return (
    <section className="bonus-page" data-testid={testId}>
      <h1>{t(titleKey)}</h1>
      <p>{t('comingSoon')}</p>
    </section>
  );
}
