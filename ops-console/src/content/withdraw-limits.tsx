import type { FormEvent } from 'react';
import {
  currencyScale,
  formatMoney,
  FormField,
  toMinorUnits,
  useTranslation,
  type Currency,
} from '@wallet/shared';
import { EditActions } from './edit-actions';
import { useContentForm, type ContentFormProps } from './use-content-form';

/** The stored `withdraw` content: the limits in minor units of the site's currency. */
export interface WithdrawLimits {
  withdrawMin: number;
  withdrawMax: number;
  currency: Currency;
}

/** The stored value when it is of the shape (else the screen's JSON editor shows it as it is). */
export function asWithdrawLimits(value: unknown): WithdrawLimits | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { withdrawMin, withdrawMax, currency } = value as Record<string, unknown>;
  if (!Number.isSafeInteger(withdrawMin) || !Number.isSafeInteger(withdrawMax)) return undefined;
  if (currency !== 'THB' && currency !== 'LAK') return undefined;
  return { withdrawMin: withdrawMin as number, withdrawMax: withdrawMax as number, currency };
}

type Field = 'min' | 'max';
const FIELDS: readonly Field[] = ['min', 'max'];

/**
 * The withdrawal limits as amounts in baht or kip (the stored value is in minor units: typed as JSON, 100 baht is
 * 10000, easy to get wrong by a factor of a hundred). Checked as the server checks (positive, at most the
 * currency's decimals, the maximum not below the minimum); a refusal of the server is shown at its field.
 */
export function WithdrawLimitsForm({ stored, onSaved, onDirty }: ContentFormProps<WithdrawLimits>) {
  const { t } = useTranslation('ops');
  const { currency } = stored;
  const scale = currencyScale(currency);
  const initial = {
    min: formatMoney(stored.withdrawMin, scale),
    max: formatMoney(stored.withdrawMax, scale),
  };
  const edit = useContentForm<typeof initial, Field>({ key: 'withdraw', initial, onDirty, onSaved });
  const { draft: text, refused } = edit;

  const minor = (value: string) => {
    const amount = toMinorUnits(value, scale);
    return amount !== null && amount > 0 ? amount : null;
  };
  const min = minor(text.min);
  const max = minor(text.max);
  const errors: Partial<Record<Field, string>> = {};
  if (min === null) errors.min = t('content.withdraw.amountInvalid');
  if (max === null) errors.max = t('content.withdraw.amountInvalid');
  else if (min !== null && max < min) errors.max = t('content.withdraw.maxBelowMin');
  if (refused?.field) errors[refused.field] ??= t('content.withdraw.refused', { detail: refused.detail });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (min === null || max === null || max < min) return;
    const fieldOf = (path: string): Field | undefined =>
      path === '/withdrawMin' ? 'min' : path === '/withdrawMax' ? 'max' : undefined;
    await edit.save({ withdrawMin: min, withdrawMax: max, currency }, fieldOf);
  };

  const field = (name: Field) => (
    <FormField
      key={name}
      label={t(`content.withdraw.${name}`)}
      value={text[name]}
      inputMode={scale === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      error={edit.dirty || refused ? errors[name] : undefined}
      addon={<span className="ops-unit">{currency}</span>}
      onValueChange={(value) => edit.change({ ...text, [name]: value })}
    />
  );

  return (
    <form className="ops-limits" noValidate onSubmit={(event) => void submit(event)}>
      {FIELDS.map(field)}
      <EditActions
        dirty={edit.dirty}
        saving={edit.saving}
        refusal={
          refused && !refused.field ? t('content.withdraw.refused', { detail: refused.detail }) : undefined
        }
        onDiscard={edit.discard}
      />
    </form>
  );
}
