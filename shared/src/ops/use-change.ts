import { useCallback, useState } from 'react';
// eslint-disable-next-line no-restricted-imports -- the page's one instance (see ./form.tsx), not another part
import { confirm, toast, toastError } from '@wallet/shared';
import { invalidateConsoleReads, type ConsoleKey } from './use-read';

export interface Change<R> {
  /** Asked first (a dialog the operator confirms); the change is not made when they cancel. */
  ask?: Parameters<typeof confirm>[0];
  call: () => Promise<R>;
  /** The toast once made (translated by the caller). */
  done: (result: R) => string;
  /** The reads the change makes stale (key prefixes): those on screen are read again once it is made. */
  invalidates?: readonly ConsoleKey[];
  /** A refusal handled by the screen (shown at its place); else it is toasted. */
  refused?: (error: unknown) => void;
}

/**
 * The confirm flow of the console's one-click changes (a row's switch, disable, reset, release...): ask, make the
 * change while `busy` names it (one at a time), then the reads it made stale are read again and the toast shows, or
 * the refusal. `run` answers what the change answered (undefined: not made).
 */
export function useConsoleChange(): {
  busy: string | undefined;
  run: <R>(name: string, change: Change<R>) => Promise<R | undefined>;
} {
  const [busy, setBusy] = useState<string>();
  const run = useCallback(async <R>(name: string, { ask, call, done, invalidates, refused }: Change<R>) => {
    if (ask && !(await confirm(ask))) return undefined;
    setBusy(name);
    try {
      const result = await call();
      if (invalidates) void invalidateConsoleReads(...invalidates);
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
