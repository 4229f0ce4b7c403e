import { useState, type FormEvent } from 'react';
import { Button, FormField, useTranslation } from '@wallet/shared';
import type { StepProps } from './step-props';
import { failedRules, passes, required, type MessageKey } from '../common/form-rules';

/** Spec §5: asks for the one-time code with the reference of the SMS shown. */
export function OtpStep({ form, onChange, onNext, onBack, busy, otpRef }: StepProps & { otpRef: string }) {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<MessageKey | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const failed = failedRules({ otpCode: required(form.otpCode) });
    setError(failed.otpCode ?? null);
    if (passes(failed)) onNext();
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <p className="auth-form__note">{t('register.otpSent', { phone: form.phone })}</p>
      <p className="auth-form__ref" data-testid="register-otp-ref">
        {t('register.otpRef', { ref: otpRef })}
      </p>
      <FormField
        label={t('register.otp')}
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        value={form.otpCode}
        onValueChange={(otpCode) => onChange({ otpCode: otpCode.trim() })}
        error={error ? t(error) : undefined}
        data-testid="register-otp"
      />
      <div className="auth-form__actions">
        <Button variant="secondary" onClick={onBack} disabled={busy} data-testid="register-back">
          {t('register.back')}
        </Button>
        <Button type="submit" busy={busy} data-testid="register-next">
          {t('register.verify')}
        </Button>
      </div>
    </form>
  );
}
