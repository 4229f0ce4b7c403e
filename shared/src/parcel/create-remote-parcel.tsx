import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import singleSpaReact from 'single-spa-react';
import type { ParcelConfigObject } from 'single-spa';
import { bus } from '../bus/bus';
import { addCatalogs, currentLocale, i18n, loadCatalogs, type CatalogSource } from '../i18n/i18n';
import type { Locale } from '../i18n/locales';
import { UnavailablePanel } from './unavailable-panel';

/** Props the host passes to every remote parcel. */
export interface RemoteParcelProps {
  /** Name of the remote module, e.g. `mfe_auth/Login`; used in error reports. */
  remoteModule?: string;
  /** Mounts the remote again (the host's slot passes it); without it, Retry reloads the page. */
  onRetry?: () => void;
}

/**
 * A part's own namespace of the catalogs (`<part>/src/locales/`), in every language, as its build has them: best a
 * loader per language (`() => import('./locales/th/auth.json')`, a chunk each, only the page's language fetched);
 * a catalog object is registered in every language at once. The shared package carries only `common` and `errors`.
 */
export interface RemoteCatalogs {
  /** `host`, `auth`, `wallet`, `bonus`, `spin` or `chat`. */
  ns: string;
  resources: Record<Locale, CatalogSource>;
}

export interface RemoteParcelOptions {
  /**
   * The remote's strings as of its own build, registered when the remote loads (its keys win over any copy already
   * registered), so a remote deployed alone ships its new texts without a host rebuild.
   */
  catalogs?: RemoteCatalogs;
  /**
   * Build id of the remote (its own `process.env.WALLET_BUILD_ID`, baked in at the remote's build time), shown as
   * `data-build` on the remote's root element so operators and tests can see which build of a remote is live.
   */
  build?: string;
}

/**
 * Wraps a remote's root component as a single-spa parcel: its own React root, the page's i18n instance, its own
 * router (kept in sync with the host's by single-spa's history patching) and an error boundary, so a crash
 * stays inside the remote and shows the translated "unavailable, retry" panel.
 */
export function createRemoteParcel<P extends object>(
  Component: ComponentType<P & RemoteParcelProps>,
  remote: string,
  options: RemoteParcelOptions = {},
): ParcelConfigObject<P & RemoteParcelProps> {
  const ns = options.catalogs?.ns;
  // Starts loading the page's language now (while the host resolves the rest); a failure shows when it mounts.
  if (options.catalogs) registerCatalogs(options.catalogs).catch(() => undefined);
  /** Set by the last mount: the remote's strings in the page's language could not be loaded. */
  let catalogsFailed = false;
  function Root(props: P & RemoteParcelProps) {
    if (catalogsFailed) return <UnavailableRoot remote={remote} onRetry={props.onRetry} />;
    return (
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <div className="wl-remote" data-remote={remote} data-build={options.build}>
            <Component {...props} />
          </div>
        </BrowserRouter>
      </I18nextProvider>
    );
  }
  Root.displayName = `Remote(${remote})`;

  const lifecycles = singleSpaReact<P & RemoteParcelProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    errorBoundary(error, _info, props) {
      bus.emit('remote:failed', { remote, error: error.message });
      return <UnavailableRoot remote={remote} onRetry={props.onRetry} />;
    },
  });
  // The remote's strings in the page's language are there before it renders (no keys on screen). When they cannot be
  // loaded (a missing chunk) the parcel shows the translated "unavailable, retry" panel instead and reports
  // `remote:failed`, as for a crash; the host's Retry mounts it again, which loads them again.
  const catalogsLoaded = async () => {
    if (ns === undefined) return;
    try {
      await loadCatalogs(currentLocale(), [ns]);
      catalogsFailed = false;
    } catch (error) {
      catalogsFailed = true;
      bus.emit('remote:failed', { remote, error: error instanceof Error ? error.message : String(error) });
    }
  };
  return {
    name: remote,
    ...lifecycles,
    mount: [catalogsLoaded, lifecycles.mount],
  } as ParcelConfigObject<P & RemoteParcelProps>;
}

function UnavailableRoot({ remote, onRetry }: { remote: string; onRetry?: () => void }) {
  return (
    <I18nextProvider i18n={i18n}>
      <UnavailablePanel remote={remote} onRetry={onRetry} />
    </I18nextProvider>
  );
}

/**
 * Registers a part's namespace (see RemoteCatalogs), deep-merged over any copy already registered, its keys winning.
 * Resolves when its strings in the page's language are loaded, rejects when they cannot be; a later language switch
 * (setLocale) loads that language's strings of every registered part before it switches.
 */
export function registerCatalogs({ ns, resources }: RemoteCatalogs): Promise<void> {
  return addCatalogs(ns, resources);
}
