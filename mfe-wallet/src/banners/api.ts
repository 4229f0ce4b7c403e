import type { ApiData } from '@wallet/api-types';

/** A promotion banner of the invite or refund pages: an image and server html (sanitized when shown). */
export type Banner = ApiData<'/api/invite/banners', 'get'>[number];
