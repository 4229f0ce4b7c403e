import { useState } from 'react';
import { Button, confirm, DelayedLoader, toastError, useTranslation } from '@wallet/shared';
import { invalidateConsoleReads, LoadFailed, OpsTable, useConsoleRead, Verdict } from '@wallet/shared/ops';
import { OPS_KEYS, opsApi, type Operator } from '../api';
import { errorText } from '../errors';

const STATES = ['waiting', 'scheduled', 'running', 'retrying', 'dead'] as const;

/**
 * The background jobs (admin, finance; docs/operations.md "Jobs"): how many wait, run or retry per queue, and the
 * dead ones — jobs that used every attempt — with their last error. An admin runs a dead job again (audited).
 */
export function JobsPanel({ operator }: { operator: Pick<Operator, 'role'> }) {
  const { t, i18n } = useTranslation('ops');
  const read = useConsoleRead(OPS_KEYS.jobs, () => opsApi.jobs(), { errorText });
  const [retrying, setRetrying] = useState<string>();
  const jobs = read.fetching ? undefined : read.data;
  const queues = jobs ? [...new Set(jobs.counts.map((c) => c.queue))].sort() : [];
  const count = (queue: string, state: string) =>
    jobs?.counts.find((c) => c.queue === queue && c.state === state)?.count ?? 0;
  const canRetry = operator.role === 'admin';
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language === 'la' ? 'lo' : i18n.language, {
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(new Date(iso));

  const retry = async (id: string, queue: string) => {
    const sure = await confirm({
      title: t('jobs.retryTitle'),
      body: t('jobs.retryConfirm', { queue }),
      confirmLabel: t('jobs.retry'),
    });
    if (!sure) return;
    setRetrying(id);
    try {
      await opsApi.retryJob(id);
      void invalidateConsoleReads(OPS_KEYS.jobs);
    } catch (error) {
      toastError(error);
    } finally {
      setRetrying(undefined);
    }
  };

  return (
    <section className="ops-group ops-form-group" aria-labelledby="ops-books-jobs">
      <h2 id="ops-books-jobs">{t('jobs.title')}</h2>
      <p className="ops-hint">{t('jobs.intro')}</p>
      {read.error && !read.fetching ? (
        <LoadFailed
          message={read.error}
          actionLabel={t('books.checkAgain')}
          onAction={() => void read.retry()}
        />
      ) : (
        <DelayedLoader active={read.fetching} variant="inline" label={t('loading')} />
      )}
      {jobs && (
        <>
          <Verdict ok={jobs.dead.length === 0}>
            {jobs.dead.length === 0 ? t('jobs.noneDead') : t('jobs.someDead', { count: jobs.dead.length })}
          </Verdict>
          {queues.length > 0 && (
            <OpsTable
              caption={t('jobs.countsCaption')}
              columns={[t('jobs.queue'), ...STATES.map((s) => t(`jobs.state.${s}`))]}
              numeric={[1, 2, 3, 4, 5]}
              cards
              testId="ops-jobs-counts"
            >
              {queues.map((queue) => (
                <tr key={queue}>
                  <td data-label={t('jobs.queue')}>{queue}</td>
                  {STATES.map((state) => (
                    <td key={state} className="wl-ops-num" data-label={t(`jobs.state.${state}`)}>
                      {count(queue, state)}
                    </td>
                  ))}
                </tr>
              ))}
            </OpsTable>
          )}
          {jobs.dead.length > 0 && (
            <OpsTable
              caption={t('jobs.deadCaption')}
              columns={[
                t('jobs.queue'),
                t('jobs.key'),
                t('jobs.attempts'),
                t('jobs.lastError'),
                t('jobs.failedAt'),
              ]}
              numeric={[2]}
              actionsLabel={canRetry ? t('jobs.retry') : undefined}
              cards
              testId="ops-jobs-dead"
            >
              {jobs.dead.map((job) => (
                <tr key={job.id}>
                  <td data-label={t('jobs.queue')}>{job.queue}</td>
                  <td data-label={t('jobs.key')}>{job.key ?? '–'}</td>
                  <td className="wl-ops-num" data-label={t('jobs.attempts')}>
                    {job.attempts}
                  </td>
                  <td data-label={t('jobs.lastError')}>{job.lastError ?? '–'}</td>
                  <td data-label={t('jobs.failedAt')}>{when(job.failedAt)}</td>
                  {canRetry && (
                    <td>
                      <Button
                        variant="secondary"
                        onClick={() => void retry(job.id, job.queue)}
                        disabled={retrying !== undefined}
                        aria-busy={retrying === job.id || undefined}
                      >
                        {t('jobs.retry')}
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </OpsTable>
          )}
        </>
      )}
    </section>
  );
}
