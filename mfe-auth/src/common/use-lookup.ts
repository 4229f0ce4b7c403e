import { useEffect } from 'react';
import { toastError } from '@wallet/shared';
import { useRead } from '@wallet/shared/query';

const NONE: never[] = [];

/**
 * A lookup list (banks, sources), read once per page and shared by every screen that asks for the same `name`;
 * empty until it arrives, a failure is toasted.
 */
export function useLookup<T>(name: string, load: () => Promise<T[]>): T[] {
  const { data, error } = useRead({ key: ['auth', 'lookup', name], read: load });
  useEffect(() => {
    if (error) toastError(error);
  }, [error]);
  return data ?? NONE;
}
