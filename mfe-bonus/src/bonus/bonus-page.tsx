import { useEffect, useState } from 'react';
import { Button, DelayedLoader, SkeletonList, useTranslation } from '@wallet/shared';
import { ConditionsModal } from '../common/conditions/conditions-modal';
import { ActiveBonusPanel } from './active-bonus';
import type { Bonus } from './api';
import { BonusCard } from './bonus-card';
import { BonusModal } from './bonus-modal';
import { cardStatus } from './card-state';
import { PromotionForm } from './promotion';
import { useBonusData, useMoneyFormat, useNoticeText } from './use-bonus-data';
import './bonus.css';

export interface BonusPageProps {
  /** The clock of the card states; tests pass a fixed moment. */
  now?: () => Date;
}

const systemNow = () => new Date();

/** The card states move on by themselves at Bangkok midnight and on Monday: the page looks at the clock each minute. */
function useMinuteTick(): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), 60_000);
    return () => window.clearInterval(timer);
  }, []);
}

/**
 * /user/bonus (spec §2): the member's open bonus with its turnover and the button that ends it, or else the
 * promotion-code form; the grid of bonus cards (current, received-out, available) opening the bonus window; and
 * the bonus conditions. Live: the open bonus and the list are read again whenever the wallet changes.
 */
export function BonusPage({ now = systemNow }: BonusPageProps) {
  const { t } = useTranslation('bonus');
  const format = useMoneyFormat();
  const notice = useNoticeText();
  const data = useBonusData();
  const [opened, setOpened] = useState<Bonus | null>(null);
  const [conditionsOpen, setConditionsOpen] = useState(false);
  useMinuteTick();

  const active = data.active?.status ? data.active : null;
  const anyActive = Boolean(active) || Boolean(data.bonuses?.some((b) => b.userBonus?.isActive));
  const moment = now();

  return (
    <section className="bonus-page" data-testid="bonus-page">
      <header className="bonus-page__header">
        <h1 className="bonus-page__title">{t('bonus.title')}</h1>
        <Button
          variant="secondary"
          onClick={() => setConditionsOpen(true)}
          data-testid="bonus-conditions-open"
        >
          {t('bonus.conditionsButton')}
        </Button>
      </header>

      {active && <ActiveBonusPanel active={active} format={format} onEnded={data.refresh} />}
      {!active && data.activeSettled && (
        <PromotionForm format={format} notice={notice} onReceived={data.refresh} />
      )}

      <h2 className="bonus-section-title">{t('bonus.listTitle')}</h2>
      {/* The first load: cards standing in for the bonuses; a reload of the shown cards: the delayed spinner. */}
      {data.loading && !data.bonuses && (
        <SkeletonList count={4} variant="card" layout="grid" className="bonus-skeleton" />
      )}
      <DelayedLoader active={data.loading && Boolean(data.bonuses)} variant="inline" />
      {data.bonuses?.length === 0 && <p className="bonus-empty">{t('bonus.empty')}</p>}
      {data.bonuses && data.bonuses.length > 0 && (
        <ul className="bonus-grid" aria-label={t('bonus.listTitle')} data-testid="bonus-grid">
          {data.bonuses.map((bonus) => (
            <BonusCard
              key={bonus.code}
              bonus={bonus}
              status={cardStatus(bonus, moment)}
              format={format}
              onOpen={setOpened}
            />
          ))}
        </ul>
      )}

      {opened && (
        <BonusModal
          bonus={opened}
          format={format}
          notice={notice}
          anyActive={anyActive}
          onClose={(received) => {
            setOpened(null);
            if (received) data.refresh();
          }}
        />
      )}
      {conditionsOpen && <ConditionsModal onClose={() => setConditionsOpen(false)} />}
    </section>
  );
}
