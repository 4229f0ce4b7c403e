import { get, put } from '@wallet/shared';
import type { ApiBody, ApiData } from '@wallet/api-types';

export type Profile = ApiData<'/api/account/profile', 'get'>;

export const profileApi = {
  profile: () => get<Profile>('/api/account/profile'),
  /** Returns a fresh token: the server revokes every other session of the member. */
  changePassword: (oldPassword: string, newPassword: string) =>
    put<ApiData<'/api/account/changepwd', 'put'>>('/api/account/changepwd', {
      oldPassword,
      newPassword,
    } satisfies ApiBody<'/api/account/changepwd', 'put'>),
};
