import { useState } from 'react';
import {
  Button,
  ReadStatus,
  formatAccountNo,
  formatDateTime,
  useTranslation,
  type BankNames,
} from '@wallet/shared';
import { useRead } from '@wallet/shared/query';
import { bankApi } from '../common/api';
import { useBankName } from '../common/bank-name';
import { profileApi, type Profile } from './api';
import { ChangePasswordModal } from './change-password-modal';
import { LockIcon } from './lock-icon';

/**
 * The member's bank in the page's language (th → nameTH, la → nameLA, en → nameEN): from the profile, else from
 * the bank lookup, else the bank code.
 */
function useMemberBankName(profile: Profile | undefined): string {
  const nameOf = useBankName();
  const fromProfile = profile?.bank && (profile.bank.nameTH || profile.bank.nameEN) ? profile.bank : null;
  const code = profile?.bankCode ?? '';
  const banks = useRead({
    key: ['auth', 'lookup', 'banks'],
    read: bankApi.banks,
    enabled: !fromProfile && code !== '',
  });
  const looked: BankNames | null = banks.data?.find((bank) => bank.code === code) ?? null;
  const bank = fromProfile ?? looked;
  return (bank && nameOf(bank)) || code;
}

/**
 * `/user/profile` (spec §2): the member's details, all read-only, and a lock button opening the change-password
 * modal. A load failure is silent (spec §8): only the loader goes away.
 */
export function ProfilePage() {
  const { t } = useTranslation('auth');
  const [changing, setChanging] = useState(false);
  const read = useRead({ key: ['auth', 'profile'], read: profileApi.profile });
  const profile = read.data;
  const bankName = useMemberBankName(profile);

  const rows: { key: string; label: string; value: string; testId: string }[] = profile
    ? [
        { key: 'name', label: t('profile.name'), value: profile.name, testId: 'profile-name' },
        { key: 'id', label: t('profile.id'), value: profile._id, testId: 'profile-id' },
        {
          key: 'createdAt',
          label: t('profile.createdAt'),
          value: formatDateTime(profile.createdAt),
          testId: 'profile-created-at',
        },
        {
          key: 'username',
          label: t('profile.username'),
          value: profile.username,
          testId: 'profile-username',
        },
        {
          key: 'bankAccountName',
          label: t('profile.bankAccountName'),
          value: profile.bankAccountName,
          testId: 'profile-bank-account-name',
        },
        { key: 'bankName', label: t('profile.bankName'), value: bankName, testId: 'profile-bank-name' },
        {
          key: 'accountNo',
          label: t('profile.accountNo'),
          value: formatAccountNo(profile.bankAccountNo),
          testId: 'profile-account-no',
        },
      ]
    : [];

  return (
    <section className="auth-page auth-profile" data-testid="profile-page">
      <header className="auth-page__header">
        <h1 className="auth-page__title">{t('profile.title')}</h1>
        <Button
          variant="ghost"
          className="auth-profile__change-password"
          onClick={() => setChanging(true)}
          data-testid="profile-change-password"
        >
          <LockIcon />
          <span className="auth-profile__change-password-label">{t('profile.changePassword')}</span>
        </Button>
      </header>
      {profile && (
        <dl className="auth-details">
          {rows.map((row) => (
            <div key={row.key} className="auth-details__row">
              <dt className="auth-details__label">{row.label}</dt>
              <dd className="auth-details__value" data-testid={row.testId}>
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <ChangePasswordModal open={changing} onClose={() => setChanging(false)} />
      <ReadStatus loading={read.loading} failed={false} />
    </section>
  );
}
