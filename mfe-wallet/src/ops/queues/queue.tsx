import { useState, type ComponentProps, type ReactNode } from 'react';
import { Button, DelayedLoader, SelectField, useTranslation } from '@wallet/shared';
import { OpsTable, useConsoleRead, type ConsoleKey } from '@wallet/shared/ops';
import { decisionError, failureText, ReadOnlyNote } from './common';

type Row = { id: string | number };

/** A column of a queue's table: its header, and what each row shows under it. */
export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** The column that names the row (`<th scope="row">`). */
  rowHeader?: boolean;
  className?: string;
}

/**
 * A queue's table, nothing while the list is empty. A column given as `false` is left out (one the operator's role
 * or the list's status has no use for). Each row is `data-testid="<testId>-<id>"`.
 */
export function QueueTable<T extends Row>(props: {
  caption: string;
  columns: (Column<T> | false)[];
  rows: T[];
  testId: string;
}) {
  const columns = props.columns.filter((column): column is Column<T> => column !== false);
  if (props.rows.length === 0) return null;
  return (
    <OpsTable cards caption={props.caption} columns={columns.map((column) => column.label)}>
      {props.rows.map((row) => (
        <tr key={row.id} data-testid={`${props.testId}-${row.id}`}>
          {columns.map(({ label, cell, rowHeader, className }, index) =>
            rowHeader ? (
              <th key={index} scope="row" data-label={label} className={className}>
                {cell(row)}
              </th>
            ) : (
              <td key={index} data-label={label} className={className}>
                {cell(row)}
              </td>
            ),
          )}
        </tr>
      ))}
    </OpsTable>
  );
}

interface QueueScreenProps<T extends Row, A extends string> {
  /** The list's key in the page's query cache, with the filter: another filter is another list, read anew. */
  readKey: ConsoleKey;
  /** Reads the list of `readKey`. */
  load: () => Promise<T[]>;
  /** The most rows `load` asks for: a list that long says it shows the newest only. */
  limit: number;
  title: string;
  titleId?: string;
  intro: string;
  /** The note for a role that may look but not decide, `false` for one that decides. */
  readOnly: string | false;
  filter: Pick<ComponentProps<typeof SelectField>, 'label' | 'value' | 'options' | 'onValueChange'>;
  caption: string;
  empty: string;
  testId: string;
  columns: (Column<T> | false)[];
  /** The buttons of a row's Actions column (none without this); `choose` opens that decision's dialog. */
  actions?: false | ((row: T, choose: (action: A) => void) => ReactNode);
  /** The dialog of `action` on `row`; `settled` (the decision went through) closes it and drops the row. */
  dialog: (open: { row: T; action: A; close: () => void; settled: () => void }) => ReactNode;
}

/**
 * An operator queue (slips in review, deliveries that credited nothing): a list narrowed by one filter, refreshed
 * on demand, whose rows an operator decides on in a dialog; a row decided on leaves the list.
 */
export function QueueScreen<T extends Row, A extends string>(props: QueueScreenProps<T, A>) {
  const { t } = useTranslation('wallet-ops');
  const queue = useQueue(props.readKey, props.load);
  const [chosen, setChosen] = useState<{ row: T; action: A }>();
  const { actions } = props;
  const close = () => setChosen(undefined);

  return (
    <div className="wops-screen">
      <h1 id={props.titleId}>{props.title}</h1>
      <p className="wops-intro">{props.intro}</p>
      {props.readOnly && <ReadOnlyNote>{props.readOnly}</ReadOnlyNote>}
      <div className="wops-filters">
        <SelectField {...props.filter} fieldClassName="wops-filter" />
        <Button variant="secondary" size="sm" onClick={() => void queue.reload()} disabled={queue.loading}>
          {t('refresh')}
        </Button>
      </div>
      <DelayedLoader active={queue.loading} variant="inline" label={t('loading')} />
      {queue.error && (
        <p className="wl-ops-error" role="alert">
          {queue.error}{' '}
          <Button variant="ghost" size="sm" onClick={() => void queue.reload()}>
            {t('retry')}
          </Button>
        </p>
      )}
      {!queue.loading && !queue.error && queue.rows.length === 0 && (
        <p className="wops-empty">{props.empty}</p>
      )}
      <QueueTable<T>
        caption={props.caption}
        rows={queue.rows}
        testId={props.testId}
        columns={[
          ...props.columns,
          !!actions && {
            label: t('actions'),
            className: 'wops-actions',
            cell: (row) => actions(row, (action) => setChosen({ row, action })),
          },
        ]}
      />
      {queue.rows.length >= props.limit && (
        <p className="wops-muted">{t('newestOnly', { limit: props.limit })}</p>
      )}
      {chosen &&
        props.dialog({
          ...chosen,
          close,
          settled: () => {
            close();
            queue.update((rows) => rows.filter((row) => row.id !== chosen.row.id));
          },
        })}
    </div>
  );
}

/**
 * A decision sent from a dialog: `busy` while it goes (and after, while the dialog closes); a refusal shows as
 * `failure` in this screen's words (`decisionError`) and leaves the dialog open to try again or cancel.
 */
export function useDecisionRequest(action: 'slip' | 'assign') {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const send = async <R,>(request: () => Promise<R>, onDone: (result: R) => void) => {
    setBusy(true);
    setFailure(undefined);
    try {
      onDone(await request());
    } catch (error) {
      setFailure(decisionError(error, action));
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, send };
}

/** A failed call's text, announced; nothing without one. */
export function Failure({ text }: { text: string | undefined }) {
  return text ? (
    <p className="wl-ops-error" role="alert">
      {text}
    </p>
  ) : null;
}

/**
 * A queue's list, read through the console kit under `key` (the filter is part of it: another filter shows nothing
 * until its own list is read), again on `reload` (the list shown stays, the loader shows). A failed read shows no
 * rows, only why.
 */
function useQueue<T>(key: ConsoleKey, load: () => Promise<T[]>) {
  const { t } = useTranslation('wallet-ops');
  const read = useConsoleRead(key, load, { errorText: (failure) => failureText(failure, t('loadFailed')) });
  const error = read.fetching ? undefined : read.error;
  return {
    rows: error === undefined ? (read.data ?? []) : [],
    update: read.update,
    loading: read.fetching,
    error,
    reload: read.reload,
  };
}
