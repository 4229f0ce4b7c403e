// eslint-disable-next-line no-restricted-imports -- the page's one instance (see ./form.tsx), not another part
import { Button } from '@wallet/shared';

/**
 * A read that failed, on every console screen: the translated reason, announced, and one way on (retry the read,
 * or back to the list), its label from the caller's namespace.
 */
export function LoadFailed({
  message,
  actionLabel,
  onAction,
}: {
  message: string;
  actionLabel: string;
  onAction: () => void;
}) {
  return (
    <div className="wl-ops-failed" role="alert">
      <p className="wl-ops-error">{message}</p>
      <Button variant="secondary" onClick={onAction}>
        {actionLabel}
      </Button>
    </div>
  );
}
