import { useTranslation } from '@wallet/shared';
import { EditLink, Flag, LANGUAGES, moneyText as money, OpsTable, type Language } from '@wallet/shared/ops';
import type { BonusListItem, PromotionListItem } from './api';
import { isoToBangkokInput } from './forms';

/** `DD/MM/YYYY HH:mm` in Bangkok time, as the editor takes it. */
function bangkokDateTime(iso: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(isoToBangkokInput(iso));
  return parts ? `${parts[3]}/${parts[2]}/${parts[1]} ${parts[4]}` : '';
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
    <OpsTable
      cards
      testId="bops-bonus-table"
      caption={t('bonus.listTitle')}
      columns={[
        t('field.code'),
        t('field.names'),
        t('bonus.reward'),
        t('list.minDeposit'),
        t('list.receipts'),
        t('bonus.turnover'),
        t('list.status'),
        t('list.activations'),
      ]}
      actionsLabel={editPath && t('list.actions')}
    >
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
          <td data-label={t('list.receipts')}>{t(`list.maxReceived.${b.type}`, { count: b.maxReceived })}</td>
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
              <EditLink
                to={editPath(b.code)}
                label={t('list.edit')}
                name={t('list.editBonus', { code: b.code })}
              />
            </td>
          )}
        </tr>
      ))}
    </OpsTable>
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
    <OpsTable
      cards
      testId="bops-promotion-table"
      caption={t('promotion.listTitle')}
      columns={[
        t('field.code'),
        t('field.bonusCode'),
        t('promotion.period'),
        t('list.received'),
        t('list.status'),
      ]}
      actionsLabel={editPath && t('list.actions')}
    >
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
              <EditLink
                to={editPath(p.code)}
                label={t('list.edit')}
                name={t('list.editPromotion', { code: p.code })}
              />
            </td>
          )}
        </tr>
      ))}
    </OpsTable>
  );
}
