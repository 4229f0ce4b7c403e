import { useId, useRef, useState, type FormEvent } from 'react';
import { Button, FormField, confirm, toMinorUnits, toast, useTranslation } from '@wallet/shared';
import { showMoney, type MoneyFormat } from '../../common/money';
import { useActionKey } from '../../common/use-action-key';
import { membersApi, type OpsMember } from './api';
import { errorText, MEMBERS_NS, unanswered } from './error-text';

/** The server's bounds (`POST /api/ops/members/:id/adjust`): |amount| in minor units, reason length. */
export const MAX_ADJUST_MINOR = 100_000_000_00;
export const REASON_MIN = 3;
export const REASON_MAX = 200;

type Direction = 'credit' | 'debit';
const DIRECTIONS: readonly Direction[] = ['credit', 'debit'];

interface FieldErrors {
  amount?: string;
  reason?: string;
}

/**
 * The manual adjustment of a member's main wallet (finance, admin): credit or debit an amount typed in major
 * units of the member's currency, with a reason, after a confirmation naming the amount and the member. Each
 * confirmed adjustment has its idempotency key; sending the same adjustment again after a call that got no
 * answer reuses it, so the server posts it at most once. A refusal (a debit the wallet cannot cover) is shown
 * and nothing changes.
 */
export function AdjustForm({
  member,
  format,
  onAdjusted,
}: {
  member: OpsMember;
  format: MoneyFormat;
  onAdjusted: () => void;
}) {
  const { t } = useTranslation(MEMBERS_NS);
  const ids = useId();
  const { keyFor, settle } = useActionKey();
  const [direction, setDirection] = useState<Direction>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<{ message: string; retry: boolean }>();
  const [busy, setBusy] = useState(false);
  const amountBox = useRef<HTMLInputElement>(null);
  const unit = t(`unit.${format.currency}`);

  const validate = (): { minor: number; text: string } | null => {
    const next: FieldErrors = {};
    const minor = amount.trim() === '' ? null : toMinorUnits(amount, format.scale);
    if (amount.trim() === '') next.amount = t('adjust.errors.amountRequired');
    else if (minor === null || minor <= 0)
      next.amount = t(format.scale === 0 ? 'adjust.errors.amountWhole' : 'adjust.errors.amountInvalid', {
        unit,
      });
    else if (minor > MAX_ADJUST_MINOR)
      next.amount = t('adjust.errors.amountTooLarge', { max: showMoney(MAX_ADJUST_MINOR, format), unit });
    const text = reason.trim();
    if (text === '') next.reason = t('adjust.errors.reasonRequired');
    else if (text.length < REASON_MIN) next.reason = t('adjust.errors.reasonShort', { min: REASON_MIN });
    setErrors(next);
    if (next.amount || next.reason || minor === null) return null;
    return { minor, text };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const valid = validate();
    if (!valid) return;
    const { minor, text } = valid;
    const values = {
      amount: showMoney(minor, format),
      unit,
      phone: member.username,
      name: member.name,
      reason: text,
    };
    const confirmed = await confirm({
      title: t(direction === 'credit' ? 'adjust.confirmCreditTitle' : 'adjust.confirmDebitTitle'),
      body: (
        <>
          <p>{t(direction === 'credit' ? 'adjust.confirmCredit' : 'adjust.confirmDebit', values)}</p>
          <p>{t('adjust.confirmReason', values)}</p>
        </>
      ),
      confirmLabel: t(direction === 'credit' ? 'adjust.doCredit' : 'adjust.doDebit', values),
      danger: direction === 'debit',
    });
    if (!confirmed) return;
    const signed = direction === 'credit' ? minor : -minor;
    // The same adjustment (member, signed amount, reason) sent again after no answer is the same attempt.
    const key = keyFor(`${member.id}:${signed}:${text}`);
    setBusy(true);
    setFailure(undefined);
    try {
      const result = await membersApi.adjust(member.id, { amount: signed, reason: text }, key);
      settle();
      const done = { ...values, balance: showMoney(result.balance, format) };
      if (result.duplicate) toast.info(t('adjust.duplicate', done));
      else toast.success(t(direction === 'credit' ? 'adjust.credited' : 'adjust.debited', done));
      setAmount('');
      setReason('');
      setDirection('credit');
      onAdjusted();
      // The busy button lost the focus; the next adjustment starts at the amount.
      requestAnimationFrame(() => amountBox.current?.focus());
    } catch (error) {
      settle(error);
      setFailure({ message: errorText(error), retry: unanswered(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="wmem-adjust"
      aria-labelledby={`${ids}-title`}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="wmem-adjust"
    >
      <h3 id={`${ids}-title`} className="wmem__minor-title">
        {t('adjust.title')}
      </h3>
      <fieldset className="wmem-adjust__direction" disabled={busy}>
        <legend>{t('adjust.direction')}</legend>
        {DIRECTIONS.map((value) => (
          <label key={value} className="wmem-radio">
            <input
              type="radio"
              name={`${ids}-direction`}
              value={value}
              checked={direction === value}
              onChange={() => setDirection(value)}
            />
            <span>{t(value === 'credit' ? 'adjust.credit' : 'adjust.debit')}</span>
          </label>
        ))}
      </fieldset>
      <FormField
        label={t('adjust.amount', { unit })}
        hint={t(format.scale === 0 ? 'adjust.amountHintWhole' : 'adjust.amountHint', { unit })}
        inputMode={format.scale === 0 ? 'numeric' : 'decimal'}
        autoComplete="off"
        required
        ref={amountBox}
        value={amount}
        error={errors.amount}
        disabled={busy}
        onValueChange={(value) => {
          setAmount(value);
          if (errors.amount) setErrors((current) => ({ ...current, amount: undefined }));
        }}
        data-testid="wmem-adjust-amount"
      />
      <FormField
        label={t('adjust.reason')}
        hint={t('adjust.reasonHint', { max: REASON_MAX })}
        autoComplete="off"
        required
        maxLength={REASON_MAX}
        value={reason}
        error={errors.reason}
        disabled={busy}
        onValueChange={(value) => {
          setReason(value);
          if (errors.reason) setErrors((current) => ({ ...current, reason: undefined }));
        }}
        data-testid="wmem-adjust-reason"
      />
      {failure && (
        <div className="wmem-error" role="alert" data-testid="wmem-adjust-error">
          <p>{failure.message}</p>
          {failure.retry && <p className="wmem-muted">{t('adjust.retryHint')}</p>}
        </div>
      )}
      <Button type="submit" busy={busy} variant={direction === 'debit' ? 'danger' : 'primary'}>
        {t(direction === 'credit' ? 'adjust.submitCredit' : 'adjust.submitDebit')}
      </Button>
    </form>
  );
}
