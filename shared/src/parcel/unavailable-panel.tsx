import { useTranslation } from 'react-i18next';

export interface UnavailablePanelProps {
  /** Shown to operators in the markup, not to members. */
  remote: string;
  onRetry?: () => void;
}

/** What a member sees where a part of the site failed to load or crashed: a translated notice and a retry. */
export function UnavailablePanel({ remote, onRetry }: UnavailablePanelProps) {
  const { t } = useTranslation('common');
  return (
    <section className="wl-unavailable" role="alert" data-remote={remote}>
      <p className="wl-unavailable__title">{t('remote.unavailable')}</p>
      <button type="button" className="wl-btn" onClick={onRetry ?? (() => window.location.reload())}>
        {t('remote.retry')}
      </button>
    </section>
  );
}
