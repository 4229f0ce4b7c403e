import { NotFoundPage } from '../pages/not-found-page';
import { RemoteSlot, remoteNameOf, useRemoteDirectory, type RemoteModuleId } from '@wallet/shared/federation';

/** A page owned by a remote. A disabled remote's pages do not exist for this page load: they are a 404. */
export function RemoteRoute({ module }: { module: RemoteModuleId }) {
  const directory = useRemoteDirectory();
  if (!directory.isEnabled(remoteNameOf(module))) return <NotFoundPage />;
  return <RemoteSlot module={module} className="host-page" />;
}
