import { useCallback, useState, type FormEvent } from 'react';
import {
  Button,
  confirm,
  DelayedLoader,
  formatDateTime,
  formatMoney,
  FormField,
  Modal,
  SelectField,
  toast,
  toMinorUnits,
  useTranslation,
} from '@wallet/shared';
import {
  queuesApi,
  SLIP_REASONS,
  type QueuedSlip,
  type SlipDecision,
  type SlipReason,
  type SlipStatus,
} from './api';
import {
  canDecide,
  decisionError,
  money,
  ReadOnlyNote,
  siteScale,
  useQueue,
  type OperatorScreenProps,
} from './common';
import './queues.css';

/** How many slips a list shows: the server's newest first, at most this many. */
export const SLIP_LIMIT = 100;
const STATUSES: readonly SlipStatus[] = ['PROCESSING', 'SUCCESS', 'FAILED'];
/** The largest amount the approve route accepts (minor units). */
const MAX_AMOUNT = 100_000_000_00;
/** The bank's reference as the approve route accepts it. */
const SLIP_REF = /^[A-Za-z0-9-]{6,40}$/;

/**
 * Slips in review (docs/operators.md "Slips in review"): the slips the verifier gave no answer for, with the image
 * the member sent. Finance and admin approve one (the amount and the bank's reference read from the image, credited
 * once) or reject it with a reason code of §4, which the member sees translated; support sees the queue only.
 * The other statuses are there to look a slip up.
 */
