import { useMemo, useState, type FormEvent } from 'react';
import { Button, FormField, SelectField, buildConfig, useTranslation } from '@wallet/shared';
import { bankApi } from '../common/api';
import { useLookup } from '../common/use-lookup';
import { LAOS_CURRENCIES, banksForBuild } from './register-form';
import type { StepProps } from './step-props';
import { failedRules, passes, required, type MessageKey } from '../common/form-rules';
import { requiresEnglishName, validateAccountName } from './validation';

type BankErrors = Partial<Record<'bankCode' | 'firstName' | 'lastName' | 'accountNo', MessageKey>>;

/**
 * Spec §5: bank, first name, last name and account number are required; names are typed in uppercase and, for
 * KTB, TMB and BBL, in English letters only. The Laos build also chooses the wallet currency.
 */
export function BankStep({ form, onChange, onNext, onBack, busy }: StepProps) {
  const { t } = useTranslation('auth');
  const allBanks = useLookup(bankApi.banks);
  const laos = buildConfig.laos;
  const banks = useMemo(() => banksForBuild(allBanks, laos), [allBanks, laos]);
  const [errors, setErrors] = useState<BankErrors>({});

  const nameRule = (value: string) => required(value) ?? validateAccountName(form.bankCode, value.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const failed = failedRules({
      bankCode: required(form.bankCode),
      firstName: nameRule(form.firstName),
      lastName: nameRule(form.lastName),
      accountNo: required(form.accountNo),
    });
    setErrors(failed);
    if (passes(failed)) onNext();
  };
  const message = (key: keyof BankErrors) => (errors[key] ? t(errors[key]) : undefined);

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <SelectField
        label={t('register.bank')}
        placeholder={t('register.choose')}
        required
        options={banks.map((bank) => ({ value: bank.code, label: bank.nameTH }))}
        value={form.bankCode}
        onValueChange={(bankCode) => onChange({ bankCode })}
        error={message('bankCode')}
        data-testid="register-bank"
      />
      <FormField
        label={t('register.firstName')}
        autoComplete="given-name"
        required
        transform="uppercase"
        value={form.firstName}
        onValueChange={(firstName) => onChange({ firstName })}
        hint={requiresEnglishName(form.bankCode) ? t('register.englishOnlyHint') : undefined}
        error={message('firstName')}
        data-testid="register-first-name"
      />
      <FormField
        label={t('register.lastName')}
        autoComplete="family-name"
        required
        transform="uppercase"
        value={form.lastName}
        onValueChange={(lastName) => onChange({ lastName })}
        error={message('lastName')}
        data-testid="register-last-name"
      />
      <FormField
        label={t('register.accountNo')}
        inputMode="numeric"
        required
        value={form.accountNo}
        onValueChange={(accountNo) => onChange({ accountNo: accountNo.trim() })}
        error={message('accountNo')}
        data-testid="register-account-no"
      />
      {laos && (
        <SelectField
          label={t('register.currency')}
          required
          options={LAOS_CURRENCIES.map((code) => ({ value: code, label: t(`register.currencies.${code}`) }))}
          value={form.currency}
          onValueChange={(currency) => onChange({ currency: currency === 'BAHT' ? 'BAHT' : 'LAK' })}
          data-testid="register-currency"
        />
      )}
      <div className="auth-form__actions">
        <Button variant="secondary" onClick={onBack} disabled={busy} data-testid="register-back">
          {t('register.back')}
        </Button>
        <Button type="submit" busy={busy} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </div>
    </form>
  );
}
