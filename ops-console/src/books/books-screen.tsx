import { Fragment, useState } from 'react';
import { Button, confirm, DelayedLoader, formatMoney, toastError, useTranslation } from '@wallet/shared';
import { invalidateConsoleReads, LoadFailed, useConsoleRead, Verdict } from '@wallet/shared/ops';
import { OPS_KEYS, opsApi, type Operator, type Reconciled } from '../api';
import { errorText } from '../errors';
import { JobsPanel } from './jobs-panel';

/**
 * The books (admin, finance): the ledger's check read as the screen opens (every currency's balances sum to zero,
 * no account or transaction off, what is still pending) and reconciliation run on demand (docs/operators.md).
 */
export function BooksScreen({ operator }: { operator: Pick<Operator, 'role'> }) {
  const { t } = useTranslation('ops');
  const read = useConsoleRead(OPS_KEYS.books, () => opsApi.booksCheck(), { errorText });
  // While the check is read (again), its last answer is not shown: the figures shown are the check's latest.
  const checking = read.fetching;
  const check = checking ? undefined : read.data;
  const [reconciling, setReconciling] = useState(false);
  const [reconciled, setReconciled] = useState<Reconciled>();
  const checkAgain = () => void read.retry();

  const reconcile = async () => {
    const sure = await confirm({
      title: t('books.reconcileTitle'),
      body: t('books.reconcileConfirm'),
      confirmLabel: t('books.reconcile'),
    });
    if (!sure) return;
    setReconciling(true);
    try {
      setReconciled(await opsApi.reconcile());
      void invalidateConsoleReads(OPS_KEYS.books);
      void invalidateConsoleReads(OPS_KEYS.jobs);
    } catch (error) {
      toastError(error);
    } finally {
      setReconciling(false);
    }
  };

  const off = check ? Object.entries(check.trialBalance).filter(([, sum]) => sum !== 0) : [];
  const balanced =
    check !== undefined && off.length === 0 && check.accountsOff === 0 && check.transactionsOff === 0;

  return (
    <section className="ops-screen" aria-labelledby="ops-screen-title">
      <h1 id="ops-screen-title">{t('menu.books')}</h1>

      <section className="ops-group ops-form-group" aria-labelledby="ops-books-check">
        <h2 id="ops-books-check">{t('books.checkTitle')}</h2>
        {read.error && !checking ? (
          <LoadFailed message={read.error} actionLabel={t('books.checkAgain')} onAction={checkAgain} />
        ) : (
          <DelayedLoader active={checking} variant="inline" label={t('loading')} />
        )}
        {check && (
          <>
            <Verdict ok={balanced}>{balanced ? t('books.balanced') : t('books.notBalanced')}</Verdict>
            <dl className="ops-facts ops-facts--figures">
              {Object.entries(check.trialBalance).map(([currency, sum]) => (
                <Fragment key={currency}>
                  <dt>{t('books.sum', { currency })}</dt>
                  <dd>
                    {formatMoney(sum)} {currency}
                  </dd>
                </Fragment>
              ))}
              <dt>{t('books.accountsOff')}</dt>
              <dd>{check.accountsOff}</dd>
              <dt>{t('books.transactionsOff')}</dt>
              <dd>{check.transactionsOff}</dd>
              <dt>{t('books.pendingTransfers')}</dt>
              <dd>{check.pendingTransfers}</dd>
              <dt>{t('books.pendingWithdrawals')}</dt>
              <dd>{check.pendingWithdrawals}</dd>
            </dl>
          </>
        )}
        {!checking && !read.error && (
          <Button variant="secondary" onClick={checkAgain}>
            {t('books.checkAgain')}
          </Button>
        )}
      </section>

      <section className="ops-group ops-form-group" aria-labelledby="ops-books-reconcile">
        <h2 id="ops-books-reconcile">{t('books.reconcileTitle')}</h2>
        <p className="ops-hint">{t('books.reconcileIntro')}</p>
        {reconciled && (
          <p className="ops-notice" role="status">
            {t('books.reconciled', {
              advanced: reconciled.operations.advanced,
              stillPending: reconciled.operations.pending,
              settled: reconciled.payouts.settled,
              payoutsPending: reconciled.payouts.pending,
            })}
          </p>
        )}
        <Button onClick={() => void reconcile()} disabled={reconciling} aria-busy={reconciling || undefined}>
          {reconciling ? t('books.reconciling') : t('books.reconcile')}
        </Button>
      </section>

      <JobsPanel operator={operator} />
    </section>
  );
}
