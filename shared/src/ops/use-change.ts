import { useCallback, useState } from 'react';
// eslint-disable-next-line no-restricted-imports -- the page's one instance (see ./form.tsx), not another part
import { confirm, toast, toastError } from '@wallet/shared';

export interface Change<R> {
  /** Asked first (a dialog the operator confirms); the change is not made when they cancel. */
  ask?: Parameters<typeof confirm>[0];
  call: () => Promise<R>;
  /** The toast once made (translated by the caller). */
  done: (result: R) => string;
  /** A refusal handled by the screen (shown at its place); else it is toasted. */
  refused?: (error: unknown) => void;
}

/**
 * The confirm flow of the console's one-click changes (a row's switch, disable, reset, release...): ask, make the
 * change while `busy` names it (one at a time), then the toast, or the refusal. `run` tells whether it was made.
 */
export function useConsoleChange(): {
  busy: string | undefined;
  run: <R>(name: string, change: Change<R>) => Promise<R | undefined>;
} {
  const [busy, setBusy] = useState<string>();
  const run = useCallback(async <R>(name: string, { ask, call, done, refused }: Change<R>) => {
    if (ask && !(await confirm(ask))) return undefined;
    setBusy(name);
    try {
      const result = await call();
      toast.success(done(result));
      return result;
    } catch (error) {
      if (refused) refused(error);
      else toastError(error);
      return undefined;
    } finally {
      setBusy(undefined);
    }
  }, []);
  return { busy, run };
}
