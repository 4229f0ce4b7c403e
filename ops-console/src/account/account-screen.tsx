import { useRef, useState, type FormEvent } from 'react';
import { Button, FormField, isApiError, toast, useTranslation } from '@wallet/shared';
import { opsApi, type Operator } from '../api';
import { errorText } from '../errors';
import { MIN_PASSWORD } from '../operators/operators-screen';

type Field = 'current' | 'next' | 'repeat';
type FieldErrors = Partial<Record<Field, string>>;

/** The signed-in operator's own account (every role): who and which role, and a password change. */
export function AccountScreen({ operator }: { operator: Operator }) {
  const { t } = useTranslation('ops');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!current) found.current = t('account.currentMissing');
    if (next.length < MIN_PASSWORD) found.next = t('account.tooShort', { min: MIN_PASSWORD });
    else if (next === current) found.next = t('account.same');
    if (!found.next && repeat !== next) found.repeat = t('account.mismatch');
    setErrors(found);
    setFormError(undefined);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    opsApi.changePassword(current, next).then(
      () => {
        setBusy(false);
        setCurrent('');
        setNext('');
        setRepeat('');
        toast.success(t('account.changed'));
      },
      (error: unknown) => {
        setBusy(false);
        const code = isApiError(error) ? error.code : '';
        if (code === 'WRONG_PASSWORD') {
          setCurrent('');
          setErrors({ current: t('account.wrongCurrent') });
          currentRef.current?.focus();
        } else if (code === 'INVALID_USER_INFO') {
          setErrors({ next: t('account.tooShort', { min: MIN_PASSWORD }) });
        } else {
          setFormError(errorText(error));
        }
      },
    );
  };

  return (
    <section className="ops-screen" aria-labelledby="ops-screen-title">
      <h1 id="ops-screen-title">{t('menu.account')}</h1>
      <dl className="ops-facts">
        <dt>{t('account.username')}</dt>
        <dd>{operator.username}</dd>
        <dt>{t('account.role')}</dt>
        <dd>{t(`roles.${operator.role}`)}</dd>
      </dl>
      <section className="ops-group ops-form-group" aria-labelledby="ops-password-title">
        <h2 id="ops-password-title">{t('account.passwordTitle')}</h2>
        <p className="ops-hint">{t('account.passwordIntro')}</p>
        <form className="ops-form" onSubmit={submit} noValidate>
          {/* A hidden name field lets password managers file the new password under the right account. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={operator.username}
            readOnly
            hidden
          />
          <FormField
            ref={currentRef}
            id="ops-current-password"
            label={t('account.current')}
            type="password"
            autoComplete="current-password"
            required
            value={current}
            error={errors.current}
            onValueChange={setCurrent}
          />
          <FormField
            id="ops-next-password"
            label={t('account.next')}
            hint={t('account.tooShort', { min: MIN_PASSWORD })}
            type="password"
            autoComplete="new-password"
            required
            value={next}
            error={errors.next}
            onValueChange={setNext}
          />
          <FormField
            id="ops-repeat-password"
            label={t('account.repeat')}
            type="password"
            autoComplete="new-password"
            required
            value={repeat}
            error={errors.repeat}
            onValueChange={setRepeat}
          />
          {formError && (
            <p className="wl-ops-error" role="alert">
              {formError}
            </p>
          )}
          <div className="ops-actions">
            <Button type="submit" busy={busy}>
              {t('account.submit')}
            </Button>
          </div>
        </form>
      </section>
    </section>
  );
}