export function SlipsScreen({ operator }: OperatorScreenProps) {
  const { t } = useTranslation('wallet-ops');
  const [status, setStatus] = useState<SlipStatus>('PROCESSING');
  const queue = useQueue(useCallback(() => queuesApi.slips(status, SLIP_LIMIT), [status]));
  const [approving, setApproving] = useState<QueuedSlip>();
  const [rejecting, setRejecting] = useState<QueuedSlip>();
  const decider = canDecide(operator.role);
  const open = status === 'PROCESSING';
  const actions = decider && open;

  const settled = (slip: QueuedSlip, decision: SlipDecision) => {
    queue.setRows((rows) => rows.filter((row) => row.id !== slip.id));
    if (decision.status === 'SUCCESS')
      toast.success(t('slips.approved', { amount: money(decision.amount), member: slip.username }));
    // Approved with a reference credited already: the server makes the slip FAILED and credits nothing.
    else if (decision.note === 'SLIP_REFNO_DUPLICATED' && decision.slipRef !== null)
      toast.warning(t('slips.duplicate', { ref: decision.slipRef }));
    else toast.success(t('slips.rejected', { member: slip.username }));
  };

  return (
    <div className="wops-screen">
      <h1 id="wops-title">{t('slips.title')}</h1>
      <p className="wops-intro">{t('slips.intro')}</p>
      {!decider && <ReadOnlyNote>{t('slips.readOnly')}</ReadOnlyNote>}
      <div className="wops-filters">
        <SelectField
          label={t('slips.show')}
          value={status}
          onValueChange={(value) => setStatus(value as SlipStatus)}
          options={STATUSES.map((s) => ({ value: s, label: t(`slips.status.${s}`) }))}
          fieldClassName="wops-filter"
        />
        <Button variant="secondary" size="sm" onClick={queue.reload} disabled={queue.loading}>
          {t('refresh')}
        </Button>
      </div>
      <DelayedLoader active={queue.loading} variant="inline" label={t('loading')} />
      {queue.error && (
        <p className="wops-error" role="alert">
          {queue.error}{' '}
          <Button variant="ghost" size="sm" onClick={queue.reload}>
            {t('retry')}
          </Button>
        </p>
      )}
      {!queue.loading && !queue.error && queue.rows.length === 0 && (
        <p className="wops-empty">{t(open ? 'slips.empty' : 'slips.none')}</p>
      )}
      {queue.rows.length > 0 && (
        <div className="wops-table-wrap">
          <table className="wops-table">
            <caption className="wl-visually-hidden">{t(`slips.status.${status}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('slips.col.time')}</th>
                <th scope="col">{t('slips.col.member')}</th>
                <th scope="col">{t('slips.col.amount')}</th>
                <th scope="col">{t('slips.col.ref')}</th>
                <th scope="col">{t('slips.col.image')}</th>
                {!open && <th scope="col">{t('slips.col.result')}</th>}
                {actions && <th scope="col">{t('actions')}</th>}
              </tr>
            </thead>
            <tbody>
              {queue.rows.map((slip) => (
                <tr key={slip.id} data-testid={`slip-${slip.id}`}>
                  <td data-label={t('slips.col.time')}>{formatDateTime(slip.createdAt)}</td>
                  <th scope="row" data-label={t('slips.col.member')}>
                    {slip.username}
                  </th>
                  <td data-label={t('slips.col.amount')} className="wops-num">
                    {slip.amount > 0 ? money(slip.amount) : t('slips.noAmount')}
                  </td>
                  <td data-label={t('slips.col.ref')}>
                    {slip.slipRef ?? <span className="wops-muted">{t('slips.noRef')}</span>}
                    <div className="wops-muted wops-small">{slip.reference}</div>
                  </td>
                  <td data-label={t('slips.col.image')}>
                    <SlipImage slip={slip} />
                  </td>
                  {!open && (
                    <td data-label={t('slips.col.result')}>
                      {slip.status === 'SUCCESS'
                        ? t('slips.status.SUCCESS')
                        : slip.note
                          ? t(`reasons.${slip.note}`, { defaultValue: slip.note })
                          : t('slips.status.FAILED')}
                    </td>
                  )}
                  {actions && (
                    <td data-label={t('actions')} className="wops-actions">
                      <Button size="sm" onClick={() => setApproving(slip)}>
                        {t('slips.approve')}
                        <span className="wl-visually-hidden">
                          {' '}
                          {t('forMember', { member: slip.username })}
                        </span>
                      </Button>
                      <Button size="sm" variant="danger" onClick={() => setRejecting(slip)}>
                        {t('slips.reject')}
                        <span className="wl-visually-hidden">
                          {' '}
                          {t('forMember', { member: slip.username })}
                        </span>
                      </Button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {queue.rows.length >= SLIP_LIMIT && (
        <p className="wops-muted">{t('newestOnly', { limit: SLIP_LIMIT })}</p>
      )}
      {approving && (
        <ApproveDialog
          slip={approving}
          onClose={() => setApproving(undefined)}
          onDone={(decision) => {
            setApproving(undefined);
            settled(approving, decision);
          }}
        />
      )}
      {rejecting && (
        <RejectDialog
          slip={rejecting}
          onClose={() => setRejecting(undefined)}
          onDone={(decision) => {
            setRejecting(undefined);
            settled(rejecting, decision);
          }}
        />
      )}
    </div>
  );
}

/** The slip's image through its signed link (valid a few minutes: Refresh gives new links), opening full size. */
function SlipImage({ slip }: { slip: QueuedSlip }) {
  const { t } = useTranslation('wallet-ops');
  const [broken, setBroken] = useState(false);
  const label = t('slips.imageOf', { member: slip.username });
  if (broken) return <span className="wops-muted wops-small">{t('slips.imageExpired')}</span>;
  return (
    <a href={slip.link} target="_blank" rel="noopener noreferrer" className="wops-thumb">
      <img src={slip.link} alt={label} loading="lazy" onError={() => setBroken(true)} />
      <span className="wl-visually-hidden">{t('newTab')}</span>
    </a>
  );
}

interface DialogProps {
  slip: QueuedSlip;
  onClose: () => void;
  onDone: (decision: SlipDecision) => void;
}

/**
 * Approving credits money, so the operator types what the image says (the amount, prefilled with what the member
 * declared, and the bank's reference), then confirms the figures once more.
 */
function ApproveDialog({ slip, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('wallet-ops');
  const scale = siteScale();
  const [amount, setAmount] = useState(slip.amount > 0 ? formatMoney(slip.amount, scale) : '');
  const [slipRef, setSlipRef] = useState(slip.slipRef ?? '');
  const [errors, setErrors] = useState<{ amount?: string; slipRef?: string }>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const minor = toMinorUnits(amount, scale);
    const ref = slipRef.trim();
    const found = {
      amount: minor === null || minor <= 0 || minor > MAX_AMOUNT ? t('slips.form.amountInvalid') : undefined,
      slipRef: SLIP_REF.test(ref) ? undefined : t('slips.form.refInvalid'),
    };
    setErrors(found);
    if (found.amount || found.slipRef || minor === null) return;
    const sure = await confirm({
      title: t('slips.confirmTitle'),
      body: t('slips.confirmApprove', { amount: money(minor), member: slip.username, ref }),
      confirmLabel: t('slips.approve'),
    });
    if (!sure) return;
    setBusy(true);
    setFailure(undefined);
    try {
      onDone(await queuesApi.approveSlip(slip.id, { amount: minor, slipRef: ref }));
    } catch (error) {
      setFailure(decisionError(error, 'slip'));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!busy}
      title={t('slips.approveTitle', { member: slip.username })}
      size="lg"
      data-testid="slip-approve"
    >
      <form className="wops-form wops-slip-form" onSubmit={submit} noValidate>
        <a href={slip.link} target="_blank" rel="noopener noreferrer" className="wops-slip-large">
          <img src={slip.link} alt={t('slips.imageOf', { member: slip.username })} />
          <span className="wl-visually-hidden">{t('newTab')}</span>
        </a>
        <div className="wops-form__fields">
          <p>{t('slips.approveHelp')}</p>
          <FormField
            label={t('slips.form.amount')}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onValueChange={setAmount}
            error={errors.amount}
            required
          />
          <FormField
            label={t('slips.form.ref')}
            autoComplete="off"
            spellCheck={false}
            value={slipRef}
            onValueChange={setSlipRef}
            error={errors.slipRef}
            hint={t('slips.form.refHint')}
            required
          />
          {failure && (
            <p className="wops-error" role="alert">
              {failure}
            </p>
          )}
          <div className="wops-form__buttons">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button type="submit" busy={busy}>
              {t('slips.approve')}
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  );
}

/** Rejecting sends one reason code of §4; the hint shows the words the member will read. */
function RejectDialog({ slip, onClose, onDone }: DialogProps) {
  const { t } = useTranslation('wallet-ops');
  const { t: te } = useTranslation('errors');
  const [reason, setReason] = useState<SlipReason | ''>('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason === '') {
      setError(t('slips.form.reasonMissing'));
      return;
    }
    setError(undefined);
    setBusy(true);
    setFailure(undefined);
    try {
      onDone(await queuesApi.rejectSlip(slip.id, reason));
    } catch (failed) {
      setFailure(decisionError(failed, 'slip'));
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!busy}
      title={t('slips.rejectTitle', { member: slip.username })}
      data-testid="slip-reject"
    >
      <form className="wops-form" onSubmit={submit} noValidate>
        <p>
          {slip.amount > 0 ? money(slip.amount) : t('slips.noAmount')} · {formatDateTime(slip.createdAt)}
        </p>
        <SelectField
          label={t('slips.form.reason')}
          placeholder={t('slips.form.reasonPlaceholder')}
          value={reason}
          onValueChange={(value) => {
            setReason(value as SlipReason);
            setError(undefined);
          }}
          options={SLIP_REASONS.map((code) => ({ value: code, label: t(`reasons.${code}`) }))}
          error={error}
          hint={reason ? t('slips.form.memberSees', { text: te(`slip.${reason}`) }) : undefined}
          required
        />
        {failure && (
          <p className="wops-error" role="alert">
            {failure}
          </p>
        )}
        <div className="wops-form__buttons">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {t('slips.reject')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
