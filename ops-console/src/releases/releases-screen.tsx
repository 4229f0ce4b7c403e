import { useState, type FormEvent } from 'react';
import {
  Button,
  confirm,
  DelayedLoader,
  formatDateTime,
  isApiError,
  SelectField,
  toast,
  useTranslation,
} from '@wallet/shared';
import { OPS_KEYS, opsApi, type ReleaseRecord, type RemoteReleases } from '../api';
import { errorText } from '../errors';
import { invalidateConsoleReads, LoadFailed, OpsTable, useConsoleRead } from '@wallet/shared/ops';

/**
 * Why the server refused a release or a rollback. Its 400 KEY_INVALID names every problem of the build (a shared
 * singleton the host does not satisfy, a module the host loads and the build lacks), but the ApiError of
 * @wallet/shared carries the catalogue's translation of the code, not that text: the console says what the code
 * means here.
 */
function refusalReason(error: unknown, t: (key: string) => string): string {
  if (!isApiError(error) || error.code !== 'KEY_INVALID') return errorText(error);
  return error.detail ? `${t('releases.doesNotFit')} ${error.detail}` : t('releases.doesNotFit');
}

/**
 * The version a rollback would make active, as the server picks it (docs/releases.md, "Rollback"): the latest
 * release before the active one that was not rolled back; null: the remote's own build. Undefined: nothing is
 * released, so there is nothing to roll back.
 */
export function rollbackTarget(remote: RemoteReleases): string | null | undefined {
  if (remote.active === null) return undefined;
  const at = remote.history.findIndex((record) => record.active);
  const earlier = remote.history.slice(at + 1).find((record) => record.rolledBackAt === null);
  return earlier?.version ?? null;
}

/** The last time a version was released, if it ever was (the history is newest first). */
const lastRelease = (remote: RemoteReleases, version: string): ReleaseRecord | undefined =>
  remote.history.find((record) => record.version === version);

/** A refused release or rollback, kept at its remote until the next action there. */
interface Refusal {
  folder: string;
  /** What was refused ("mfe-wallet 2.4.0 was not released"). */
  what: string;
  reason: string;
}

