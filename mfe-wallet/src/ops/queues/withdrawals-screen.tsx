import { useRef, useState, type KeyboardEvent } from 'react';
import {
  Button,
  confirm,
  DelayedLoader,
  formatAccountNo,
  formatDateTime,
  toast,
  translateErrorCode,
  useTranslation,
} from '@wallet/shared';
import { invalidateConsoleReads, useConsolePages } from '@wallet/shared/ops';
import { QUEUE_KEYS, queuesApi, type Withdrawal, type WithdrawalRetry, type WithdrawalStatus } from './api';
import {
  canDecide,
  decisionError,
  failureText,
  money,
  ReadOnlyNote,
  type OperatorScreenProps,
} from './common';
import { Failure, QueueTable } from './queue';
import './queues.css';

/** Withdrawals a page: older ones come with `before` (the createdAt of the last one shown). */
export const WITHDRAWAL_PAGE = 50;
const TABS: readonly WithdrawalStatus[] = ['PENDING', 'SUCCESS', 'FAILED'];

/** What an operator's "pay out again" made of a failed withdrawal, shown in its row. */
/** A code of the error catalogue (spec §8), as opposed to a provider's own words. */
const CATALOGUE_CODE = /^[A-Z][A-Z0-9_]+$/;

type Retried = Pick<WithdrawalRetry, 'replayed'> & { status: WithdrawalRetry['operation']['status'] };

/**
 * Withdrawals by status (docs/operators.md "Withdrawals"; finance and admin): waiting for the bank, paid, failed.
 * A failed payout's money went back to the member's wallet; "pay out again" makes a new withdrawal of the same
 * amount to the member's registered account, at most once per failed one.
 */
