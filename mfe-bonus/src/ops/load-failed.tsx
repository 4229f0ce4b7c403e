import { Button, useTranslation } from '@wallet/shared';

/** A definition that could not be read: the translated reason and the way back to the lists. */
export function LoadFailed({
  title,
  message,
  onBack,
}: {
  title: string;
  message: string;
  onBack: () => void;
}) {
  const { t } = useTranslation('bonus-ops');
  return (
    <section className="wl-opsf-editor" aria-labelledby="bops-editor-title">
      <h2 id="bops-editor-title">{title}</h2>
      <p className="wl-opsf-error" role="alert">
        {message}
      </p>
      <Button variant="secondary" onClick={onBack}>
        {t('backToLists')}
      </Button>
    </section>
  );
}
