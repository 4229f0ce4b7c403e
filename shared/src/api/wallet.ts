import { get } from '../http/client';
import type { RemotesDocument, WalletResponse } from './types';

export const walletApi = {
  wallet: () => get<WalletResponse>('/api/wallet'),
};

/** The operator's list of remotes; served by the server, never cached. */
export const remotesApi = {
  list: () => get<RemotesDocument>('/remotes.json', { headers: { 'Cache-Control': 'no-cache' } }),
};
