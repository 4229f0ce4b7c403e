import type { CSSProperties } from 'react';
import { useTranslation } from '@wallet/shared';
import type { Bonus } from './api';
import { rewardLine } from './bonus-text';
import type { CardStatus } from './card-state';
import type { MoneyFormat } from './use-bonus-data';

export interface BonusCardProps {
  bonus: Bonus;
  status: CardStatus;
  format: MoneyFormat;
  onOpen: (bonus: Bonus) => void;
}

/** A CSS `url()` of an image address, quoted so no address can break out of it. */
function cssUrl(address: string): string {
  return `url(${JSON.stringify(address)})`;
}

/**
 * One bonus of the grid (spec §2): the first banner's image as the background of the card's top (the art stays
 * whole and the text never sits on it), the state on it, then the name, a short reward line and the type. Available and current cards open the bonus window; a received-out card is a disabled button
 * saying when it can be received again.
 */
export function BonusCard({ bonus, status, format, onOpen }: BonusCardProps) {
  const { t } = useTranslation('bonus');
  const image = bonus.banners[0]?.image;
  const style = image ? ({ '--bonus-card-image': cssUrl(image) } as CSSProperties) : undefined;
  const receivedOut = status.state === 'received';
  const reasonId = `bonus-card-reason-${bonus.code}`;
  return (
    <li className="bonus-grid__item">
      <button
        type="button"
        className={`bonus-card bonus-card--${status.state}${image ? ' bonus-card--image' : ''}`}
        style={style}
        disabled={receivedOut}
        aria-describedby={receivedOut ? reasonId : undefined}
        onClick={() => onOpen(bonus)}
        data-testid={`bonus-card-${bonus.code}`}
        data-state={status.state}
      >
        <span className="bonus-card__art" aria-hidden="true" />
        <span className="bonus-card__state">{t(`bonus.state.${status.state}`)}</span>
        <span className="bonus-card__name">{bonus.name}</span>
        <span className="bonus-card__reward" data-testid="bonus-card-reward">
          {rewardLine(t, bonus, format)}
        </span>
        <span className="bonus-card__type">{t(`bonus.type.${bonus.type}`)}</span>
        {receivedOut && status.availableAgain && (
          <span className="bonus-card__reason" id={reasonId} data-testid="bonus-card-reason">
            {t(`bonus.again.${status.availableAgain}`)}
          </span>
        )}
      </button>
    </li>
  );
}