function RemoteSection({
  remote,
  busy,
  refusal,
  onRelease,
  onRollback,
}: {
  remote: RemoteReleases;
  busy: string | undefined;
  refusal: Refusal | undefined;
  /** Resolves true when the version went live. */
  onRelease: (version: string) => Promise<boolean>;
  onRollback: () => void;
}) {
  const { t } = useTranslation('ops');
  const [version, setVersion] = useState('');
  const [missing, setMissing] = useState(false);
  const { folder } = remote;
  const ownBuild = t('releases.ownBuild');
  const target = rollbackTarget(remote);
  const titleId = `ops-release-${folder}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!version) {
      setMissing(true);
      return;
    }
    // Once live, the version is no longer a choice to make: the picker starts empty again.
    void onRelease(version).then((live) => live && setVersion(''));
  };

  const optionLabel = (stored: string) => {
    if (stored === remote.active) return t('releases.optionActive', { version: stored });
    const last = lastRelease(remote, stored);
    return last
      ? t('releases.optionReleased', { version: stored, at: formatDateTime(last.releasedAt) })
      : t('releases.optionNew', { version: stored });
  };

  return (
    <section className="ops-group ops-release" aria-labelledby={titleId}>
      <h2 id={titleId} className="ops-release__title">
        {folder}
      </h2>
      <p>
        {t('releases.active')}{' '}
        <strong data-testid={`ops-active-${folder}`}>{remote.active ?? ownBuild}</strong>
      </p>
      {remote.stored.length === 0 ? (
        <p className="ops-hint">{t('releases.noneStored')}</p>
      ) : (
        <form className="ops-inline-form" onSubmit={submit} noValidate>
          <SelectField
            id={`${titleId}-version`}
            label={t('releases.version')}
            placeholder={t('releases.chooseVersion')}
            required
            value={version}
            error={missing && !version ? t('releases.chooseFirst') : undefined}
            options={remote.stored.map((stored) => ({ value: stored, label: optionLabel(stored) }))}
            onValueChange={setVersion}
          />
          <Button type="submit" busy={busy === `release:${folder}`} disabled={busy !== undefined}>
            {t('releases.release')}
          </Button>
        </form>
      )}
      <div className="ops-actions">
        <Button
          variant="secondary"
          busy={busy === `rollback:${folder}`}
          disabled={busy !== undefined || target === undefined}
          onClick={onRollback}
        >
          {t('releases.rollback')}
        </Button>
        <span className="ops-hint">
          {target === undefined
            ? t('releases.nothingToRollBack')
            : t('releases.rollbackTo', { version: target ?? ownBuild })}
        </span>
      </div>
      {refusal && (
        <div className="ops-refusal" role="alert">
          <p className="wl-ops-error">{refusal.what}</p>
          <p className="ops-refusal__reason">{refusal.reason}</p>
        </div>
      )}
      {remote.history.length > 0 && (
        <details className="ops-history">
          <summary>{t('releases.history', { n: remote.history.length })}</summary>
          <OpsTable
            caption={t('releases.historyCaption', { folder })}
            columns={[
              t('releases.version'),
              t('releases.releasedBy'),
              t('releases.releasedAt'),
              t('releases.state'),
            ]}
          >
            {remote.history.map((record, index) => (
              <tr key={`${record.version}-${record.releasedAt}-${index}`}>
                <td>
                  <code>{record.version}</code>
                </td>
                <td>{record.releasedBy}</td>
                <td>{formatDateTime(record.releasedAt)}</td>
                <td>
                  {record.active
                    ? t('releases.stateActive')
                    : record.rolledBackAt
                      ? t('releases.stateRolledBack', {
                          name: record.rolledBackBy ?? '',
                          at: formatDateTime(record.rolledBackAt),
                        })
                      : t('releases.stateEarlier')}
                </td>
              </tr>
            ))}
          </OpsTable>
        </details>
      )}
    </section>
  );
}

/** Remote releases (admin): each remote's live version, releasing a stored one, rolling back (docs/releases.md). */
export function ReleasesScreen() {
  const { t } = useTranslation('ops');
  const list = useConsoleRead(OPS_KEYS.releases, () => opsApi.releases(), { errorText });
  const remotes = list.data;
  const [busy, setBusy] = useState<string>();
  const [refusal, setRefusal] = useState<Refusal>();

  /** Runs a confirmed change; a refusal stays at its remote, in the server's words; the list is read again. */
  const act = async (key: string, folder: string, what: string, call: () => Promise<string>) => {
    setBusy(key);
    setRefusal(undefined);
    try {
      toast.success(await call());
      return true;
    } catch (error) {
      setRefusal({ folder, what, reason: refusalReason(error, t) });
      return false;
    } finally {
      await invalidateConsoleReads(OPS_KEYS.releases);
      setBusy(undefined);
    }
  };

  const release = async (remote: RemoteReleases, version: string) => {
    const { folder } = remote;
    const sure = await confirm({
      title: t('releases.releaseTitle', { folder }),
      body: t('releases.releaseBody', { folder, version, active: remote.active ?? t('releases.ownBuild') }),
      confirmLabel: t('releases.release'),
    });
    if (!sure) return false;
    return act(`release:${folder}`, folder, t('releases.notReleased', { folder, version }), async () => {
      await opsApi.release(folder, version);
      return t('releases.released', { folder, version });
    });
  };

  const rollback = async (remote: RemoteReleases) => {
    const { folder } = remote;
    const target = rollbackTarget(remote);
    if (target === undefined) return;
    const ownBuild = t('releases.ownBuild');
    const sure = await confirm({
      title: t('releases.rollbackTitle', { folder }),
      body: t('releases.rollbackBody', { folder, from: remote.active ?? ownBuild, to: target ?? ownBuild }),
      confirmLabel: t('releases.rollback'),
      danger: true,
    });
    if (!sure) return;
    await act(`rollback:${folder}`, folder, t('releases.notRolledBack', { folder }), async () => {
      const change = await opsApi.rollback(folder);
      return t('releases.rolledBack', { folder, version: change.version ?? ownBuild });
    });
  };

  return (
    <section className="ops-screen" aria-labelledby="ops-screen-title">
      <h1 id="ops-screen-title">{t('menu.releases')}</h1>
      <p className="ops-notice" role="note">
        {t('releases.nextLoad')}
      </p>
      {list.error ? (
        <LoadFailed message={list.error} actionLabel={t('retry')} onAction={list.retry} />
      ) : !remotes ? (
        <DelayedLoader active variant="inline" label={t('loading')} />
      ) : (
        remotes.map((remote) => (
          <RemoteSection
            key={remote.folder}
            remote={remote}
            busy={busy}
            refusal={refusal?.folder === remote.folder ? refusal : undefined}
            onRelease={(version) => release(remote, version)}
            onRollback={() => void rollback(remote)}
          />
        ))
      )}
    </section>
  );
}
