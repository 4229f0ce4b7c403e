import { Button, useTranslation } from '@wallet/shared';

/**
 * Save and discard of an edited content value: both idle until something changed; save waits for `canSave`,
 * and submits its form when `onSave` is not given.
 */
export function EditActions({
  dirty,
  canSave = true,
  saving,
  onSave,
  onDiscard,
}: {
  dirty: boolean;
  canSave?: boolean;
  saving: boolean;
  onSave?: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('ops');
  return (
    <div className="ops-actions">
      <Button
        type={onSave ? 'button' : 'submit'}
        onClick={onSave}
        disabled={!dirty || !canSave}
        busy={saving}
      >
        {t('content.save')}
      </Button>
      <Button variant="secondary" disabled={!dirty || saving} onClick={onDiscard}>
        {t('content.discard')}
      </Button>
    </div>
  );
}
