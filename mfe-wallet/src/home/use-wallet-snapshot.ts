import { useCallback, useEffect, useRef, useState } from 'react';
import { bus } from '@wallet/shared';
import { homeApi, type WalletSnapshot } from '../common/wallet-api';

/** Spec §3: the time of the last balance sync is kept in local storage under `last_sync`. */
export const LAST_SYNC_KEY = 'last_sync';

function storeLastSync(iso: string): void {
  try {
    localStorage.setItem(LAST_SYNC_KEY, iso);
  } catch {
    // Blocked storage: the time is still shown from memory.
  }
}

export function readLastSync(): string | null {
  try {
    return localStorage.getItem(LAST_SYNC_KEY);
  } catch {
    return null;
  }
}

/** Whether two wallet reads show the same thing: equal but for the time of the read (`updatedAt`). */
export function sameSnapshot(a: WalletSnapshot, b: WalletSnapshot): boolean {
  return JSON.stringify({ ...a, updatedAt: '' }) === JSON.stringify({ ...b, updatedAt: '' });
}

export interface WalletSnapshotState {
  snapshot: WalletSnapshot | undefined;
  /** The first load failed and there is nothing to show. */
  failed: boolean;
  /** Game balances are being re-read from the providers (first load, refresh-all). */
  refreshing: boolean;
  lastSync: string | null;
  reload: () => Promise<void>;
  /** Re-reads every game balance, then the wallet. */
  refreshAll: () => Promise<void>;
}

/**
 * The home's wallet: on first load it is read at once and every game account is refreshed, then it is read again
 * (spec §2); it is read again whenever `wallet:changed` is announced anywhere on the page. Only the newest read's
 * answer is shown.
 */
export function useWalletSnapshot(): WalletSnapshotState {
  const [snapshot, setSnapshot] = useState<WalletSnapshot | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [refreshing, setRefreshing] = useState(true);
  const [lastSync, setLastSync] = useState<string | null>(() => readLastSync());
  const live = useRef(true);

  /** The newest wallet read: an older answer that arrives after it is not shown. */
  const latest = useRef(0);

  /** Shows the answer of one wallet read, unless a newer read started meanwhile. */
  const settle = useCallback(async (read: number, answer: Promise<WalletSnapshot>) => {
    try {
      const next = await answer;
      if (!live.current || read !== latest.current) return;
      const at = next.updatedAt || new Date().toISOString();
      storeLastSync(at);
      setLastSync(at);
      // An answer that shows what is shown already (a re-read after the games' refresh, a push that changed
      // nothing here) keeps the shown object: the home and its game cards do not render again for it.
      setSnapshot((shown) => (shown && sameSnapshot(shown, next) ? shown : next));
      setFailed(false);
    } catch {
      if (live.current && read === latest.current) setFailed(true);
    }
  }, []);

  const reload = useCallback(() => settle((latest.current += 1), homeApi.wallet()), [settle]);

  const refreshAll = useCallback(async () => {
    setRefreshing(true);
    try {
      await homeApi.refreshSlots();
    } catch {
      // The wallet read below still shows the last known balances.
    }
    if (live.current) setRefreshing(false);
    await reload();
  }, [reload]);

  useEffect(() => {
    live.current = true;
    // First load (spec §2): every game account refreshed behind the delayed loader, then the wallet read. The
    // wallet is also read at once, beside the refresh: the main balance is the ledger's own and shows without
    // waiting for the providers; the games show their last known balances until the read after the refresh.
    const firstRead = (latest.current += 1);
    void settle(firstRead, homeApi.wallet());
    homeApi
      .refreshSlots()
      .catch(() => undefined)
      .then(() => {
        if (live.current) setRefreshing(false);
        return reload();
      });
    const subscription = bus.on('wallet:changed').subscribe(() => void reload());
    return () => {
      live.current = false;
      subscription.unsubscribe();
    };
  }, [reload, settle]);

  return { snapshot, failed, refreshing, lastSync, reload, refreshAll };
}
