import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface LookupState<T> {
  data: T | undefined;
  failed: boolean;
}

/**
 * The shell's own first-paint lookups (the site's name, the chat widget flag), read once per language: lookup
 * content comes in the language the client asks for, so a language change loads it again. `load` must be a
 * stable function (e.g. `lookupApi.info`).
 *
 * Not through `@wallet/shared/query` (docs/architecture.md "Reads"): the shell paints these on /login, where
 * TanStack Query would take ≈ 12 KB of the page's 170 KB budget (docs/benchmarks.md, issue 36). The how-to page
 * uses it too (see howto-page.tsx). Other pages and the remotes read with `useRead`.
 */
export function useShellLookup<T>(load: () => Promise<T>): LookupState<T> {
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
