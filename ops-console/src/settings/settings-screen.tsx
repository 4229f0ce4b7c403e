import { useCallback, useEffect, useState } from 'react';
import { confirm, DelayedLoader, toast, toastError, useTranslation } from '@wallet/shared';
import { opsApi, type Setting } from '../api';
import { errorText } from '../errors';
import { LoadFailed } from '../shell/load-failed';

const REMOTE_KEY = /^remote\.([a-z0-9-]+)\.enabled$/;

/** Turning these off changes what every member sees at once: the console asks first. */
const ASK_BEFORE_OFF = new Set(['service.active']);

/** The operator settings (admin): one switch each, saved at once, used by members' pages on their next load. */
export function SettingsScreen() {
  const { t } = useTranslation('ops');
  const [settings, setSettings] = useState<Setting[]>();
  const [loadError, setLoadError] = useState<string>();
  const [saving, setSaving] = useState<string>();

  const fetchSettings = useCallback(
    () => opsApi.settings().then(setSettings, (error: unknown) => setLoadError(errorText(error))),
    [],
  );
  useEffect(() => {
    void fetchSettings();
  }, [fetchSettings]);
  const retry = () => {
    setLoadError(undefined);
    void fetchSettings();
  };

  const label = (key: string): string => {
    const remote = REMOTE_KEY.exec(key);
    if (remote) return t('settings.remote', { folder: remote[1] });
    return t(`settings.keys.${key}`, { defaultValue: key });
  };

  const change = async (key: string, value: boolean) => {
    if (!value && ASK_BEFORE_OFF.has(key)) {
      const sure = await confirm({
        title: label(key),
        body: t('settings.confirmOff'),
        danger: true,
        confirmLabel: t('settings.turnOff'),
      });
      if (!sure) return;
    }
    setSaving(key);
    try {
      await opsApi.setSetting(key, value);
      setSettings((current) => current?.map((s) => (s.key === key ? { ...s, value } : s)));
      toast.success(
        value ? t('settings.turnedOn', { name: label(key) }) : t('settings.turnedOff', { name: label(key) }),
      );
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(undefined);
    }
  };

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
      {loadError ? (
        <LoadFailed message={loadError} onRetry={retry} />
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
