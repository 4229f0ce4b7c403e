import { useEffect, useState, type FormEvent } from 'react';
import {
  bus,
  Button,
  formatCountdown,
  FormField,
  toast,
  translateErrorCode,
  useAsyncAction,
  useTranslation,
} from '@wallet/shared';
import { useRead } from '@wallet/shared/query';
import { depositApi, type QrChannel, type QrChannelSetting, type QrState } from './api';
import { majorOf, showMoney, type MoneyFormat } from '../common/money';
import { useActionKey } from '../common/use-action-key';
import { decideQrCreate, isKbankCreateDisabled, secondsLeft } from './qr-rules';
import { QrImage } from './qr-image';
import type { TabPanelProps } from './tab-list';

/** The time a created QR's countdown starts from (read in the submit handler, never during render). */
const wallClock = (): number => Date.now();

export interface QrChannelPanelProps {
  channel: QrChannel;
  setting: QrChannelSetting;
  format: MoneyFormat;
  /** Changes when another channel created a QR: this one reads its state again. */
  reloadKey: number;
  /** Its place in the channel tab list (role, label, hidden when another channel is current). */
  panel: TabPanelProps;
  onCreated: (channel: QrChannel) => void;
  /** The member says they paid: the modal closes and a balance-refresh message is shown. */
  onConfirmed: () => void;
  /** The server says the shown QR was paid (realtime push): the window closes with the success message. */
  onPaid: (amount: number) => void;
}

/** Spec §4: no QR → QR created (mm:ss countdown from `expireIn`, ticking every second) → back at 00:00 or cancel. */
export function QrChannelPanel({
  channel,
  setting,
  format,
  reloadKey,
  panel,
  onCreated,
  onConfirmed,
  onPaid,
}: QrChannelPanelProps) {
  const { t } = useTranslation('wallet');
  const [qr, setQr] = useState<QrState | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [amountText, setAmountText] = useState('');
  const [belowMinimum, setBelowMinimum] = useState<number | null>(null);
  const { keyFor, settle } = useActionKey();
  const create = useAsyncAction(depositApi.createQr);
  const cancel = useAsyncAction(depositApi.cancelQr);

  // The channel's open QR as the server knows it; read again when another channel created one (`reloadKey`). A
  // failed read is silent: the form shows. What the member does here (create, cancel, paid) then changes `qr`.
  const { data: open } = useRead({
    key: ['wallet', 'qr', channel, reloadKey],
    read: () => depositApi.qr(channel),
  });
  const [seen, setSeen] = useState<QrState | undefined>(undefined);
  if (open !== seen) {
    setSeen(open);
    if (open) {
      const tick = wallClock();
      setNow(tick);
      setQr(open.hasQrcode && open.expireIn > tick ? open : null);
    }
  }

  useEffect(() => {
    if (!qr) return undefined;
    const timer = setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (qr.expireIn <= tick) setQr(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [qr]);
  // A paid QR closes itself: the server pushes `deposit:qr` once the credit is committed (shared's realtime).
  useEffect(() => {
    if (!qr?.qrcodeId) return undefined;
    const subscription = bus.on('deposit:qr').subscribe((event) => {
      if (event.qrcodeId !== qr.qrcodeId) return;
      setQr(null);
      onPaid(qr.amount);
    });
    return () => subscription.unsubscribe();
  }, [qr, onPaid]);
  const remaining = qr ? secondsLeft(qr.expireIn, now) : 0;
  const shown = qr && remaining > 0 ? qr : null;

  const currency = t(`common:currency.${format.currency}`);
  const belowMinimumText = (min: number) =>
    t('deposit.qr.belowMinimum', { min: majorOf(min, format), currency });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const decision = decideQrCreate(amountText, setting, format);
    if (decision.kind === 'ignore') return;
    if (decision.kind === 'belowMinimum') {
      // Spec §8: a form error shows inline and as a toast for 4 s.
      setBelowMinimum(decision.minimum);
      toast.error(belowMinimumText(decision.minimum));
      return;
    }
    setBelowMinimum(null);
    const result = await create.run(channel, decision.amount, keyFor(`${channel}:${decision.amount}`));
    settle(result.ok ? undefined : (result.error ?? undefined));
    if (!result.ok) return;
    if (!result.value.hasQrcode) {
      toast.error(translateErrorCode(result.value.message || 'QR_FAIL', result.value.message));
      return;
    }
    setNow(wallClock());
    setQr(result.value);
    onCreated(channel);
  };

  const onCancel = async () => {
    if (!qr?.qrcodeId) {
      setQr(null);
      return;
    }
    const result = await cancel.run(qr.qrcodeId);
    if (result.ok || result.error?.code === 'NO_DATA') setQr(null);
  };

  return (
    <div
      className="wallet-deposit__panel wallet-qr"
      {...panel}
      // A created QR starts with its image: the panel is then a Tab stop of its own; the form starts with buttons.
      tabIndex={shown ? 0 : undefined}
      data-testid={`qr-panel-${channel}`}
    >
      {shown ? (
        <div className="wallet-qr__created">
          <QrImage svg={shown.qrcode} testId={`qr-image-${channel}`} />
          <p className="wallet-qr__amount">
            {t('deposit.qr.amount', { amount: showMoney(shown.amount, format), currency })}
          </p>
          <p className="wallet-qr__countdown">
            {t('deposit.qr.expiresIn')}{' '}
            <strong data-testid={`qr-countdown-${channel}`}>{formatCountdown(remaining)}</strong>
          </p>
          {shown.payUrl && (
            <a
              className="wl-btn wl-btn--secondary wallet-qr__pay-link"
              href={shown.payUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`qr-pay-link-${channel}`}
            >
              {t('deposit.qr.payOnDevice')}
            </a>
          )}
          <div className="wallet-form__actions">
            <Button
              variant="secondary"
              busy={cancel.busy}
              onClick={() => void onCancel()}
              data-testid={`qr-cancel-${channel}`}
            >
              {t('deposit.qr.cancel')}
            </Button>
            <Button onClick={onConfirmed} data-testid={`qr-confirm-${channel}`}>
              {t('deposit.qr.confirm')}
            </Button>
          </div>
        </div>
      ) : (
        <form className="wallet-form" onSubmit={submit} noValidate>
          <div className="wallet-quick" role="group" aria-label={t('deposit.qr.quickAmounts')}>
            {setting.quickAmounts.map((amount) => (
              <button
                key={amount}
                type="button"
                className="wallet-quick__amount"
                onClick={() => {
                  setAmountText(majorOf(amount, format).replace(/,/g, ''));
                  setBelowMinimum(null);
                }}
                data-testid={`qr-quick-${channel}-${majorOf(amount, format).replace(/,/g, '')}`}
              >
                {majorOf(amount, format)}
              </button>
            ))}
          </div>
          <FormField
            label={t('deposit.qr.amountLabel')}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            onValueChange={(value) => {
              setAmountText(value);
              setBelowMinimum(null);
            }}
            hint={t('deposit.qr.minimum', { min: majorOf(setting.minimum, format), currency })}
            error={belowMinimum !== null ? belowMinimumText(belowMinimum) : undefined}
            data-testid={`qr-amount-${channel}`}
          />
          <Button
            type="submit"
            block
            busy={create.busy}
            disabled={isKbankCreateDisabled(channel, amountText, format)}
            data-testid={`qr-create-${channel}`}
          >
            {t('deposit.qr.create')}
          </Button>
        </form>
      )}
    </div>
  );
}
