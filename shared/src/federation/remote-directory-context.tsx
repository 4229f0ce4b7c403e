import { createContext, useContext, type ReactNode } from 'react';
import { createRemoteDirectory, type RemoteDirectory } from './registry';

const RemoteDirectoryContext = createContext<RemoteDirectory>(createRemoteDirectory([]));

export function RemoteDirectoryProvider({
  directory,
  children,
}: {
  directory: RemoteDirectory;
  children: ReactNode;
}) {
  return <RemoteDirectoryContext.Provider value={directory}>{children}</RemoteDirectoryContext.Provider>;
}

/** The remotes the operator enabled for this page load. */
export function useRemoteDirectory(): RemoteDirectory {
  return useContext(RemoteDirectoryContext);
}
