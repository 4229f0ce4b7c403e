import { useState } from 'react';
import {
  Button,
  confirm,
  formatDateTime,
  Html,
  Modal,
  pageCount,
  Pagination,
  ReadStatus,
  toast,
  useAsyncAction,
  useTranslation,
} from '@wallet/shared';
import { useRead } from '@wallet/shared/query';
import { refundApi, type RefundCheck, type RefundEntry } from './api';
import { showMoney, type MoneyFormat } from '../common/money';
import { TABLE_PAGE_SIZE, usePagedList } from '../common/paged-list';
import { useActionKey } from '../common/use-action-key';
import { announceWalletChange } from '../common/wallet-events';

const loadRefunds = async (page: number, limit: number) => {
  const result = await refundApi.list(page, limit);
  return { items: result.refunds ?? [], total: result.total ?? 0 };
};

export interface RefundModalProps {
  open: boolean;
  format: MoneyFormat;
  /** `true` when money reached the wallet: the parent refreshes. */
  onClose: (moved: boolean) => void;
}

/**
 * Refund (cashback, spec §2, §4): the check with what can be received (`refundAmount`) and what was received and
 * can be moved (`receivedAmount`); receive (disabled while a bonus is held, with two lines saying why, or when
 * nothing accrued); to-wallet through a confirm dialog (enabled on a received amount); the refunds received,
 * 10 a page.
 */
export function RefundModal({ open, format, onClose }: RefundModalProps) {
  const { t } = useTranslation('wallet');
  return (
    <Modal
      open={open}
      onClose={() => onClose(false)}
      title={t('refund.title')}
      size="lg"
      data-testid="refund-modal"
    >
      <RefundBody format={format} onClose={onClose} />
    </Modal>
  );
}

function RefundBody({ format, onClose }: Omit<RefundModalProps, 'open'>) {
  const { t } = useTranslation('wallet');
  const [reloadKey, setReloadKey] = useState(0);
  // The refund check, read again after receiving (`reloadKey`); a failed read is silent (spec §8).
  const load = useRead({
    key: ['wallet', 'refund-check', reloadKey],
    read: refundApi.check,
    keepPrevious: true,
  });
  const check: RefundCheck | null = load.data ?? null;
  const receive = useAsyncAction(refundApi.receive);
  const toWallet = useAsyncAction(refundApi.toWallet);
  const receiveKey = useActionKey();
  const walletKey = useActionKey();
  const list = usePagedList<RefundEntry>('refunds', loadRefunds, true, reloadKey);

  const currency = t(`common:currency.${format.currency}`);
  const bonusHeld = Boolean(check?.bonus);
  // Each button is enabled exactly when the server would accept it (docs/money-in.md): receive on `result`
  // (something accrued, no bonus held), the move on a received amount without a bonus held.
  const canReceive = Boolean(check?.result);
  const canMove = Boolean(check && check.receivedAmount > 0 && !check.bonus);

  const onReceive = async () => {
    const result = await receive.run(receiveKey.keyFor('refund-receive'));
    receiveKey.settle(result.ok ? undefined : (result.error ?? undefined));
    if (!result.ok) return;
    toast.success(
      t('refund.received', { amount: showMoney(result.value.refundAmount ?? 0, format), currency }),
    );
    setReloadKey((n) => n + 1);
  };

  const onToWallet = async () => {
    const agreed = await confirm({
      title: t('refund.toWalletTitle'),
      body: t('refund.toWalletQuestion', { amount: showMoney(check?.receivedAmount ?? 0, format), currency }),
    });
    if (!agreed) return;
    const result = await toWallet.run(walletKey.keyFor('refund-wallet'));
    walletKey.settle(result.ok ? undefined : (result.error ?? undefined));
    if (!result.ok) return;
    toast.success(
      t('refund.movedToWallet', { amount: showMoney(result.value.amount ?? 0, format), currency }),
    );
    announceWalletChange('refund');
    onClose(true);
  };

  return (
    <div className="wallet-refund">
      <ReadStatus loading={load.loading || list.loading} failed={false} />
      {check && (
        <>
          {check.info && <Html className="wallet-refund__info" html={check.info} />}
          <dl className="wallet-stats">
            <div>
              <dt>{t('refund.amount')}</dt>
              <dd>
                <span data-testid="refund-amount">{showMoney(check.refundAmount, format)}</span> {currency}
              </dd>
            </div>
            <div>
              <dt>{t('refund.receivedAmount')}</dt>
              <dd>
                <span data-testid="refund-received-amount">{showMoney(check.receivedAmount, format)}</span>{' '}
                {currency}
              </dd>
            </div>
            <div>
              <dt>{t('refund.success')}</dt>
              <dd data-testid="refund-success-count">{check.refundSuccess}</dd>
            </div>
            <div>
              <dt>{t('refund.fail')}</dt>
              <dd data-testid="refund-fail-count">{check.refundFail}</dd>
            </div>
          </dl>
          {bonusHeld && (
            <div className="wallet-result wallet-result--warning" data-testid="refund-bonus-held">
              <p>{t('refund.bonusHeld1')}</p>
              <p>{t('refund.bonusHeld2')}</p>
            </div>
          )}
          <div className="wallet-form__actions">
            <Button
              variant="secondary"
              busy={receive.busy}
              disabled={!canReceive}
              onClick={() => void onReceive()}
              data-testid="refund-receive"
            >
              {t('refund.receive')}
            </Button>
            <Button
              busy={toWallet.busy}
              disabled={!canMove}
              onClick={() => void onToWallet()}
              data-testid="refund-to-wallet"
            >
              {t('refund.toWallet')}
            </Button>
          </div>
        </>
      )}
      <h3 className="wallet-section-title">{t('refund.listTitle')}</h3>
      {list.items.length === 0 && !list.loading ? (
        <p className="wallet-empty">{t('refund.empty')}</p>
      ) : (
        <table className="wallet-table" data-testid="refund-table">
          <thead>
            <tr>
              <th scope="col">{t('refund.columns.amount')}</th>
              <th scope="col">{t('refund.columns.date')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((entry, index) => (
              <tr key={`${entry.createdAt}-${index}`}>
                <td className="wallet-table__money">{showMoney(entry.refundAmount, format)}</td>
                <td>{formatDateTime(entry.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        page={list.page}
        pageCount={pageCount(list.total, TABLE_PAGE_SIZE)}
        onPageChange={list.setPage}
      />
    </div>
  );
}
