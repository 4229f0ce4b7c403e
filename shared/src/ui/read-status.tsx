import { Button } from './button';
import { DelayedLoader } from './delayed-loader';
import { useCommonT } from './use-common-t';

export interface ReadStatusProps {
  /** Nothing to show yet and a request is under way: the delayed loader (spec §9: after 200 ms). */
  loading: boolean;
  /** The read failed and nothing is shown in its place: the failure note, with a retry button if `onRetry`. */
  failed: boolean;
  /** The failure note; defaults to common's "Could not load this." */
  message?: string;
  /** Reads again (a `useRead`'s `refetch`); without it the note has no button. */
  onRetry?: () => void;
  className?: string;
}

/**
 * The loading and failure states of a read, drawn the same way everywhere: the inline delayed loader while it
 * loads, and once it failed a note (`role="alert"`) with an optional "Try again". Reads whose failure the spec
 * keeps silent (§8: deposit lookup, agreements, profile, statements, bonus, invite and refund lists) pass
 * `failed={false}`: only the loader goes away.
 */
export function ReadStatus({ loading, failed, message, onRetry, className }: ReadStatusProps) {
  const t = useCommonT();
  if (failed)
    return (
      <div className={['wl-read-failed', className].filter(Boolean).join(' ')} role="alert">
        <p>{message ?? t('status.loadFailed')}</p>
        {onRetry && (
          <Button variant="secondary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        )}
      </div>
    );
  return <DelayedLoader active={loading} variant="inline" />;
}
