import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { mountRootParcel, patchHistoryApi, type ParcelConfigObject } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { ToastViewport } from '@wallet/shared';
import login from '../expose/login';
import profile from '../expose/profile';
import register from '../expose/register';

/**
 * Mounts this remote's exposed parcels the way the host does, so the team can work without the host. Each
 * parcel opens at its own route; the API is proxied by the dev server.
 */
const modules: Record<string, { config: ParcelConfigObject; path: string }> = {
  Login: { config: login, path: '/login' },
  Register: { config: register, path: '/register' },
  Profile: { config: profile, path: '/user/profile' },
};

patchHistoryApi({ urlRerouteOnly: true });

function Harness() {
  const names = Object.keys(modules);
  const [current, setCurrent] = useState(names[0] ?? '');
  const entry = modules[current];
  const open = (name: string) => {
    const target = modules[name];
    if (target) window.history.pushState({}, '', target.path);
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
      </nav>
      {entry && (
        <Parcel
          key={current}
          config={entry.config}
          mountParcel={mountRootParcel}
          remoteModule={`mfe_auth/${current}`}
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
