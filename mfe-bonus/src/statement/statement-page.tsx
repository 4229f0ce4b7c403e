import { useEffect, useState } from 'react';
import {
  Button,
  DelayedLoader,
  SkeletonList,
  formatDateTime,
  pageCount,
  Pagination,
  timeAgo,
  useTranslation,
} from '@wallet/shared';
import { statementApi, type StatementEntry } from './api';
import { StatementIcon } from './statement-icons';
import {
  knownType,
  namedPlace,
  relatedItem,
  signedAmount,
  STATEMENT_PAGE_SIZE,
  statementSignClass,
  statusTone,
} from './statement-rules';
import { SlipModal } from './slip-modal';
import { useLivePages } from './use-live-pages';
import { useMoneyFormat, type MoneyFormat } from '../common/money-format';
import './statement.css';

const loadStatement = async (page: number, limit: number) => {
  const result = await statementApi.statement(page, limit);
  return { items: result.statements ?? [], total: result.total ?? 0 };
};

/** Time-ago texts move on by themselves (no network): the clock of the page, every 30 s. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * /user/statement (spec §2): the member's entries, 10 a page, newest first — icon, activity, status, date,
 * time-ago and signed amount — and the button of the uploaded-slips window. Live: the current page is read again
 * whenever the wallet changes (a posting, a payout settling), with no reload or click.
 */
export function StatementPage() {
  const { t } = useTranslation('bonus');
  const format = useMoneyFormat();
  const list = useLivePages<StatementEntry>('statement', loadStatement, STATEMENT_PAGE_SIZE);
  const [slipsOpen, setSlipsOpen] = useState(false);
  const now = useNow();

  return (
    <section className="statement-page" data-testid="statement-page">
      <header className="statement-page__header">
        <h1 className="statement-page__title">{t('statement.title')}</h1>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setSlipsOpen(true)}
          data-testid="statement-slips-open"
        >
          {t('statement.slipsButton')}
        </Button>
      </header>
      <p className="statement-page__unit">
        {t('statement.amountsIn', { currency: t(`common:currency.${format.currency}`) })}
      </p>
      {/* The first load of a page: rows standing in for the list; reloading a shown list: the delayed spinner. */}
      {list.loading && !list.items && <SkeletonList count={5} className="statement-skeleton" />}
      <DelayedLoader active={list.loading && Boolean(list.items)} variant="inline" />
      {list.items?.length === 0 && <p className="statement-empty">{t('statement.empty')}</p>}
      {list.items && list.items.length > 0 && (
        <ul className="statement-list" aria-label={t('statement.title')} data-testid="statement-list">
          {list.items.map((entry) => (
            <StatementRow key={entry._id} entry={entry} format={format} now={now} />
          ))}
        </ul>
      )}
      <Pagination
        page={list.page}
        pageCount={pageCount(list.total, STATEMENT_PAGE_SIZE)}
        onPageChange={list.setPage}
        className="statement-pagination"
      />
      <SlipModal open={slipsOpen} onClose={() => setSlipsOpen(false)} format={format} />
    </section>
  );
}

function StatementRow({ entry, format, now }: { entry: StatementEntry; format: MoneyFormat; now: number }) {
  const { t } = useTranslation('bonus');
  const type = knownType(entry.statementType);
  const item = relatedItem(entry);
  const tone = statusTone(entry.status);
  const place = (code: string) => {
    const named = namedPlace(code);
    return named ? t(`statement.place.${named}`) : code;
  };
  const activity =
    type === 'bonus' && item
      ? t(`statement.item.${item.kind}`)
      : t(`statement.activity.${type ?? 'unknown'}`);
  const detail = item
    ? item.description
    : type === 'deposit' || type === 'withdraw' || type === 'transfer'
      ? `${place(entry.from)} → ${place(entry.to)}`
      : '';
  return (
    <li className={`statement-entry statement-entry--${type ?? 'unknown'}`} data-testid="statement-entry">
      <span className="statement-entry__icon">
        <StatementIcon name={type ?? 'unknown'} label={type ? undefined : t('statement.unknownType')} />
      </span>
      <div className="statement-entry__main">
        <p className="statement-entry__activity" data-testid="statement-activity">
          {activity}
        </p>
        {detail && (
          <p className="statement-entry__detail" data-testid="statement-detail">
            {detail}
          </p>
        )}
        <p className="statement-entry__when">
          <time dateTime={entry.createdAt} data-testid="statement-date">
            {formatDateTime(entry.createdAt)}
          </time>
          <span className="statement-entry__ago" data-testid="statement-ago">
            {timeAgo(entry.createdAt, now)}
          </span>
        </p>
      </div>
      <div className="statement-entry__side">
        <span
          className={`statement-entry__amount statement-entry__amount--${statementSignClass(entry.statementType)}`}
          data-testid="statement-amount"
        >
          {signedAmount(entry, format)}
        </span>
        <span className={`statement-status statement-status--${tone}`} data-testid="statement-status">
          {t(`common:status.${tone}`)}
        </span>
      </div>
    </li>
  );
}
