import { get, post } from '@wallet/shared';
import type { ApiData } from '@wallet/api-types';

/** `GET /api/spinwheel/fairness`: the next spin's commitment and the member's revealed seeds. */
export type Fairness = ApiData<'/api/spinwheel/fairness', 'get'>;
export type Commitment = Fairness['current'];
/** `POST /api/spinwheel/draws`: one page of the member's spins, newest first. */
export type DrawPage = ApiData<'/api/spinwheel/draws', 'post'>;
/** One past spin with what recomputes it (`serverSeed` is `null` until its seed is revealed). */
export type Draw = DrawPage['draws'][number];

/** Spins a page of the verify list. */
export const DRAWS_PAGE_SIZE = 10;

/** What the server accepts as a client seed: 1 to 64 of A-Z a-z 0-9 _ - (docs/spin.md). */
export const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

export const verifyApi = {
  fairness: () => get<Fairness>('/api/spinwheel/fairness'),
  /** Reveals the current server seed and commits to a new one; without `clientSeed` the server picks one. */
  rotate: (clientSeed?: string) =>
    post<Fairness>('/api/spinwheel/fairness/rotate', clientSeed === undefined ? {} : { clientSeed }),
  draws: (page: number, limit = DRAWS_PAGE_SIZE) => post<DrawPage>('/api/spinwheel/draws', { page, limit }),
};
