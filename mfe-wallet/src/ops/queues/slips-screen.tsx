import { useState, type FormEvent } from 'react';
import {
  Button,
  confirm,
  formatAccountNo,
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
  QUEUE_KEYS,
  queuesApi,
  SLIP_REASONS,
  type QueuedSlip,
  type SlipDecision,
  type SlipReason,
  type SlipStatus,
} from './api';
import { canDecide, money, siteScale, type OperatorScreenProps } from './common';
import { Failure, QueueScreen, useDecisionRequest } from './queue';
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
  const decider = canDecide(operator.role);
  const open = status === 'PROCESSING';

  const announce = (slip: QueuedSlip, decision: SlipDecision) => {
    if (decision.status === 'SUCCESS')
      toast.success(t('slips.approved', { amount: money(decision.amount), member: slip.username }));
    // Approved with a reference credited already: the server makes the slip FAILED and credits nothing.
    else if (decision.note === 'SLIP_REFNO_DUPLICATED' && decision.slipRef !== null)
      toast.warning(t('slips.duplicate', { ref: decision.slipRef }));
    else toast.success(t('slips.rejected', { member: slip.username }));
  };

  return (
    <QueueScreen<QueuedSlip, 'approve' | 'reject'>
      readKey={QUEUE_KEYS.slips(status)}
      load={() => queuesApi.slips(status, SLIP_LIMIT)}
      limit={SLIP_LIMIT}
      title={t('slips.title')}
      titleId="wops-title"
      intro={t('slips.intro')}
      readOnly={!decider && t('slips.readOnly')}
      filter={{
        label: t('slips.show'),
        value: status,
        onValueChange: (value) => setStatus(value as SlipStatus),
        options: STATUSES.map((s) => ({ value: s, label: t(`slips.status.${s}`) })),
      }}
      caption={t(`slips.status.${status}`)}
      empty={t(open ? 'slips.empty' : 'slips.none')}
      testId="slip"
      columns={[
        { label: t('slips.col.time'), cell: (slip) => formatDateTime(slip.createdAt) },
        {
          label: t('slips.col.member'),
          rowHeader: true,
          cell: (slip) => (
            <>
              {slip.username}
              <div className="wops-muted wops-small">
                <span className="wl-visually-hidden">{t('slips.memberAccount')}: </span>
                <MemberAccount slip={slip} />
              </div>
            </>
          ),
        },
        {
          label: t('slips.col.amount'),
          className: 'wl-ops-num',
          cell: (slip) => (slip.amount > 0 ? money(slip.amount) : t('slips.noAmount')),
        },
        {
          label: t('slips.col.ref'),
          cell: (slip) => (
            <>
              {slip.slipRef ?? <span className="wops-muted">{t('slips.noRef')}</span>}
              <div className="wops-muted wops-small">{slip.reference}</div>
            </>
          ),
        },
        { label: t('slips.col.image'), cell: (slip) => <SlipImage slip={slip} /> },
        !open && {
          label: t('slips.col.result'),
          cell: (slip) =>
            slip.status === 'SUCCESS'
              ? t('slips.status.SUCCESS')
              : slip.note
                ? t(`reasons.${slip.note}`, { defaultValue: slip.note })
                : t('slips.status.FAILED'),
        },
      ]}
      actions={
        decider &&
        open &&
        ((slip, choose) => (
          <>
            <Button size="sm" onClick={() => choose('approve')}>
              {t('slips.approve')}
              <span className="wl-visually-hidden"> {t('forMember', { member: slip.username })}</span>
            </Button>
            <Button size="sm" variant="danger" onClick={() => choose('reject')}>
              {t('slips.reject')}
              <span className="wl-visually-hidden"> {t('forMember', { member: slip.username })}</span>
            </Button>
          </>
        ))
      }
      dialog={({ row, action, close, settled }) => {
        const Dialog = action === 'approve' ? ApproveDialog : RejectDialog;
        return (
          <Dialog
            slip={row}
            onClose={close}
            onDone={(decision) => {
              settled();
              announce(row, decision);
            }}
          />
        );
      }}
    />
  );
}

/** The member's registered bank account, which the slip must be sent from (else it is NOT_MATCH). */
function MemberAccount({ slip }: { slip: QueuedSlip }) {
  const { code, accountNo, accountName } = slip.memberBank;
  return (
    <span className="wops-account">
      <span className="wops-account__no">
        {code} {formatAccountNo(accountNo)}
      </span>{' '}
      · {accountName}
    </span>
  );
}

/** The same, in a decision's dialog: what to compare the slip's sender with. */
function MustComeFrom({ slip }: { slip: QueuedSlip }) {
  const { t } = useTranslation('wallet-ops');
  return (
    <p className="wops-slip-from">
      {t('slips.mustComeFrom')} <MemberAccount slip={slip} />.{' '}
      {t('slips.otherAccount', { reason: t('reasons.NOT_MATCH') })}
    </p>
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
  const { busy, failure, send } = useDecisionRequest('slip');

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
    if (sure) await send(() => queuesApi.approveSlip(slip.id, { amount: minor, slipRef: ref }), onDone);
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
          <MustComeFrom slip={slip} />
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
          <Failure text={failure} />
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
  const { busy, failure, send } = useDecisionRequest('slip');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason === '') {
      setError(t('slips.form.reasonMissing'));
      return;
    }
    setError(undefined);
    await send(() => queuesApi.rejectSlip(slip.id, reason), onDone);
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
        <MustComeFrom slip={slip} />
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
        <Failure text={failure} />
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
