import { get, post, withIdempotencyKey } from '@wallet/shared';
import type { Banner } from '../banners/api';

export interface InviteEntry {
  from: { name: string };
  amount: number;
  createdAt: string;
}

export const inviteApi = {
  list: (page: number, limit: number) =>
    post<{ invites: InviteEntry[]; total: number }>('/api/invite', { page, limit }),
  /** Receives the unclaimed invite bonus into the wallet. */
  receive: (idempotencyKey?: string) =>
    get<{ amount: number; message: string }>('/api/invite/bonus', withIdempotencyKey(idempotencyKey)),
  banners: () => get<Banner[]>('/api/invite/banners'),
};
