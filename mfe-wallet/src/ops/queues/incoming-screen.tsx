import { useId, useState, type FormEvent } from 'react';
import {
  Button,
  confirm,
  formatAccountNo,
  formatDateTime,
  FormField,
  Modal,
  toast,
  useTranslation,
} from '@wallet/shared';
import { QUEUE_KEYS, queuesApi, type Incoming, type IncomingOutcome, type MemberMatch } from './api';
import { canDecide, failureText, money, type OperatorScreenProps } from './common';
import { Failure, QueueScreen, useDecisionRequest } from './queue';
import './queues.css';

export const INCOMING_LIMIT = 100;
/** The outcomes that credited nothing and wait for an operator; '' asks the server for all of them at once. */
const WAITING: readonly IncomingOutcome[] = [
  'UNMATCHED',
  'REFUSED_EXPIRED',
  'REFUSED_CANCELLED',
  'REFUSED_AMOUNT',
  'REFUSED_UNKNOWN_QR',
  'REFUSED_PAID',
];
/** A member search needs this many characters (the server's minimum). */
const QUERY_MIN = 2;

/**
 * Deliveries that credited nothing (docs/operators.md): bank transfers from an account no member registered and
 * channel payments refused (expired, cancelled, unknown or already paid QR, another amount). Finance and admin give
 * one to a member, found by phone, name or bank account: credited once, the delivery marked ASSIGNED. Support
 * sees the list only.
 */
export function IncomingScreen({ operator }: OperatorScreenProps) {
  const { t } = useTranslation('wallet-ops');
  const [outcome, setOutcome] = useState<IncomingOutcome | ''>('');
  const decider = canDecide(operator.role);

  return (
    <QueueScreen<Incoming, 'assign'>
      readKey={QUEUE_KEYS.incoming(outcome || undefined)}
      load={() => queuesApi.incoming(outcome || undefined, INCOMING_LIMIT)}
      limit={INCOMING_LIMIT}
      title={t('incoming.title')}
      intro={t('incoming.intro')}
      readOnly={!decider && t('incoming.readOnly')}
      filter={{
        label: t('incoming.show'),
        value: outcome,
        onValueChange: (value) => setOutcome(value as IncomingOutcome | ''),
        options: [
          { value: '', label: t('incoming.all') },
          ...WAITING.map((o) => ({ value: o, label: t(`incoming.outcome.${o}`) })),
        ],
      }}
      caption={t('incoming.title')}
      empty={t('incoming.empty')}
      testId="incoming"
      columns={[
        { label: t('incoming.col.time'), cell: (row) => formatDateTime(row.createdAt) },
        {
          label: t('incoming.col.source'),
          rowHeader: true,
          cell: (row) => <SourceLabel source={row.source} />,
        },
        { label: t('incoming.col.amount'), className: 'wl-ops-num', cell: (row) => money(row.amount) },
        {
          label: t('incoming.col.outcome'),
          cell: (row) => t(`incoming.outcome.${row.outcome}`, { defaultValue: row.outcome }),
        },
        { label: t('incoming.col.from'), cell: (row) => <From row={row} /> },
        { label: t('incoming.col.txid'), className: 'wops-small wops-break', cell: (row) => row.txid },
      ]}
      actions={
        decider &&
        ((row, choose) => (
          <Button size="sm" onClick={() => choose('assign')}>
            {t('incoming.assign')}
            <span className="wl-visually-hidden"> {row.txid}</span>
          </Button>
        ))
      }
      dialog={({ row, close, settled }) => (
        <AssignDialog
          delivery={row}
          onClose={close}
          onDone={(member) => {
            settled();
            toast.success(t('incoming.assigned', { amount: money(row.amount), member: member.username }));
          }}
        />
      )}
    />
  );
}

function SourceLabel({ source }: { source: string }) {
  const { t } = useTranslation('wallet-ops');
  if (source === 'bank') return <>{t('incoming.source.bank')}</>;
  const channel = source.startsWith('payment:') ? source.slice('payment:'.length) : source;
  return <>{t('incoming.source.payment', { channel })}</>;
}

