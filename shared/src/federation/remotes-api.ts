import { get } from '../http/client';

/** One entry of `/remotes.json`: which remotes exist, where their manifests are, whether the operator enabled them. */
export interface RemoteDescriptor {
  name: string;
  folder: string;
  entry: string;
  enabled: boolean;
}

export interface RemotesDocument {
  remotes: RemoteDescriptor[];
}

/** The operator's list of remotes; served by the server, never cached. Only the registry (registry.ts) calls it. */
export const remotesApi = {
  list: () => get<RemotesDocument>('/remotes.json', { headers: { 'Cache-Control': 'no-cache' } }),
};
