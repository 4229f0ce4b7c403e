import { useEffect, useState, type FormEvent } from 'react';
import { Button, useAsyncAction, useTranslation } from '@wallet/shared';
import { useRead } from '@wallet/shared/query';
import { depositApi, type Slip, type SlipSettings } from './api';
import { showMoney, type MoneyFormat } from '../common/money';
import { useActionKey } from '../common/use-action-key';
import { announceWalletChange } from '../common/wallet-events';
import { SlipFilePicker } from './slip-file-picker';
import { hasClosingWindow, insideClosingWindow, zoneLabel } from './slip-window';
import type { TabPanelProps } from './tab-list';

/** How often the panel looks at the clock again, so the closing window opens and shuts while it is shown. */
export const SLIP_CLOCK_TICK_MS = 30_000;

const STATUS_KEY = {
  PROCESSING: 'common:status.processing',
  SUCCESS: 'common:status.success',
  FAILED: 'common:status.failed',
} as const;

/**
 * The slip settings (GET /api/lookup/slip) and the time, looked at again every 30 s. A failed load is silent
 * (spec §8): the panel then shows the generic texts and the server still refuses an upload inside the window.
 */
function useSlipWindow(): { settings: SlipSettings | null; now: Date } {
  const { data } = useRead({ key: ['wallet', 'slip-settings'], read: depositApi.slipSettings });
  const settings = data ?? null;
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), SLIP_CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return { settings, now };
}

/**
 * Slip upload with a progress bar; shows the slip's status and, when there is one, the translated reason. The
 * notes say the 1-hour rule and the daily closing window of the slip settings; inside that window the upload is
 * disabled and says when it opens again, and while an operator has slip uploads turned off it says so.
 */
export function SlipUploadPanel({ format, panel }: { format: MoneyFormat; panel: TabPanelProps }) {
  const { t } = useTranslation('wallet');
  const { settings, now } = useSlipWindow();
  const closing = settings && hasClosingWindow(settings) ? settings : null;
  // Turned off by an operator (`enabled: false`), or inside the daily closing window: no upload (the server
  // refuses one too, SLIP_UPLOAD_FAIL).
  const off = settings?.enabled === false;
  const closed = off || (closing !== null && insideClosingWindow(now, closing));
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [slip, setSlip] = useState<Slip | null>(null);
  const { keyFor, settle } = useActionKey();
  const upload = useAsyncAction((chosen: File, key: string) =>
    depositApi.uploadSlip(chosen, { onProgress: setProgress, idempotencyKey: key }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || closed) return;
    setSlip(null);
    setProgress(0);
    const result = await upload.run(file, keyFor(`${file.name}:${file.size}:${file.lastModified}`));
    settle(result.ok ? undefined : (result.error ?? undefined));
    if (!result.ok) {
      setProgress(null);
      return;
    }
    setProgress(1);
    setSlip(result.value);
    if (result.value.status === 'SUCCESS') announceWalletChange('deposit');
  };

  const statusKey = slip ? (STATUS_KEY[slip.status] ?? 'common:status.processing') : null;
  const tone = slip?.status === 'SUCCESS' ? 'success' : slip?.status === 'FAILED' ? 'danger' : 'warning';

  return (
    <form
      className="wallet-deposit__panel wallet-form"
      {...panel}
      onSubmit={submit}
      noValidate
      data-testid="deposit-slip-panel"
    >
      <ul className="wallet-notes">
        <li>{t('deposit.notes.slipHour')}</li>
        <li data-testid="slip-window">
          {closing
            ? t('deposit.slip.window', {
                from: closing.closedFrom,
                until: closing.closedUntil,
                zone: zoneLabel(closing.timezone, now),
              })
            : t('deposit.notes.dailyWindow')}
        </li>
      </ul>
      {closed && (
        <p
          className="wallet-result wallet-result--warning wallet-slip-closed"
          role="alert"
          data-testid="slip-closed"
        >
          {off || !closing
            ? t('deposit.slip.off')
            : t('deposit.slip.closedNow', { until: closing.closedUntil })}
        </p>
      )}
      <SlipFilePicker
        file={file}
        disabled={closed}
        onChange={(chosen) => {
          setFile(chosen);
          setSlip(null);
          setProgress(null);
        }}
      />
      {progress !== null && (
        <progress
          className="wallet-progress"
          max={100}
          value={Math.round(progress * 100)}
          aria-label={t('deposit.slip.progress')}
          data-testid="slip-progress"
        />
      )}
      <Button type="submit" block busy={upload.busy} disabled={!file || closed} data-testid="slip-upload">
        {t('deposit.slip.upload')}
      </Button>
      {slip && statusKey && (
        <div className={`wallet-result wallet-result--${tone}`} role="status" data-testid="slip-result">
          <p>
            <span>{t('deposit.slip.status')}</span> <strong data-testid="slip-status">{t(statusKey)}</strong>
            {slip.amount > 0 && (
              <span>
                {' '}
                {showMoney(slip.amount, format)} {t(`common:currency.${format.currency}`)}
              </span>
            )}
          </p>
          {slip.note && (
            <p data-testid="slip-reason">
              {t(`errors:slip.${slip.note}`, { defaultValue: t('errors:slip.UNKNOW_ERROR') })}
            </p>
          )}
        </div>
      )}
    </form>
  );
}
