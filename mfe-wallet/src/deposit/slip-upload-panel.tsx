import { useState, type FormEvent } from 'react';
import { Button, useAsyncAction, useTranslation } from '@wallet/shared';
import { depositApi, type Slip } from './api';
import { showMoney, type MoneyFormat } from '../common/money';
import { useActionKey } from '../common/use-action-key';
import { announceWalletChange } from '../common/wallet-events';

const STATUS_KEY = {
  PROCESSING: 'common:status.processing',
  SUCCESS: 'common:status.success',
  FAILED: 'common:status.failed',
} as const;

/** Slip upload with a progress bar; shows the slip's status and, when there is one, the translated reason. */
export function SlipUploadPanel({ format, hidden }: { format: MoneyFormat; hidden?: boolean }) {
  const { t } = useTranslation('wallet');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [slip, setSlip] = useState<Slip | null>(null);
  const { keyFor, settle } = useActionKey();
  const upload = useAsyncAction((chosen: File, key: string) =>
    depositApi.uploadSlip(chosen, { onProgress: setProgress, idempotencyKey: key }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
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
      className="wallet-form"
      hidden={hidden}
      role="tabpanel"
      onSubmit={submit}
      noValidate
      data-testid="deposit-slip-panel"
    >
      <ul className="wallet-notes">
        <li>{t('deposit.notes.slipHour')}</li>
        <li>{t('deposit.notes.dailyWindow')}</li>
      </ul>
      <label className="wallet-file">
        <span className="wallet-file__label">{t('deposit.slip.choose')}</span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/jpg"
          className="wallet-file__input"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setSlip(null);
            setProgress(null);
          }}
          data-testid="slip-file"
        />
        <span className="wallet-file__name">{file ? file.name : t('deposit.slip.noFile')}</span>
      </label>
      {progress !== null && (
        <progress
          className="wallet-progress"
          max={100}
          value={Math.round(progress * 100)}
          aria-label={t('deposit.slip.progress')}
          data-testid="slip-progress"
        />
      )}
      <Button type="submit" block busy={upload.busy} disabled={!file} data-testid="slip-upload">
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
