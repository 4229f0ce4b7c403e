import {
  buildConfig,
  DelayedLoader,
  formatDateTime,
  formatMoney,
  Modal,
  pageCount,
  Pagination,
  toastError,
  useTranslation,
} from '@wallet/shared';
import { statementApi, type Slip } from './api';
import { SLIP_PAGE_SIZE, statusTone } from './statement-rules';
import type { MoneyFormat } from '../common/money-format';
import { useLivePages } from './use-live-pages';

const loadSlips = async (page: number, limit: number) => {
  const result = await statementApi.slips(page, limit);
  return { items: result.slips ?? [], total: result.total ?? 0 };
};

/** Slip statuses (spec §4): PROCESSING reads "processing"; the tone follows the statement's (pending = warning). */
const SLIP_STATUS_KEY = {
  success: 'common:status.success',
  failed: 'common:status.failed',
  pending: 'common:status.processing',
} as const;

/** A URL the server gave (`/api/slip-image/…`), on the API's origin. */
function onApiOrigin(url: string): string {
  return new URL(url, buildConfig.apiBaseUrl || window.location.origin).toString();
}

/** Opens a fresh short-lived URL of the slip image in a new tab (GET /api/statement/slip/reference/{reference}). */
async function openSlip(slip: Slip): Promise<void> {
  try {
    const { url } = await statementApi.slipUrl(slip.reference);
    window.open(onApiOrigin(url), '_blank', 'noopener,noreferrer');
  } catch (error) {
    toastError(error);
  }
}

export interface SlipModalProps {
  open: boolean;
  onClose: () => void;
  format: MoneyFormat;
}

/** The member's uploaded slips (spec §2): date, amount, status with the reason of a refusal, and a view link. */
export function SlipModal({ open, onClose, format }: SlipModalProps) {
  const { t } = useTranslation('bonus');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('statement.slips.title')}
      size="lg"
      data-testid="slip-modal"
    >
      {open && <SlipTable format={format} />}
    </Modal>
  );
}

function SlipTable({ format }: { format: MoneyFormat }) {
  const { t } = useTranslation('bonus');
  const list = useLivePages<Slip>('slips', loadSlips, SLIP_PAGE_SIZE);
  return (
    <div className="statement-slips">
      <DelayedLoader active={list.loading} variant="inline" />
      {list.items?.length === 0 && <p className="statement-empty">{t('statement.slips.empty')}</p>}
      {list.items && list.items.length > 0 && (
        <table className="statement-slip-table" data-testid="slip-table">
          <thead>
            <tr>
              <th scope="col">{t('statement.slips.columns.date')}</th>
              <th scope="col" className="statement-slip-table__money">
                {t('statement.slips.columns.amount', { currency: t(`common:currency.${format.currency}`) })}
              </th>
              <th scope="col">{t('statement.slips.columns.status')}</th>
              <th scope="col">
                <span className="wl-visually-hidden">{t('statement.slips.columns.view')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((slip) => {
              const tone = statusTone(slip.status);
              const [date, time] = formatDateTime(slip.createdAt).split(' ');
              return (
                <tr key={slip.reference} data-testid="slip-row">
                  <td>
                    <time dateTime={slip.createdAt} className="statement-slip-table__date">
                      <span>{date}</span> <span>{time}</span>
                    </time>
                  </td>
                  <td className="statement-slip-table__money" data-testid="slip-amount">
                    {tone === 'failed' && slip.amount === 0 ? '—' : formatMoney(slip.amount, format.scale)}
                  </td>
                  <td>
                    <span className={`statement-status statement-status--${tone}`} data-testid="slip-status">
                      {t(SLIP_STATUS_KEY[tone])}
                    </span>
                    {tone === 'failed' && slip.note && (
                      <span className="statement-slip-table__reason" data-testid="slip-reason">
                        {t(`errors:slip.${slip.note}`, { defaultValue: t('errors:slip.UNKNOW_ERROR') })}
                      </span>
                    )}
                  </td>
                  <td>
                    <a
                      href={onApiOrigin(slip.link)}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="statement-slip-table__view"
                      aria-label={t('statement.slips.viewLabel', { date: formatDateTime(slip.createdAt) })}
                      onClick={(event) => {
                        event.preventDefault();
                        void openSlip(slip);
                      }}
                      data-testid="slip-view"
                    >
                      {t('statement.slips.view')}
                    </a>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pagination
        page={list.page}
        pageCount={pageCount(list.total, SLIP_PAGE_SIZE)}
        onPageChange={list.setPage}
      />
    </div>
  );
}
