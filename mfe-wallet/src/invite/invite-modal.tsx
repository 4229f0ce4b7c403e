import { DelayedLoader, formatDateTime, Modal, pageCount, Pagination, useTranslation } from '@wallet/shared';
import type { WalletSnapshot } from '../common/wallet-api';
import { inviteApi, type InviteEntry } from './api';
import { showMoney, type MoneyFormat } from '../common/money';
import { TABLE_PAGE_SIZE, usePagedList } from '../common/paged-list';
import { RegistrationLink } from './registration-link';
import { useReceiveInviteBonus } from './use-receive-invite-bonus';

const loadInvites = async (page: number, limit: number) => {
  const result = await inviteApi.list(page, limit);
  return { items: result.invites ?? [], total: result.total ?? 0 };
};

export interface InviteModalProps {
  open: boolean;
  snapshot: Pick<WalletSnapshot, 'invite' | 'profile'>;
  format: MoneyFormat;
  onClose: () => void;
}

/** Invite (spec §2): counts, the unclaimed bonus with receive, the registration link and the invitees, 10 a page. */
export function InviteModal({ open, snapshot, format, onClose }: InviteModalProps) {
  const { t } = useTranslation('wallet');
  return (
    <Modal open={open} onClose={onClose} title={t('invite.title')} size="lg" data-testid="invite-modal">
      <InviteBody snapshot={snapshot} format={format} />
    </Modal>
  );
}

function InviteBody({ snapshot, format }: Pick<InviteModalProps, 'snapshot' | 'format'>) {
  const { t } = useTranslation('wallet');
  const { receive, busy } = useReceiveInviteBonus(format);
  const list = usePagedList<InviteEntry>('invites', loadInvites, true);
  const { invite } = snapshot;
  const currency = t(`common:currency.${format.currency}`);
  return (
    <div className="wallet-invite-modal">
      <dl className="wallet-stats">
        <div>
          <dt>{t('invite.success')}</dt>
          <dd data-testid="invite-success-count">{invite.success}</dd>
        </div>
        <div>
          <dt>{t('invite.fail')}</dt>
          <dd data-testid="invite-fail-count">{invite.fail}</dd>
        </div>
        <div>
          <dt>{t('invite.bonusLabel')}</dt>
          <dd>
            <span data-testid="invite-amount">{showMoney(invite.amount, format)}</span> {currency}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="wl-btn wl-btn--primary wl-btn--md wl-btn--block"
        disabled={busy || invite.amount <= 0}
        onClick={() => void receive(invite)}
        data-testid="invite-receive"
      >
        {t('invite.receive.button')}
      </button>
      <RegistrationLink profileId={snapshot.profile._id} testIdPrefix="invite" />
      <h3 className="wallet-section-title">{t('invite.listTitle')}</h3>
      <DelayedLoader active={list.loading} variant="inline" />
      {list.items.length === 0 && !list.loading ? (
        <p className="wallet-empty">{t('invite.empty')}</p>
      ) : (
        <table className="wallet-table" data-testid="invite-table">
          <thead>
            <tr>
              <th scope="col">{t('invite.columns.name')}</th>
              <th scope="col">{t('invite.columns.amount')}</th>
              <th scope="col">{t('invite.columns.date')}</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((entry, index) => (
              <tr key={`${entry.createdAt}-${index}`}>
                <td>{entry.from?.name}</td>
                <td className="wallet-table__money">{showMoney(entry.amount, format)}</td>
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
