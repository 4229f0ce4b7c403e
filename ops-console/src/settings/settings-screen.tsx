import { DelayedLoader, useTranslation } from '@wallet/shared';
import { OPS_KEYS, opsApi, type Setting } from '../api';
import { errorText } from '../errors';
import { LoadFailed, useConsoleChange, useConsoleRead } from '@wallet/shared/ops';

const REMOTE_KEY = /^remote\.([a-z0-9-]+)\.enabled$/;

/** Turning these off changes what every member sees at once: the console asks first. */
const ASK_BEFORE_OFF = new Set(['service.active']);

/** The operator settings (admin): one switch each, saved at once, used by members' pages on their next load. */
export function SettingsScreen() {
  const { t } = useTranslation('ops');
  const list = useConsoleRead(OPS_KEYS.settings, () => opsApi.settings(), { errorText });
  const settings = list.data;
  const { busy: saving, run } = useConsoleChange();

  const label = (key: string): string => {
    const remote = REMOTE_KEY.exec(key);
    if (remote) return t('settings.remote', { folder: remote[1] });
    return t(`settings.keys.${key}`, { defaultValue: key });
  };

  const change = (key: string, value: boolean) =>
    run(key, {
      ask:
        !value && ASK_BEFORE_OFF.has(key)
          ? {
              title: label(key),
              body: t('settings.confirmOff'),
              danger: true,
              confirmLabel: t('settings.turnOff'),
            }
          : undefined,
      call: () => opsApi.setSetting(key, value),
      done: () => {
        list.update((current) => current.map((s) => (s.key === key ? { ...s, value } : s)));
        return value
          ? t('settings.turnedOn', { name: label(key) })
          : t('settings.turnedOff', { name: label(key) });
      },
    });

  const site = settings?.filter((s) => !REMOTE_KEY.test(s.key)) ?? [];
  const remotes = settings?.filter((s) => REMOTE_KEY.test(s.key)) ?? [];

  const group = (title: string, list: Setting[]) => (
    <fieldset className="ops-group">
      <legend>{title}</legend>
      <ul className="ops-toggles">
        {list.map((setting) => {
          const id = `ops-setting-${setting.key.replace(/[^a-z0-9-]/gi, '-')}`;
          return (
            <li key={setting.key} className="ops-toggle">
              <input
                id={id}
                type="checkbox"
                role="switch"
                checked={setting.value}
                disabled={saving !== undefined}
                aria-busy={saving === setting.key || undefined}
                onChange={(event) => void change(setting.key, event.target.checked)}
              />
              <label htmlFor={id}>{label(setting.key)}</label>
              <code className="ops-key">{setting.key}</code>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );

  return (
    <section className="ops-screen" aria-labelledby="ops-screen-title">
      <h1 id="ops-screen-title">{t('menu.settings')}</h1>
      <p className="ops-notice" role="note">
        {t('settings.nextLoad')}
      </p>
      {list.error ? (
        <LoadFailed message={list.error} actionLabel={t('retry')} onAction={list.retry} />
      ) : !settings ? (
        <DelayedLoader active variant="inline" label={t('loading')} />
      ) : (
        <>
          {group(t('settings.site'), site)}
          {group(t('settings.remotes'), remotes)}
        </>
      )}
    </section>
  );
}
