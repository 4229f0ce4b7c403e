import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, DelayedLoader, FormField, formatDateTime, useTranslation } from '@wallet/shared';
import { OpsTable, useConsolePages } from '@wallet/shared/ops';
import { OPS_KEYS, opsApi } from '../api';
import { errorText } from '../errors';

export const AUDIT_PAGE = 50;

/**
 * The actions the server writes (docs/operators.md "Audit log"), offered as suggestions for the filter; any other
 * text is sent as typed (a newer server may write more).
 */
export const AUDIT_ACTIONS = [
  'login.password',
  'login.totp',
  'login.recovery-code',
  'login.refused',
  'login.code-refused',
  'totp.enrolled',
  'logout',
  'password.change',
  'operator.create',
  'operator.status',
  'operator.reset-totp',
  'setting.set',
  'content.set',
  'reconcile',
  'bonus.save',
  'promotion.save',
  'wheel.save',
  'coins.grant',
  'wallet.adjust',
  'withdrawal.retry',
  'slip.approve',
  'slip.reject',
  'incoming.assign',
  'release.activate',
  'release.rollback',
] as const;

function json(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value, null, 1);
}

/**
 * The audit log (admin), newest first; older entries page in with `before` (the last id shown). Filtered by
 * operator and by action, both kept in the address (`?actor=&action=`), so a filtered view can be reloaded or
 * passed on.
 */
export function AuditScreen() {
  const { t } = useTranslation('ops');
  const [params, setParams] = useSearchParams();
  const actor = params.get('actor')?.trim() ?? '';
  const action = params.get('action')?.trim() ?? '';
  const [actorDraft, setActorDraft] = useState(actor);
  const [actionDraft, setActionDraft] = useState(action);
  const filter = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (actorDraft.trim()) next.set('actor', actorDraft.trim());
    if (actionDraft.trim()) next.set('action', actionDraft.trim());
    setParams(next);
  };
  const clear = () => {
    setActorDraft('');
    setActionDraft('');
    setParams(new URLSearchParams());
  };
  const filtered = actor !== '' || action !== '';

  return (
    <section className="ops-screen" aria-labelledby="ops-screen-title">
      <h1 id="ops-screen-title">{t('menu.audit')}</h1>
      <form className="ops-filters" role="search" aria-label={t('audit.filter')} onSubmit={filter}>
        <FormField
          id="ops-audit-actor"
          label={t('audit.actor')}
          value={actorDraft}
          maxLength={64}
          autoComplete="off"
          onValueChange={setActorDraft}
        />
        <FormField
          id="ops-audit-action"
          label={t('audit.action')}
          list="ops-audit-actions"
          value={actionDraft}
          maxLength={64}
          autoComplete="off"
          onValueChange={setActionDraft}
        />
        <datalist id="ops-audit-actions">
          {AUDIT_ACTIONS.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <Button type="submit" variant="secondary">
          {t('audit.apply')}
        </Button>
        {filtered && (
          <Button type="button" variant="ghost" onClick={clear}>
            {t('audit.clear')}
          </Button>
        )}
      </form>
      {/* A new filter is a new list: its own pages, from the newest. */}
      <AuditEntries key={`${actor}\n${action}`} actor={actor} action={action} filtered={filtered} />
    </section>
  );
}

/** The entries of one filter, newest first, older ones page by page. */
function AuditEntries({ actor, action, filtered }: { actor: string; action: string; filtered: boolean }) {
  const { t } = useTranslation('ops');
  const {
    rows: entries,
    loading,
    error,
    more,
    loadMore,
  } = useConsolePages(
    OPS_KEYS.audit(actor, action),
    (before: number | undefined) =>
      opsApi.audit({ limit: AUDIT_PAGE, actor, action, ...(before !== undefined ? { before } : {}) }),
    { pageSize: AUDIT_PAGE, cursorOf: (entry) => entry.id, errorText },
  );

  return (
    <>
      {entries.length > 0 && (
        <OpsTable
          caption={t('audit.caption')}
          columns={[
            t('audit.at'),
            t('audit.actor'),
            t('audit.action'),
            t('audit.target'),
            t('audit.change'),
            t('audit.ip'),
          ]}
        >
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{formatDateTime(entry.at)}</td>
              <td>
                {entry.actor} <span className="ops-role">{entry.role}</span>
              </td>
              <td>
                <code>{entry.action}</code>
              </td>
              <td>{entry.target ?? ''}</td>
              <td>
                {(json(entry.before) || json(entry.after)) && (
                  <details>
                    <summary>{t('audit.show')}</summary>
                    <dl className="ops-change">
                      <dt>{t('audit.before')}</dt>
                      <dd>
                        <pre>{json(entry.before)}</pre>
                      </dd>
                      <dt>{t('audit.after')}</dt>
                      <dd>
                        <pre>{json(entry.after)}</pre>
                      </dd>
                    </dl>
                  </details>
                )}
              </td>
              <td>{entry.ip ?? ''}</td>
            </tr>
          ))}
        </OpsTable>
      )}
      {!loading && !error && entries.length === 0 && (
        <p>{filtered ? t('audit.noMatch') : t('audit.empty')}</p>
      )}
      {error && (
        <p className="wl-ops-error" role="alert">
          {error}
        </p>
      )}
      <DelayedLoader active={loading} variant="inline" label={t('loading')} />
      {!loading && (more || error) && (
        <Button variant="secondary" onClick={loadMore}>
          {error ? t('retry') : t('audit.older')}
        </Button>
      )}
    </>
  );
}
