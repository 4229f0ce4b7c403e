import { Button, useTranslation } from '@wallet/shared';

/** A read that failed: the translated reason and a retry (the console's own screens). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('ops');
  return (
    <div role="alert">
      <p className="ops-error">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
