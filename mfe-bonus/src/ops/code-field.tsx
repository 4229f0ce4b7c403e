import { useTranslation } from '@wallet/shared';
import { KeyField } from '@wallet/shared/ops';

/** The code of a bonus definition or a promotion: typed upper case when new, fixed once stored. */
export function CodeField({
  isNew,
  hint,
  ...bound
}: {
  isNew: boolean;
  /** What a new record's code may be. */
  hint: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('bonus-ops');
  return (
    <KeyField
      {...bound}
      label={t('field.code')}
      isNew={isNew}
      transform="uppercase"
      hint={hint}
      fixedHint={t('hint.codeFixed')}
    />
  );
}
