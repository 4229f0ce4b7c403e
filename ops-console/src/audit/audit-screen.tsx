import { useCallback, useEffect, useState } from 'react';
import { Button, DelayedLoader, formatDateTime, useTranslation } from '@wallet/shared';
import { opsApi, type AuditEntry } from '../api';
import { errorText } from '../errors';

export const AUDIT_PAGE = 50;

function json(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value, null, 1);
}

/** The audit log (admin), newest first; older entries page in with `before` (the last id shown). */
export function AuditScreen() {
  const { t } = useTranslation('ops');
  const [entries, setEntries] = useState<AuditEntry[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string>();
  const [more, setMore] = useState(false);

  const fetchPage = useCallback((before?: number) => {
    opsApi.audit({ limit: AUDIT_PAGE, ...(before !== undefined ? { before } : {}) }).then(
      (page) => {
        setEntries((current) => (before === undefined ? page : [...current, ...page]));
        setMore(page.length === AUDIT_PAGE);
        setLoading(false);
      },
      (failure: unknown) => {
        setError(errorText(failure));
        setLoading(false);
      },
    );
  }, []);
  useEffect(() => fetchPage(), [fetchPage]);
  const load = (before?: number) => {
    setLoading(true);
    setError(undefined);
    fetchPage(before);
  };

  const last = entries[entries.length - 1];

  return (
    <section className="ops-screen" aria-labelledby="ops-screen-title">
      <h1 id="ops-screen-title">{t('menu.audit')}</h1>
      {entries.length > 0 && (
        <div className="ops-table-wrap">
          <table className="ops-table">
            <caption className="wl-visually-hidden">{t('audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.at')}</th>
                <th scope="col">{t('audit.actor')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.change')}</th>
                <th scope="col">{t('audit.ip')}</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
      {!loading && !error && entries.length === 0 && <p>{t('audit.empty')}</p>}
      {error && (
        <p className="ops-error" role="alert">
          {error}
        </p>
      )}
      <DelayedLoader active={loading} variant="inline" label={t('loading')} />
      {!loading && (more || error) && (
        <Button variant="secondary" onClick={() => load(last?.id)}>
          {error ? t('retry') : t('audit.older')}
        </Button>
      )}
    </section>
  );
}
