import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface LookupState<T> {
  data: T | undefined;
  failed: boolean;
}

/**
 * Loads a lookup once per language: lookup content (how-to titles, contact text) comes in the language the
 * client asks for, so a language change loads it again. `load` must be a stable function (e.g. `lookupApi.info`).
 */
export function useLookup<T>(load: () => Promise<T>): LookupState<T> {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const [state, setState] = useState<LookupState<T>>({ data: undefined, failed: false });

  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ data, failed: false }),
      () => live && setState((prev) => ({ data: prev.data, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [load, language]);

  return state;
}
