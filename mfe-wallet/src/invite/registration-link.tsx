import { buildConfig, CopyButton, useTranslation } from '@wallet/shared';
import { registrationLink } from './invite-rules';

/** The member's registration link for inviting friends, with a copy button. */
export function RegistrationLink({ profileId, testIdPrefix }: { profileId: string; testIdPrefix: string }) {
  const { t } = useTranslation('wallet');
  const link = registrationLink(window.location.origin, buildConfig.inviteCodePrefix, profileId);
  return (
    <div className="wallet-link">
      <p className="wallet-link__label">{t('invite.link.label')}</p>
      <div className="wallet-link__row">
        <code className="wallet-link__value" data-testid={`${testIdPrefix}-link`}>
          {link}
        </code>
        <CopyButton text={link} className="wallet-link__copy" data-testid={`${testIdPrefix}-link-copy`} />
      </div>
    </div>
  );
}
