import { useMemo, useState, type FormEvent } from 'react';
import { Button, FormField, SelectField, buildConfig, useTranslation } from '@wallet/shared';
import { bankApi } from '../common/api';
import { useBankName } from '../common/bank-name';
import { useLookup } from '../common/use-lookup';
import { LAOS_CURRENCIES, banksForBuild } from './register-form';
import type { StepProps } from './step-props';
import { failedRules, passes, required, verdictText, type Verdict } from '../common/form-rules';
import { requiresEnglishName, validateAccountName, validateAccountNo } from './validation';

type BankErrors = Partial<Record<'bankCode' | 'firstName' | 'lastName' | 'accountNo', Verdict>>;

/**
 * Spec §5: bank, first name, last name and account number are required; names are typed in uppercase and, for
 * KTB, TMB and BBL, in English letters only. The account number is digits only, as many as the chosen bank uses
 * (the bank lookup's `accountNoLength`). Bank names are in the page's language. The Laos build also chooses the
 * wallet currency. A field the server refused shows the server's message until it is edited.
 */
export function BankStep({ form, onChange, onNext, onBack, busy, serverErrors }: StepProps) {
  const { t } = useTranslation('auth');
  const nameOf = useBankName();
  const allBanks = useLookup('banks', bankApi.banks);
  const laos = buildConfig.laos;
  const banks = useMemo(() => banksForBuild(allBanks, laos), [allBanks, laos]);
  const [errors, setErrors] = useState<BankErrors>({});
  const chosen = banks.find((bank) => bank.code === form.bankCode);

  const nameRule = (value: string) => required(value) ?? validateAccountName(form.bankCode, value.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const failed = failedRules<keyof BankErrors, Verdict>({
      bankCode: required(form.bankCode),
      firstName: nameRule(form.firstName),
      lastName: nameRule(form.lastName),
      accountNo: validateAccountNo(form.accountNo, chosen?.accountNoLength),
    });
    setErrors(failed);
    if (passes(failed)) onNext();
  };
  // "10 digits" or "10–18 digits" under the account number, once a bank is chosen.
  const length = chosen?.accountNoLength;
  let accountNoHint: string | undefined;
  if (length) {
    accountNoHint =
      length.min === length.max
        ? t('register.accountNoDigits', { digits: length.min })
        : t('register.accountNoDigitsRange', { min: length.min, max: length.max });
  }
  const message = (key: keyof BankErrors) => {
    const verdict = errors[key];
    return verdict ? verdictText(verdict) : serverErrors[key];
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <SelectField
        label={t('register.bank')}
        placeholder={t('register.choose')}
        required
        options={banks.map((bank) => ({ value: bank.code, label: nameOf(bank) }))}
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
        autoComplete="off"
        required
        value={form.accountNo}
        onValueChange={(accountNo) => onChange({ accountNo: accountNo.trim() })}
        hint={accountNoHint}
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
          error={serverErrors.currency}
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
