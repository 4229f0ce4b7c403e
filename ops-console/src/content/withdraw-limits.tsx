import { useState, type FormEvent } from 'react';
import {
  currencyScale,
  formatMoney,
  FormField,
  isApiError,
  toast,
  toastError,
  toMinorUnits,
  useTranslation,
  type Currency,
} from '@wallet/shared';
import { opsApi } from '../api';
import { EditActions } from './edit-actions';

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
export function WithdrawLimitsForm({
  stored,
  onSaved,
  onDirty,
}: {
  stored: WithdrawLimits;
  onSaved: (saved: unknown) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('ops');
  const { currency } = stored;
  const scale = currencyScale(currency);
  const initial = {
    min: formatMoney(stored.withdrawMin, scale),
    max: formatMoney(stored.withdrawMax, scale),
  };
  const [text, setText] = useState(initial);
  const [refused, setRefused] = useState<{ field: Field | undefined; detail: string }>();
  const [saving, setSaving] = useState(false);

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

  const change = (field: Field, value: string) => {
    const next = { ...text, [field]: value };
    setText(next);
    setRefused(undefined);
    onDirty(next.min !== initial.min || next.max !== initial.max);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (min === null || max === null || max < min) return;
    setSaving(true);
    try {
      const saved = await opsApi.setContent('withdraw', '*', {
        withdrawMin: min,
        withdrawMax: max,
        currency,
      });
      toast.success(t('content.saved', { name: t('content.keys.withdraw.name') }));
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.code === 'KEY_INVALID') {
        const field =
          error.field === '/withdrawMin' ? 'min' : error.field === '/withdrawMax' ? 'max' : undefined;
        setRefused({ field, detail: error.detail ?? error.message });
      } else toastError(error);
    } finally {
      setSaving(false);
    }
  };

  const dirty = text.min !== initial.min || text.max !== initial.max;
  const field = (name: Field) => (
    <FormField
      key={name}
      label={t(`content.withdraw.${name}`)}
      value={text[name]}
      inputMode={scale === 0 ? 'numeric' : 'decimal'}
      autoComplete="off"
      error={dirty || refused ? errors[name] : undefined}
      addon={<span className="ops-unit">{currency}</span>}
      onValueChange={(value) => change(name, value)}
    />
  );

  return (
    <form className="ops-limits" noValidate onSubmit={(event) => void submit(event)}>
      {FIELDS.map(field)}
      <EditActions
        dirty={dirty}
        saving={saving}
        refusal={
          refused && !refused.field ? t('content.withdraw.refused', { detail: refused.detail }) : undefined
        }
        onDiscard={() => {
          setText(initial);
          setRefused(undefined);
          onDirty(false);
        }}
      />
    </form>
  );
}
