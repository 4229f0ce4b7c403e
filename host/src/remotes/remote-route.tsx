import { NotFoundPage } from '../pages/not-found-page';
import { RemoteSlot } from './remote-slot';
import { useRemoteDirectory } from './remote-directory-context';
import { remoteNameOf, type RemoteModuleId } from './registry';

/** A page owned by a remote. A disabled remote's pages do not exist for this page load: they are a 404. */
export function RemoteRoute({ module }: { module: RemoteModuleId }) {
  const directory = useRemoteDirectory();
  if (!directory.isEnabled(remoteNameOf(module))) return <NotFoundPage />;
  return <RemoteSlot module={module} className="host-page" />;
}
