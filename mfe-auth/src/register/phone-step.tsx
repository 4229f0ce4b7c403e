import { useState, type FormEvent } from 'react';
import { Button, FormField, buildConfig, useTranslation } from '@wallet/shared';
import type { StepProps } from './step-props';
import { failedRules, passes, type MessageKey } from '../common/form-rules';
import { validatePhone } from './validation';

/** Step 0: the phone number (the username); a phone the server refused shows its message here. */
export function PhoneStep({ form, onChange, onNext, busy, serverErrors }: StepProps) {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<MessageKey | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const failed = failedRules({ phone: validatePhone(form.phone, buildConfig.laos) });
    setError(failed.phone ?? null);
    if (passes(failed)) onNext();
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormField
        label={t('register.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        required
        value={form.phone}
        onValueChange={(phone) => onChange({ phone: phone.trim() })}
        error={error ? t(error) : serverErrors.phone}
        data-testid="register-phone"
      />
      <div className="auth-form__actions">
        <Button type="submit" block busy={busy} data-testid="register-next">
          {t('register.next')}
        </Button>
      </div>
    </form>
  );
}
