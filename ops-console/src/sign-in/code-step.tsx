import { useState, type FormEvent } from 'react';
import { Button, FormField, useTranslation } from '@wallet/shared';
import { opsApi, type Operator } from '../api';
import { errorText } from '../errors';
import { SignInLayout } from './sign-in-layout';

const TOTP = /^\d{6}$/;
const RECOVERY = /^[a-z0-9]{5}-[a-z0-9]{5}$/i;

/** The second step: the authenticator's 6-digit code, or one of the recovery codes. */
export function CodeStep({
  operator,
  onDone,
  onCancel,
}: {
  operator: Operator;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('ops');
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!(recovery ? RECOVERY : TOTP).test(value)) {
      setError(recovery ? t('code.recoveryFormat') : t('code.format'));
      return;
    }
    setBusy(true);
    setError(undefined);
    opsApi
      .code(recovery ? { recoveryCode: value.toLowerCase() } : { code: value })
      .then(onDone, (failure) => {
        setBusy(false);
        setCode('');
        setError(errorText(failure));
      });
  };

  const switchMode = () => {
    setRecovery(!recovery);
    setCode('');
    setError(undefined);
  };

  return (
    <SignInLayout title={t('code.title')}>
      <p className="ops-hint">
        {recovery
          ? t('code.recoveryIntro', { name: operator.username })
          : t('code.intro', { name: operator.username })}
      </p>
      <form onSubmit={submit} noValidate>
        {recovery ? (
          <FormField
            key="recovery"
            id="ops-recovery-code"
            label={t('code.recoveryLabel')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder={t('code.recoveryPlaceholder')}
            maxLength={11}
            required
            autoFocus
            value={code}
            onValueChange={setCode}
            error={error}
          />
        ) : (
          <FormField
            key="totp"
            id="ops-code"
            label={t('code.label')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            autoFocus
            value={code}
            transform={(value) => value.replace(/\D/g, '')}
            onValueChange={setCode}
            error={error}
          />
        )}
        <Button type="submit" block busy={busy}>
          {t('code.submit')}
        </Button>
      </form>
      <div className="ops-actions">
        <Button variant="ghost" onClick={switchMode}>
          {recovery ? t('code.useApp') : t('code.useRecovery')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('signIn.back')}
        </Button>
      </div>
    </SignInLayout>
  );
}
