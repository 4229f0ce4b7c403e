import { useState, type FormEvent } from 'react';
import {
  bus,
  Button,
  FormField,
  Html,
  Modal,
  newIdempotencyKey,
  showAlert,
  useAsyncAction,
  useTranslation,
} from '@wallet/shared';
import { bonusApi, isPromotion, type Promotion } from './api';
import { moneyText, noticeText, receiveErrorText } from './bonus-text';
import type { MoneyFormat } from './use-bonus-data';

export interface PromotionFormProps {
  format: MoneyFormat;
  notice: string | null;
  /** Called after the promotion's bonus was received: the page reads its data again. */
  onReceived: () => void;
}

type Lookup =
  { state: 'idle' } | { state: 'notFound'; code: string } | { state: 'found'; promotion: Promotion };

/**
 * The promotion-code form (spec §2, §5): required, upper case as the member types, looked up with a "searching"
 * line; an unknown code says so, a known one opens the promotion window.
 */
export function PromotionForm({ format, notice, onReceived }: PromotionFormProps) {
  const { t } = useTranslation('bonus');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const find = useAsyncAction(bonusApi.findPromotion);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = code.trim().toUpperCase();
    if (!wanted) {
      setMissing(true);
      return;
    }
    setLookup({ state: 'idle' });
    const result = await find.run(wanted);
    if (!result.ok) return;
    setLookup(
      isPromotion(result.value)
        ? { state: 'found', promotion: result.value }
        : { state: 'notFound', code: wanted },
    );
  };

  return (
    <section className="bonus-promotion" aria-labelledby="bonus-promotion-title">
      <h2 id="bonus-promotion-title" className="bonus-section-title">
        {t('promotion.title')}
      </h2>
      <form className="bonus-promotion__form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField
          label={t('promotion.label')}
          required
          value={code}
          transform="uppercase"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          onValueChange={(value) => {
            setCode(value);
            setMissing(false);
            if (lookup.state === 'notFound') setLookup({ state: 'idle' });
          }}
          error={missing ? t('common:form.required') : undefined}
          data-testid="promotion-input"
          fieldClassName="bonus-promotion__field"
        />
        <Button
          type="submit"
          busy={find.busy}
          className="bonus-promotion__search"
          data-testid="promotion-search"
        >
          {t('promotion.search')}
        </Button>
      </form>
      <div className="bonus-promotion__status" role="status">
        {find.busy && <p data-testid="promotion-searching">{t('promotion.searching')}</p>}
        {!find.busy && lookup.state === 'notFound' && (
          <p className="bonus-promotion__not-found" data-testid="promotion-not-found">
            {t('promotion.notFound')}
          </p>
        )}
      </div>
      {lookup.state === 'found' && (
        <PromotionModal
          promotion={lookup.promotion}
          format={format}
          notice={notice}
          onClose={(received) => {
            setLookup({ state: 'idle' });
            if (received) {
              setCode('');
              onReceived();
            }
          }}
        />
      )}
    </section>
  );
}

export interface PromotionModalProps {
  promotion: Promotion;
  format: MoneyFormat;
  notice: string | null;
  /** `true` when the promotion's bonus was received. */
  onClose: (received: boolean) => void;
}

/** A found promotion: its description (server html, sanitized), the failure notice and the receive button. */
export function PromotionModal({ promotion, format, notice, onClose }: PromotionModalProps) {
  const { t } = useTranslation('bonus');
  const receive = useAsyncAction(bonusApi.activatePromotion, {
    onError: (error) => void showAlert({ kind: 'error', message: receiveErrorText(t, error, format) }),
  });

  const onReceive = async () => {
    const result = await receive.run(promotion.code, newIdempotencyKey());
    if (!result.ok) return;
    bus.emit('wallet:changed', { reason: 'bonus' });
    onClose(true);
    void showAlert({
      kind: 'success',
      message: t('promotion.received', { amount: moneyText(t, result.value.amount, format) }),
    });
  };

  return (
    <Modal
      open
      onClose={() => onClose(false)}
      title={t('promotion.modalTitle', { code: promotion.code })}
      dismissible={!receive.busy}
      data-testid="promotion-modal"
      footer={
        <>
          <Button variant="secondary" onClick={() => onClose(false)} disabled={receive.busy}>
            {t('common:actions.close')}
          </Button>
          <Button busy={receive.busy} onClick={() => void onReceive()} data-testid="promotion-receive">
            {t('promotion.receive')}
          </Button>
        </>
      }
    >
      {/* Focusable, so a keyboard can reach and scroll the window's text when it is taller than the screen. */}
      <section
        className="bonus-modal__rules"
        tabIndex={0}
        aria-label={t('promotion.modalTitle', { code: promotion.code })}
      >
        <Html className="bonus-html" html={promotion.description} data-testid="promotion-description" />
        <p className="bonus-notice" data-testid="promotion-notice">
          {noticeText(t, notice, promotion.percentFail)}
        </p>
      </section>
    </Modal>
  );
}
