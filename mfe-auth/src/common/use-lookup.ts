import { useEffect, useState } from 'react';
import { toastError } from '@wallet/shared';

/** Loads a lookup list once per mount (banks, sources); empty until it arrives, a failure is toasted. */
export function useLookup<T>(load: () => Promise<T[]>): T[] {
  const [items, setItems] = useState<T[]>([]);
  useEffect(() => {
    let live = true;
    load().then(
      (value) => {
        if (live) setItems(value);
      },
      (error: unknown) => {
        if (live) toastError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [load]);
  return items;
}
