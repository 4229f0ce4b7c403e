import { useState, type FormEvent } from 'react';
import { Button, FormField, toast, useAsyncAction, useTranslation } from '@wallet/shared';
import { depositApi } from './api';
import { showMoney, type MoneyFormat } from '../common/money';
import { useActionKey } from '../common/use-action-key';
import { announceWalletChange } from '../common/wallet-events';
import { encryptGiftLink } from './gift-link-crypto';
import type { TabPanelProps } from './tab-list';

/** Deposit by wallet gift link (spec §2, §5): the link is sent encrypted with the wallet name; minimum 2 baht. */
export function GiftLinkPanel({
  walletName,
  format,
  panel,
}: {
  walletName: string;
  format: MoneyFormat;
  /** Its place in the deposit tab list (role, label, hidden when another tab is current). */
  panel: TabPanelProps;
}) {
  const { t } = useTranslation('wallet');
  const [link, setLink] = useState('');
  const { keyFor, settle } = useActionKey();
  const send = useAsyncAction(async (value: string, key: string) =>
    depositApi.truelink(await encryptGiftLink(value, walletName), key),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = link.trim();
    if (!value) return;
    const result = await send.run(value, keyFor(value));
    settle(result.ok ? undefined : (result.error ?? undefined));
    if (!result.ok) return;
    setLink('');
    toast.success(
      t('deposit.gift.done', {
        amount: showMoney(result.value.amount, format),
        currency: t(`common:currency.${format.currency}`),
      }),
    );
    announceWalletChange('deposit');
  };

  return (
    <form
      className="wallet-deposit__panel wallet-form"
      {...panel}
      onSubmit={submit}
      noValidate
      data-testid="deposit-gift-panel"
    >
      <ul className="wallet-notes">
        <li>{t('deposit.notes.topUpMinute')}</li>
        <li>{t('deposit.gift.minimum')}</li>
      </ul>
      <FormField
        label={t('deposit.gift.label')}
        inputMode="url"
        autoComplete="off"
        value={link}
        onValueChange={setLink}
        placeholder={t('deposit.gift.placeholder')}
        data-testid="gift-link-input"
      />
      <Button type="submit" block busy={send.busy} disabled={!link.trim()} data-testid="gift-link-send">
        {t('deposit.gift.send')}
      </Button>
    </form>
  );
}
