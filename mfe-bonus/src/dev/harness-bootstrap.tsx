import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { mountRootParcel, patchHistoryApi, type ParcelConfigObject } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { LanguageSwitcher, ToastViewport } from '@wallet/shared';
import bonus from '../expose/bonus';
import statement from '../expose/statement';
import conditions from '../expose/conditions';

/**
 * Mounts this remote's exposed parcels the way the host does, so the team can work without the host.
 * Sign in through the host (or put a token in localStorage `token`) for member pages; the API is proxied.
 */
const modules: Record<string, ParcelConfigObject> = {
  Bonus: bonus,
  Statement: statement,
  Conditions: conditions,
};

patchHistoryApi({ urlRerouteOnly: true });

function Harness() {
  const names = Object.keys(modules);
  const [current, setCurrent] = useState(names[0] ?? '');
  const config = modules[current];
  return (
    <>
      <nav>
        {names.map((name) => (
          <button key={name} type="button" onClick={() => setCurrent(name)} disabled={name === current}>
            {name}
          </button>
        ))}
        <LanguageSwitcher compact />
      </nav>
      {config && (
        <Parcel
          key={current}
          config={config}
          mountParcel={mountRootParcel}
          remoteModule={`mfe_bonus/${current}`}
          onClose={() => setCurrent(names[0] ?? '')}
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
