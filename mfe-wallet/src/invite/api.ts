import { get, post, withIdempotencyKey } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

export type InviteList = ApiData<'/api/invite', 'post'>;
export type InviteEntry = InviteList['invites'][number];

export const inviteApi = {
  list: (page: number, limit: number) => post<InviteList>('/api/invite', { page, limit }),
  /** Receives the unclaimed invite bonus into the wallet. */
  receive: (idempotencyKey?: string) =>
    get<ApiData<'/api/invite/bonus', 'get'>>('/api/invite/bonus', withIdempotencyKey(idempotencyKey)),
  banners: () => get<ApiData<'/api/invite/banners', 'get'>>('/api/invite/banners'),
};
