import { get } from '@wallet/shared';
import type { GameAccount } from '../home/api';

export interface GameCredentials {
  username: string;
  password: string;
  event?: Record<string, string>;
}

const enc = encodeURIComponent;

export const gamesApi = {
  activate: (code: string) => get<GameAccount>(`/api/wallet/activate/${enc(code)}`),
  credentials: (code: string) => get<GameCredentials>(`/api/wallet/account/${enc(code)}`),
  resetPassword: (code: string) => get<GameCredentials>(`/api/wallet/resetpassword/${enc(code)}`),
  autoLogin: (provider: string, username: string, password?: string) =>
    get<{ link: string }>(
      `/api/autoLogin/${enc(provider)}/${enc(username)}${password ? `/${enc(password)}` : ''}`,
    ),
};
