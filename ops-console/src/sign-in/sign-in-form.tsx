import { useState, type FormEvent } from 'react';
import { Button, FormField, useTranslation } from '@wallet/shared';
import { opsApi, type Operator } from '../api';
import { errorText } from '../errors';
import { FormError, SignInLayout } from './sign-in-layout';

/** The first step: the operator's name and password (the server answers which step is next). */
export function SignInForm({
  notice,
  onSignedIn,
}: {
  notice?: string | undefined;
  onSignedIn: (operator: Operator) => void;
}) {
  const { t } = useTranslation('ops');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(t('signIn.fillBoth'));
      return;
    }
    setBusy(true);
    setError(undefined);
    opsApi.login(username.trim(), password).then(
      (operator) => onSignedIn(operator),
      (failure: unknown) => {
        setBusy(false);
        setPassword('');
        setError(errorText(failure));
      },
    );
  };

  return (
    <SignInLayout title={t('signIn.title')}>
      {notice && (
        <p className="ops-notice" role="status">
          {notice}
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <FormField
          id="ops-username"
          label={t('signIn.username')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onValueChange={setUsername}
        />
        <FormField
          id="ops-password"
          label={t('signIn.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <FormError text={error} />
        <Button type="submit" block busy={busy}>
          {t('signIn.submit')}
        </Button>
      </form>
    </SignInLayout>
  );
}
