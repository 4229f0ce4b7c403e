import { post } from '@wallet/shared';
import type { ApiBody, ApiData } from '@wallet/api-types';

export type LoginResponse = ApiData<'/api/login', 'post'>;

export const loginApi = {
  login: (username: string, password: string) =>
    post<LoginResponse>('/api/login', { username, password } satisfies ApiBody<'/api/login', 'post'>),
};
