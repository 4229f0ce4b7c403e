import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A page whose code is fetched when a route first renders it, or earlier with `preload`. */
export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Fetches the page's code (once; again after a failure). */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` over `load` (an `import()` of the page's module), which can also be fetched ahead: the bootstrap
 * preloads the pages of the first route before the first render, and a page whose code is already here renders
 * in that first commit, without a Suspense fallback (React.lazy takes a thenable that answers at once).
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: { default: ComponentType } | undefined;
  let loading: Promise<void> | undefined;
  const preload = (): Promise<void> =>
    (loading ??= load().then(
      (component) => {
        loaded = { default: component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const answered = (module: { default: ComponentType }): Promise<{ default: ComponentType }> =>
    ({
      then: (resolve: (value: { default: ComponentType }) => unknown) => resolve(module),
    }) as unknown as Promise<{ default: ComponentType }>;
  const Page = lazy(() =>
    loaded ? answered(loaded) : preload().then(() => loaded as { default: ComponentType }),
  );
  return Object.assign(Page, { preload });
}
