import { useCallback, useEffect, useRef, useState } from 'react';
import { pageQueryClient, useRead } from '@wallet/shared/query';
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
  /** The latest wallet read failed (the home says so when there is nothing to show). */
  failed: boolean;
  /** Game balances are being re-read from the providers (first load, refresh-all). */
  refreshing: boolean;
  lastSync: string | null;
  reload: () => Promise<void>;
  /** Re-reads every game balance, then the wallet. */
  refreshAll: () => Promise<void>;
}

/** The wallet read's key in the page's query cache. */
export const WALLET_SNAPSHOT_KEY = ['wallet', 'snapshot'];

/**
 * The home's wallet, read with `useRead` (`followsWallet`: read again whenever `wallet:changed` is announced
 * anywhere on the page; only the newest read's answer is shown). On first load it is read at once and every game
 * account is refreshed, then it is read again (spec §2).
 */
export function useWalletSnapshot(): WalletSnapshotState {
  const read = useRead({ key: WALLET_SNAPSHOT_KEY, read: () => homeApi.wallet(), followsWallet: true });
  const [refreshing, setRefreshing] = useState(true);
  const [storedSync] = useState<string | null>(() => readLastSync());
  const live = useRef(true);

  // An answer that shows what is shown already (a re-read after the games' refresh, a push that changed nothing
  // here) keeps the shown object: the home and its game cards do not render again for it.
  const [snapshot, setSnapshot] = useState<WalletSnapshot>();
  if (read.data && read.data !== snapshot && !(snapshot && sameSnapshot(snapshot, read.data)))
    setSnapshot(read.data);
  const lastSync = read.data?.updatedAt || storedSync;
  useEffect(() => {
    if (read.data?.updatedAt) storeLastSync(read.data.updatedAt);
  }, [read.data?.updatedAt]);

  // A read still under way is cancelled first: its answer may predate what this read is for (TanStack Query would
  // otherwise let a first read in flight stand for this one).
  const reload = useCallback(async () => {
    const client = pageQueryClient();
    await client.cancelQueries({ queryKey: WALLET_SNAPSHOT_KEY });
    await client.refetchQueries({ queryKey: WALLET_SNAPSHOT_KEY });
  }, []);

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
    // First load (spec §2): every game account refreshed behind the delayed loader, then the wallet read again.
    // The wallet is also read at once, beside the refresh (the read above): the main balance is the ledger's own
    // and shows without waiting for the providers; the games show their last known balances until the read after
    // the refresh.
    homeApi
      .refreshSlots()
      .catch(() => undefined)
      .then(() => {
        if (!live.current) return undefined;
        setRefreshing(false);
        return reload();
      });
    return () => {
      live.current = false;
    };
  }, [reload]);

  return { snapshot, failed: read.failed, refreshing, lastSync, reload, refreshAll };
}
