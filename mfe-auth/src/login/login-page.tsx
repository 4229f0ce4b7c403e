import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  DelayedLoader,
  FormField,
  LanguageSwitcher,
  setSession,
  useAsyncAction,
  useTranslation,
  Link,
  useLocation,
  useNavigate,
} from '@wallet/shared';
import { loginApi } from './api';
import { failedRules, passes, required, type MessageKey } from '../common/form-rules';

type LoginErrors = Partial<Record<'username' | 'password', MessageKey>>;

/** The phone a registration that just succeeded handed over in the navigation state, if any. */
function registeredPhone(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('phone' in state)) return '';
  return typeof state.phone === 'string' ? state.phone : '';
}

/**
 * `/login`: the phone number is the username (filled in after a registration, from the navigation state). "Remember me" keeps the token in localStorage, otherwise it lives
 * for the browser session. Server refusals (WRONG_CREDENTIAL, REQUEST_LIMIT, INACTIVE_USER…) arrive translated
 * and are toasted by `useAsyncAction`.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  // After registration the form holds the new phone; the member types only the password.
  const [handedPhone] = useState(() => registeredPhone(location.state));
  const [username, setUsername] = useState(handedPhone);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>({});
  const login = useAsyncAction(loginApi.login);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const failed = failedRules({ username: required(username), password: required(password) });
    setErrors(failed);
    if (!passes(failed)) return;
    const result = await login.run(username.trim(), password);
    if (!result.ok) return;
    setSession(result.value.token, remember);
    navigate('/user');
  };
  const message = (key: keyof LoginErrors) => (errors[key] ? t(errors[key]) : undefined);

  return (
    <section className="auth-page auth-login" data-testid="login-page">
      <header className="auth-page__header">
        <h1 className="auth-page__title">{t('login.title')}</h1>
        <LanguageSwitcher className="auth-page__language" />
      </header>
      <form className="auth-form" onSubmit={submit} noValidate>
        <FormField
          label={t('login.username')}
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          required
          value={username}
          onValueChange={setUsername}
          error={message('username')}
          data-testid="login-username"
        />
        <FormField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
          autoFocus={handedPhone !== ''}
          error={message('password')}
          data-testid="login-password"
        />
        <Checkbox
          label={t('login.remember')}
          checked={remember}
          onCheckedChange={setRemember}
          data-testid="login-remember"
        />
        <div className="auth-form__actions">
          <Button type="submit" block busy={login.busy} data-testid="login-submit">
            {t('login.submit')}
          </Button>
        </div>
      </form>
      <p className="auth-page__switch">
        {t('login.noAccount')}{' '}
        <Link to="/register" data-testid="login-register-link">
          {t('login.registerLink')}
        </Link>
      </p>
      <DelayedLoader active={login.busy} />
    </section>
  );
}
