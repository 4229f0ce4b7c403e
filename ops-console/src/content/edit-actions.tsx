import { Button, useTranslation } from '@wallet/shared';

/**
 * Save and discard of an edited content value: both idle until something changed; save waits for `canSave`,
 * and submits its form when `onSave` is not given. `refusal`: why the server refused the last save, when no field
 * of the form can show it, announced above the buttons.
 */
export function EditActions({
  dirty,
  canSave = true,
  saving,
  refusal,
  onSave,
  onDiscard,
}: {
  dirty: boolean;
  canSave?: boolean;
  saving: boolean;
  refusal?: string;
  onSave?: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('ops');
  return (
    <>
      {refusal && (
        <div className="ops-refusal" role="alert">
          <p>{refusal}</p>
        </div>
      )}
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
    </>
  );
}
