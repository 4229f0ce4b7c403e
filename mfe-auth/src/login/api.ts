import { post } from '@wallet/shared';

export interface LoginResponse {
  token: string;
}

export const loginApi = {
  login: (username: string, password: string) => post<LoginResponse>('/api/login', { username, password }),
};
