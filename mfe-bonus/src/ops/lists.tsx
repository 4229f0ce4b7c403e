import { currencyScale, formatMoney, Link, useTranslation, type Currency } from '@wallet/shared';
import type { BonusListItem, PromotionListItem } from './api';
import { isoToBangkokInput, LANGUAGES, type Language } from './forms';

const money = (minor: number, currency: string) =>
  `${formatMoney(minor, currencyScale(currency as Currency))} ${currency}`;

/** `DD/MM/YYYY HH:mm` in Bangkok time, as the editor takes it. */
function bangkokDateTime(iso: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(isoToBangkokInput(iso));
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]} ${parts[4]}` : '';
}

function Flag({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <span className={`wl-opsf-flag wl-opsf-flag--${on ? 'on' : 'off'}`}>{on ? yes : no}</span>;
}

/** The bonus definitions, in the server's order (sort order, then code); `editPath` only for admin. */
export function BonusTable({
  bonuses,
  editPath,
}: {
  bonuses: readonly BonusListItem[];
  editPath?: (code: string) => string;
}) {
  const { t, i18n } = useTranslation('bonus-ops');
  const lang = (i18n.resolvedLanguage ?? 'th') as Language;
  if (bonuses.length === 0) return <p className="wl-opsf-hint">{t('bonus.none')}</p>;
  const reward = (b: BonusListItem) => {
    const entries = Object.entries(b.amounts);
    if (b.rewardKind === 'percent')
      return [
        t('list.percent', { percent: b.percent }),
        ...entries.map(([c, a]) =>
          a.cap > 0 ? t('list.cap', { amount: money(a.cap, c) }) : t('list.noCap', { currency: c }),
        ),
      ];
    return entries.map(([c, a]) => money(a.fixed, c));
  };
  return (
    <div className="wl-opsf-table-wrap">
      <table className="wl-opsf-table" data-testid="bops-bonus-table">
        <caption className="wl-visually-hidden">{t('bonus.listTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('field.code')}</th>
            <th scope="col">{t('field.names')}</th>
            <th scope="col">{t('bonus.reward')}</th>
            <th scope="col">{t('list.minDeposit')}</th>
            <th scope="col">{t('list.receipts')}</th>
            <th scope="col">{t('bonus.turnover')}</th>
            <th scope="col">{t('list.status')}</th>
            <th scope="col">{t('list.activations')}</th>
            {editPath && (
              <th scope="col">
                <span className="wl-visually-hidden">{t('list.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {bonuses.map((b) => (
            <tr key={b.code} data-testid={`bops-bonus-${b.code}`}>
              <th scope="row" data-label={t('field.code')}>
                <code>{b.code}</code>
              </th>
              <td data-label={t('field.names')}>
                <span lang={lang}>{b.names[lang]}</span>
                {LANGUAGES.filter((other) => other !== lang).map((other) => (
                  <span key={other} className="bops-other-lang" lang={other}>
                    {b.names[other]}
                  </span>
                ))}
              </td>
              <td data-label={t('bonus.reward')}>
                {reward(b).map((line) => (
                  <span key={line} className="bops-line">
                    {line}
                  </span>
                ))}
              </td>
              <td data-label={t('list.minDeposit')}>
                {Object.entries(b.amounts).map(([c, a]) => (
                  <span key={c} className="bops-line">
                    {a.minDeposit > 0 ? money(a.minDeposit, c) : t('list.noMinimum', { currency: c })}
                  </span>
                ))}
              </td>
              <td data-label={t('list.receipts')}>
                {t(`list.maxReceived.${b.type}`, { count: b.maxReceived })}
              </td>
              <td data-label={t('bonus.turnover')}>
                {t(`list.turnover.${b.turnoverBase}`, { multiple: b.turnoverMultiple })}
                <span className="bops-line wl-opsf-muted">
                  {t('list.percentFail', { percent: b.percentFail })}
                </span>
              </td>
              <td data-label={t('list.status')}>
                <Flag on={b.active} yes={t('list.active')} no={t('list.inactive')} />
                <Flag on={b.listed} yes={t('list.listed')} no={t('list.unlisted')} />
              </td>
              <td data-label={t('list.activations')}>
                {t('list.openOfTotal', { open: b.activations.open, total: b.activations.total })}
              </td>
              {editPath && (
                <td data-label={t('list.actions')}>
                  <Link
                    className="wl-btn wl-btn--secondary wl-btn--sm"
                    to={editPath(b.code)}
                    aria-label={t('list.editBonus', { code: b.code })}
                  >
                    {t('list.edit')}
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The promotions, by code; `editPath` only for admin. */
export function PromotionTable({
  promotions,
  editPath,
}: {
  promotions: readonly PromotionListItem[];
  editPath?: (code: string) => string;
}) {
  const { t } = useTranslation('bonus-ops');
  if (promotions.length === 0) return <p className="wl-opsf-hint">{t('promotion.none')}</p>;
  return (
    <div className="wl-opsf-table-wrap">
      <table className="wl-opsf-table" data-testid="bops-promotion-table">
        <caption className="wl-visually-hidden">{t('promotion.listTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('field.code')}</th>
            <th scope="col">{t('field.bonusCode')}</th>
            <th scope="col">{t('promotion.period')}</th>
            <th scope="col">{t('list.received')}</th>
            <th scope="col">{t('list.status')}</th>
            {editPath && (
              <th scope="col">
                <span className="wl-visually-hidden">{t('list.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {promotions.map((p) => (
            <tr key={p.code} data-testid={`bops-promotion-${p.code}`}>
              <th scope="row" data-label={t('field.code')}>
                <code>{p.code}</code>
              </th>
              <td data-label={t('field.bonusCode')}>
                <code>{p.bonusCode}</code>
              </td>
              <td data-label={t('promotion.period')}>
                <span className="bops-line">
                  {t('list.from', { date: p.startsAt ? bangkokDateTime(p.startsAt) : t('list.always') })}
                </span>
                <span className="bops-line">
                  {t('list.until', { date: p.endsAt ? bangkokDateTime(p.endsAt) : t('list.noEnd') })}
                </span>
              </td>
              <td data-label={t('list.received')}>
                {p.maxTotal === null
                  ? t('list.receivedNoLimit', { received: p.received })
                  : t('list.receivedOfMax', { received: p.received, max: p.maxTotal })}
              </td>
              <td data-label={t('list.status')}>
                <Flag on={p.active} yes={t('list.active')} no={t('list.inactive')} />
              </td>
              {editPath && (
                <td data-label={t('list.actions')}>
                  <Link
                    className="wl-btn wl-btn--secondary wl-btn--sm"
                    to={editPath(p.code)}
                    aria-label={t('list.editPromotion', { code: p.code })}
                  >
                    {t('list.edit')}
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