/** Where the money came from: the sending account of a bank transfer, or the QR a channel payment was for. */
function From({ row }: { row: Incoming }) {
  const { t } = useTranslation('wallet-ops');
  if (row.fromAccountNo)
    return (
      <>
        {row.fromBankCode ?? ''} {formatAccountNo(row.fromAccountNo)}
      </>
    );
  if (row.qrcodeId)
    return <span className="wops-small wops-break">{t('incoming.qr', { id: row.qrcodeId })}</span>;
  return null;
}

interface AssignProps {
  delivery: Incoming;
  onClose: () => void;
  onDone: (member: MemberMatch) => void;
}

/**
 * The assign route takes a member id: the operator finds the member first (phone, name or bank account, the
 * console's member search), picks one of the matches, then confirms the credit.
 */
function AssignDialog({ delivery, onClose, onDone }: AssignProps) {
  const { t } = useTranslation('wallet-ops');
  const listId = useId();
  const [query, setQuery] = useState('');
  const [queryError, setQueryError] = useState<string>();
  const [matches, setMatches] = useState<MemberMatch[]>();
  const [searching, setSearching] = useState(false);
  const [chosen, setChosen] = useState<MemberMatch>();
  const { busy, failure, setFailure, send } = useDecisionRequest('assign');

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q.length < QUERY_MIN) {
      setQueryError(t('incoming.form.queryShort', { min: QUERY_MIN }));
      return;
    }
    setQueryError(undefined);
    setFailure(undefined);
    setSearching(true);
    setChosen(undefined);
    try {
      const found = await queuesApi.searchMembers(q);
      setMatches(found);
      if (found.length === 1) setChosen(found[0]);
    } catch (error) {
      setFailure(failureText(error, t('loadFailed')));
    } finally {
      setSearching(false);
    }
  };

  const assign = async () => {
    if (!chosen) return;
    const sure = await confirm({
      title: t('incoming.confirmTitle'),
      body: t('incoming.confirmAssign', {
        amount: money(delivery.amount),
        member: chosen.username,
        name: chosen.name,
      }),
      confirmLabel: t('incoming.assign'),
    });
    if (!sure) return;
    await send(
      () => queuesApi.assignIncoming(delivery.id, chosen.id),
      () => onDone(chosen),
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!busy}
      title={t('incoming.assignTitle', { amount: money(delivery.amount) })}
      data-testid="incoming-assign"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button onClick={() => void assign()} disabled={!chosen} busy={busy}>
            {t('incoming.assign')}
          </Button>
        </>
      }
    >
      <p>
        <SourceLabel source={delivery.source} /> · {formatDateTime(delivery.createdAt)} ·{' '}
        {t(`incoming.outcome.${delivery.outcome}`, { defaultValue: delivery.outcome })}
      </p>
      <form className="wops-search" onSubmit={search} noValidate role="search">
        <FormField
          label={t('incoming.form.query')}
          hint={t('incoming.form.queryHint')}
          value={query}
          onValueChange={setQuery}
          error={queryError}
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" busy={searching}>
          {t('incoming.form.search')}
        </Button>
      </form>
      {matches && matches.length === 0 && (
        <p className="wops-empty" role="status">
          {t('incoming.form.noMatch')}
        </p>
      )}
      {matches && matches.length > 0 && (
        <fieldset className="wops-matches">
          <legend id={listId}>{t('incoming.form.choose')}</legend>
          {matches.map((member) => (
            <label key={member.id} className="wops-match">
              <input
                type="radio"
                name={`${listId}-member`}
                value={member.id}
                checked={chosen?.id === member.id}
                onChange={() => setChosen(member)}
              />
              <span>
                <strong>{member.username}</strong> {member.name}
                <span className="wops-muted wops-small">
                  {' '}
                  · {member.bankCode} {formatAccountNo(member.bankAccountNo)}
                  {member.status !== 'active' ? ` · ${t('incoming.form.inactive')}` : ''}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      <Failure text={failure} />
    </Modal>
  );
}
