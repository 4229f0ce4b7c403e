// The standalone development page of a remote (`npm run dev -w <remote>`): mounts the remote's exposed parcels the
// way the host does, so a team can work without the host. Dev builds only; never part of a production bundle.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { mountRootParcel, patchHistoryApi, type ParcelConfigObject } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { LanguageSwitcher, ToastViewport } from '@wallet/shared';

export interface HarnessModule {
  config: ParcelConfigObject;
  /** Route the parcel expects (its own router reads the URL); the harness navigates there when it is chosen. */
  path?: string;
}

/**
 * Renders the harness into `#root`: one button per exposed module, the language switcher, the chosen parcel and the
 * toast viewport. Sign in through the host (or put a token in localStorage `token`) for member pages; the dev
 * server proxies the API.
 */
export function mountDevHarness(remote: string, modules: Record<string, HarnessModule>): void {
  patchHistoryApi({ urlRerouteOnly: true });
  const names = Object.keys(modules);

  function Harness() {
    const [current, setCurrent] = useState(names[0] ?? '');
    const entry = modules[current];
    const open = (name: string) => {
      const path = modules[name]?.path;
      if (path) window.history.pushState({}, '', path);
      setCurrent(name);
    };
    return (
      <>
        <nav>
          {names.map((name) => (
            <button key={name} type="button" onClick={() => open(name)} disabled={name === current}>
              {name}
            </button>
          ))}
          <LanguageSwitcher compact />
        </nav>
        {entry && (
          <Parcel
            key={current}
            config={entry.config}
            mountParcel={mountRootParcel}
            remoteModule={`${remote}/${current}`}
            onClose={() => open(names[0] ?? '')}
          />
        )}
        <ToastViewport />
      </>
    );
  }

  const container = document.getElementById('root');
  if (container) {
    createRoot(container).render(
      <StrictMode>
        <Harness />
      </StrictMode>,
    );
  }
}
