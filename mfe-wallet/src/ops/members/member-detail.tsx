import { useEffect, useRef } from 'react';
import {
  Link,
  Skeleton,
  SkeletonList,
  formatAccountNo,
  formatDateTime,
  formatSignedMoney,
  useTranslation,
} from '@wallet/shared';
import { invalidateConsoleReads, LoadFailed, OpsTable, useConsoleRead } from '@wallet/shared/ops';
import { moneyFormat, showMoney, type MoneyFormat } from '../../common/money';
import { MEMBER_OPS_KEYS, membersApi, type OpsMemberDetail } from './api';
import { AdjustForm } from './adjust-form';
import { errorText, MEMBERS_NS } from './error-text';

const GAME_PREFIX = 'game:';

/** The unit word of an amount in the member's currency (baht, kip), in the page's language. */
export function useUnit(format: MoneyFormat): string {
  const { t } = useTranslation(MEMBERS_NS);
  return t(`unit.${format.currency}`);
}

/**
 * One member: profile, the main wallet's and each game's balance and the main wallet's last movements (the
 * server answers the last 20 and pages no further), then the adjustment form for the roles that may adjust.
 * After an adjustment everything is read again from the server, which is the truth of the balance; a reading that
 * fails then keeps what is shown and says why above it.
 */
export function MemberDetail({
  memberId,
  canAdjust,
  backTo,
}: {
  memberId: string;
  canAdjust: boolean;
  backTo: string;
}) {
  const { t } = useTranslation(MEMBERS_NS);
  const read = useConsoleRead(MEMBER_OPS_KEYS.member(memberId), () => membersApi.member(memberId), {
    errorText,
  });
  const refreshing = read.fetching;
  const detail = read.data;
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(false);

  // The member just opened: bring its heading into view and focus (on a phone it is below the results).
  useEffect(() => {
    if (detail && !focused.current) {
      focused.current = true;
      heading.current?.focus();
    }
  }, [detail]);

  return (
    <section className="wmem-detail" aria-labelledby="wmem-detail-title" aria-busy={refreshing || undefined}>
      <div className="wmem-detail__top">
        <h2 id="wmem-detail-title" className="wmem__subtitle" ref={heading} tabIndex={-1}>
          {detail ? detail.member.name : t('detail.title')}
        </h2>
        <Link className="wmem-back" to={backTo}>
          {t('detail.back')}
        </Link>
      </div>
      {read.error && !refreshing && (
        // A first load shows why there is nothing; a refresh that failed keeps what is shown below.
        <LoadFailed
          message={read.error}
          actionLabel={t('retry')}
          onAction={() => void (detail ? read.reload() : read.retry())}
        />
      )}
      {!detail && refreshing && (
        <SkeletonList label={t('detail.loading')}>
          <Skeleton variant="card" height="6rem" />
          <Skeleton variant="row" />
          <Skeleton variant="row" />
        </SkeletonList>
      )}
      {detail && (
        <MemberView
          detail={detail}
          canAdjust={canAdjust}
          onAdjusted={() => void invalidateConsoleReads(MEMBER_OPS_KEYS.member(memberId))}
        />
      )}
    </section>
  );
}

function MemberView({
  detail,
  canAdjust,
  onAdjusted,
}: {
  detail: OpsMemberDetail;
  canAdjust: boolean;
  onAdjusted: () => void;
}) {
  const { t } = useTranslation(MEMBERS_NS);
  const { member, balances, recent } = detail;
  const format = moneyFormat(member.currency);
  const unit = useUnit(format);
  const games = Object.entries(balances)
    .filter(([code]) => code.startsWith(GAME_PREFIX))
    .map(([code, amount]) => ({ code: code.slice(GAME_PREFIX.length), amount }))
    .sort((a, b) => a.code.localeCompare(b.code));

  return (
    <>
      <dl className="wmem-profile" data-testid="wmem-profile">
        <div>
          <dt>{t('profile.phone')}</dt>
          <dd>{member.username}</dd>
        </div>
        <div>
          <dt>{t('profile.name')}</dt>
          <dd>{member.name}</dd>
        </div>
        <div>
          <dt>{t('profile.bank')}</dt>
          <dd>
            {member.bankCode} {formatAccountNo(member.bankAccountNo)}
          </dd>
        </div>
        <div>
          <dt>{t('profile.status')}</dt>
          <dd>
            <span className={`wmem-badge${member.status === 'active' ? '' : ' wmem-badge--off'}`}>
              {t(`status.${member.status}`, { defaultValue: member.status })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('profile.since')}</dt>
          <dd>{formatDateTime(member.createdAt)}</dd>
        </div>
      </dl>

      <div className="wmem-balances">
        <div className="wmem-balance wmem-balance--main">
          <span className="wmem-balance__label">{t('balances.main')}</span>
          <span className="wmem-balance__amount" data-testid="wmem-main-balance">
            {showMoney(balances.main ?? 0, format)}
          </span>
          <span className="wmem-balance__unit">{unit}</span>
        </div>
        <div className="wmem-games">
          <h3 className="wmem__minor-title">{t('balances.games')}</h3>
          {games.length === 0 ? (
            <p className="wmem-muted">{t('balances.noGames')}</p>
          ) : (
            <ul className="wmem-games__list" data-testid="wmem-games">
              {games.map((game) => (
                <li key={game.code}>
                  <span>{game.code}</span>
                  <span className="wl-ops-amount">{showMoney(game.amount, format)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      {canAdjust ? (
        <AdjustForm member={member} format={format} onAdjusted={onAdjusted} />
      ) : (
        <p className="wmem-muted wmem-readonly">{t('adjust.readOnly')}</p>
      )}

      <section className="wmem-statement" aria-labelledby="wmem-statement-title">
        <h3 id="wmem-statement-title" className="wmem__minor-title">
          {t('statement.title')}
        </h3>
        {recent.length === 0 ? (
          <p className="wmem-muted">{t('statement.empty')}</p>
        ) : (
          <OpsTable
            testId="wmem-statement"
            className="wmem-statement-table"
            caption={t('statement.caption', { n: recent.length })}
            columns={[t('statement.at'), t('statement.kind'), t('statement.amount', { unit })]}
            numeric={[2]}
          >
            {recent.map((entry) => (
              <tr key={entry.transactionId}>
                <td>{formatDateTime(entry.at)}</td>
                <td>
                  {t(`kind.${entry.kind}`, { defaultValue: entry.kind })}
                  <span className="wmem-tx">#{entry.transactionId}</span>
                </td>
                <td className={`wl-ops-num wl-ops-amount wl-ops-amount--${entry.amount < 0 ? 'out' : 'in'}`}>
                  {formatSignedMoney(entry.amount, format.scale)}
                </td>
              </tr>
            ))}
          </OpsTable>
        )}
        {recent.length > 0 && <p className="wmem-muted wmem-note">{t('statement.note')}</p>}
      </section>
    </>
  );
}