export function WithdrawalsScreen({ operator }: OperatorScreenProps) {
  const { t } = useTranslation('wallet-ops');
  const decider = canDecide(operator.role);
  const [status, setStatus] = useState<WithdrawalStatus>('PENDING');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  // The console only opens this screen for finance and admin (the server's roles); any other role calls nothing.
  if (!decider) {
    return (
      <div className="wops-screen">
        <h1>{t('withdrawals.title')}</h1>
        <ReadOnlyNote>{t('withdrawals.notForRole')}</ReadOnlyNote>
      </div>
    );
  }

  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? TABS.length - 1
          : (index + step + TABS.length) % TABS.length;
    if (step === 0 && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    setStatus(TABS[next]!);
    tabs.current[next]?.focus();
  };

  return (
    <div className="wops-screen">
      <h1>{t('withdrawals.title')}</h1>
      <div className="wops-tabs" role="tablist" aria-label={t('withdrawals.tabs')}>
        {TABS.map((tab, index) => (
          <button
            key={tab}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`wops-tab-${tab}`}
            aria-selected={tab === status}
            aria-controls="wops-withdrawals-panel"
            tabIndex={tab === status ? 0 : -1}
            className="wops-tab"
            onClick={() => setStatus(tab)}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {t(`withdrawals.status.${tab}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="wops-withdrawals-panel" aria-labelledby={`wops-tab-${status}`}>
        <WithdrawalList key={status} status={status} />
      </div>
    </div>
  );
}

function WithdrawalList({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation('wallet-ops');
  // Newest first, older ones from the createdAt of the last one shown; Retry asks for the page that failed again.
  const { rows, loading, error, more, loadMore, refresh } = useConsolePages(
    QUEUE_KEYS.withdrawalsOf(status),
    (before: string | undefined) => queuesApi.withdrawals(status, WITHDRAWAL_PAGE, before),
    {
      pageSize: WITHDRAWAL_PAGE,
      cursorOf: (row: Withdrawal) => row.createdAt,
      errorText: (failure) => failureText(failure, t('loadFailed')),
    },
  );
  const [retried, setRetried] = useState<Record<string, Retried>>({});
  const [busy, setBusy] = useState<string>();

  const payAgain = async (row: Withdrawal) => {
    const sure = await confirm({
      title: t('withdrawals.retryTitle'),
      body: t('withdrawals.retryQuestion', {
        amount: money(row.amount, row.currency),
        member: row.username,
        account: `${row.bankCode} ${formatAccountNo(row.bankAccountNo)}`,
      }),
      confirmLabel: t('withdrawals.retry'),
    });
    if (!sure) return;
    setBusy(row.id);
    try {
      const result = await queuesApi.retryWithdrawal(row.id);
      // A new pending payout, and this row's `paidAgain`: the lists are read again from the server.
      void invalidateConsoleReads(QUEUE_KEYS.withdrawals);
      setRetried((current) => ({
        ...current,
        [row.id]: { replayed: result.replayed, status: result.operation.status },
      }));
      if (result.replayed) toast.info(t('withdrawals.retriedBefore', { member: row.username }));
      else
        toast.success(
          t('withdrawals.retried', { amount: money(row.amount, row.currency), member: row.username }),
        );
    } catch (failure) {
      toast.error(decisionError(failure, 'retry'));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <>
      <QueueTable
        caption={t(`withdrawals.status.${status}`)}
        rows={rows}
        testId="withdrawal"
        columns={[
          { label: t('withdrawals.col.time'), cell: (row) => formatDateTime(row.createdAt) },
          { label: t('withdrawals.col.member'), rowHeader: true, cell: (row) => row.username },
          {
            label: t('withdrawals.col.amount'),
            className: 'wl-ops-num',
            cell: (row) => money(row.amount, row.currency),
          },
          {
            label: t('withdrawals.col.account'),
            cell: (row) => `${row.bankCode} ${formatAccountNo(row.bankAccountNo)}`,
          },
          status !== 'PENDING' && {
            label: t('withdrawals.col.settled'),
            cell: (row) => (row.settledAt ? formatDateTime(row.settledAt) : ''),
          },
          status === 'FAILED' && {
            label: t('withdrawals.col.failure'),
            cell: (row) =>
              row.failure && CATALOGUE_CODE.test(row.failure) ? (
                <>
                  {translateErrorCode(row.failure)}{' '}
                  <code className="wops-muted wops-small">{row.failure}</code>
                </>
              ) : (
                // The bank's own words (not a code of the catalogue): shown as they came.
                (row.failure ?? '')
              ),
          },
          status === 'FAILED' && {
            label: t('actions'),
            className: 'wops-actions',
            cell: (row) =>
              row.paidAgain ? (
                // The server's word: the new withdrawal's payout (pending, paid or failed).
                <span className="wops-done">
                  {t('withdrawals.paidAgain', {
                    status: t(`withdrawals.status.${row.paidAgain.status}`),
                  })}
                </span>
              ) : retried[row.id] ? (
                // Just asked: the new payout waits for the bank (a failure was answered as an error).
                <span className="wops-done" role="status">
                  {t('withdrawals.paidAgain', { status: t('withdrawals.operation.PENDING') })}
                </span>
              ) : (
                <Button size="sm" busy={busy === row.id} onClick={() => void payAgain(row)}>
                  {t('withdrawals.retry')}
                  <span className="wl-visually-hidden"> {t('forMember', { member: row.username })}</span>
                </Button>
              ),
          },
        ]}
      />
      {!loading && !error && rows.length === 0 && (
        <p className="wops-empty">{t(`withdrawals.empty.${status}`)}</p>
      )}
      <Failure text={error} />
      <DelayedLoader active={loading} variant="inline" label={t('loading')} />
      <div className="wops-filters">
        {!loading && (more || error) && (
          <Button variant="secondary" onClick={loadMore}>
            {error ? t('retry') : t('older')}
          </Button>
        )}
        {!loading && !error && (
          <Button variant="ghost" onClick={() => void refresh()}>
            {t('refresh')}
          </Button>
        )}
      </div>
    </>
  );
}
