import { get } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';
import type { GameAccount } from '../common/wallet-api';

export type GameCredentials = ApiData<'/api/wallet/account/{code}', 'get'>;

const enc = encodeURIComponent;

export const gamesApi = {
  activate: (code: string) => get<GameAccount>(`/api/wallet/activate/${enc(code)}`),
  credentials: (code: string) => get<GameCredentials>(`/api/wallet/account/${enc(code)}`),
  resetPassword: (code: string) =>
    get<ApiData<'/api/wallet/resetpassword/{code}', 'get'>>(`/api/wallet/resetpassword/${enc(code)}`),
  autoLogin: (provider: string, username: string, password?: string) =>
    get<ApiData<'/api/autoLogin/{provider}/{username}', 'get'>>(
      `/api/autoLogin/${enc(provider)}/${enc(username)}${password ? `/${enc(password)}` : ''}`,
    ),
};
