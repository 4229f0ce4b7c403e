import { useState, type FormEvent } from 'react';
import { Button, FormField, SelectField, useTranslation } from '@wallet/shared';
import { registerApi } from './api';
import { useLookup } from '../common/use-lookup';
import type { StepProps } from './step-props';
import { failedRules, passes, required, type MessageKey } from '../common/form-rules';
import { validatePasswords } from '../common/form-rules';

type ProfileErrors = Partial<Record<'name' | 'phone' | 'password' | 'confirmPassword', MessageKey>>;

/**
 * Spec §5: name, phone (from step 1, read-only), password and confirm password are required and the passwords
 * must match; where the visitor heard of us and the inviter code are optional. An inviter code that came with
 * the registration link cannot be changed, unless the server refused it (the wizard then drops it and the field
 * is editable again).
 */
export function ProfileStep({
  form,
  onChange,
  onNext,
  onBack,
  busy,
  serverErrors,
  inviteLocked,
}: StepProps & { inviteLocked: boolean }) {
  const { t } = useTranslation('auth');
  const sources = useLookup('sources', registerApi.sources);
  const [errors, setErrors] = useState<ProfileErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const failed = failedRules({
      name: required(form.name),
      phone: required(form.phone),
      password: required(form.password),
      confirmPassword: validatePasswords(form.password, form.confirmPassword),
    });
    setErrors(failed);
    if (passes(failed)) onNext();
  };
  const message = (key: keyof ProfileErrors) => (errors[key] ? t(errors[key]) : serverErrors[key]);

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <FormField
        label={t('register.name')}
        autoComplete="name"
        required
        value={form.name}
        onValueChange={(name) => onChange({ name })}
        error={message('name')}
        data-testid="register-name"
      />
      <FormField
        label={t('register.phone')}
        type="tel"
        readOnly
        required
        value={form.phone}
        error={message('phone')}
        data-testid="register-profile-phone"
      />
      <FormField
        label={t('register.password')}
        type="password"
        autoComplete="new-password"
        required
        value={form.password}
        onValueChange={(password) => onChange({ password })}
        error={message('password')}
        data-testid="register-password"
      />
      <FormField
        label={t('register.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
        value={form.confirmPassword}
        onValueChange={(confirmPassword) => onChange({ confirmPassword })}
        error={message('confirmPassword')}
        data-testid="register-confirm"
      />
      <SelectField
        label={t('register.source')}
        placeholder={t('register.choose')}
        options={sources.map((source) => ({ value: source.code, label: source.description }))}
        value={form.sourceCode}
        onValueChange={(sourceCode) => onChange({ sourceCode })}
        error={serverErrors.sourceCode}
        data-testid="register-source"
      />
      <FormField
        label={t('register.invite')}
        readOnly={inviteLocked}
        value={form.inviteCode}
        onValueChange={(inviteCode) => onChange({ inviteCode })}
        error={serverErrors.inviteCode}
        data-testid="register-invite"
      />
      <div className="auth-form__actions">
        <Button variant="secondary" onClick={onBack} disabled={busy} data-testid="register-back">
          {t('register.back')}
        </Button>
        <Button type="submit" busy={busy} data-testid="register-next">
          {t('register.next')}
        </Button>
      </div>
    </form>
  );
}
