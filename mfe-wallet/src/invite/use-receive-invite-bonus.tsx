import { useState } from 'react';
import { confirm, toast, toastError, useTranslation } from '@wallet/shared';
import type { InviteSummary } from '../common/wallet-api';
import { inviteApi } from './api';
import { showMoney, type MoneyFormat } from '../common/money';
import { useActionKey } from '../common/use-action-key';
import { announceWalletChange } from '../common/wallet-events';
import { invitePercentages } from './invite-rules';

/**
 * Receiving the invite bonus (spec §2): a confirm dialog with the conditions — and the success and failure
 * percentages when at least one invitation succeeded — then the call; a success toast or a danger toast.
 * Resolves true when money arrived in the wallet.
 */
export function useReceiveInviteBonus(format: MoneyFormat) {
  const { t } = useTranslation('wallet');
  const [busy, setBusy] = useState(false);
  const { keyFor, settle } = useActionKey();

  const receive = async (invite: InviteSummary): Promise<boolean> => {
    if (busy) return false;
    const percentages = invitePercentages(invite.success, invite.fail);
    const agreed = await confirm({
      title: t('invite.receive.title'),
      confirmLabel: t('invite.receive.confirm'),
      body: (
        <div className="wallet-confirm" data-testid="invite-receive-confirm">
          <p>
            {t('invite.receive.question', {
              amount: showMoney(invite.amount, format),
              currency: t(`common:currency.${format.currency}`),
            })}
          </p>
          <ul className="wallet-confirm__conditions">
            <li>{t('invite.receive.condition1')}</li>
            <li>{t('invite.receive.condition2')}</li>
          </ul>
          {percentages && (
            <p className="wallet-confirm__rates">
              <span data-testid="invite-success-percent">
                {t('invite.receive.successRate', { percent: percentages.success })}
              </span>
              <span data-testid="invite-fail-percent">
                {t('invite.receive.failRate', { percent: percentages.fail })}
              </span>
            </p>
          )}
        </div>
      ),
    });
    if (!agreed) return false;
    setBusy(true);
    try {
      const result = await inviteApi.receive(keyFor('invite-bonus'));
      settle();
      toast.success(
        t('invite.receive.done', {
          amount: showMoney(result.amount, format),
          currency: t(`common:currency.${format.currency}`),
        }),
      );
      announceWalletChange('invite');
      return true;
    } catch (error) {
      settle(error);
      toastError(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { receive, busy };
}
