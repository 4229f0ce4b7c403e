/**
 * The HTTP API's types, generated from the server's route schemas (`openapi.ts`, `npm run api:types`), and the
 * few helpers a part needs to name a route's shapes. Types only: every import of this package is `import type`
 * (ESLint refuses a value import and the webpack builds refuse to bundle it), so it is erased at build time and
 * couples no two parts at run time.
 *
 *   type Wallet = ApiData<'/api/wallet', 'get'>;                  // the `data` of `{ code: 'SUCCESS', data }`
 *   type TransferBody = ApiBody<'/api/wallet/transfer', 'post'>;  // the JSON request body
 */
import type { paths } from './openapi';

export type { paths } from './openapi';

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';

/** Every route path of the API (`/api/wallet`, `/api/qrcode/{channel}`, …). */
export type ApiPath = keyof paths;

/** The methods a path answers. */
export type ApiMethod<P extends ApiPath> = {
  [M in Method]: paths[P][M] extends { responses: unknown } ? M : never;
}[Method];

type Operation<P extends ApiPath, M extends ApiMethod<P>> = NonNullable<paths[P][M]>;

/** The JSON body of the route's 200 answer. */
export type ApiResponse<P extends ApiPath, M extends ApiMethod<P>> =
  Operation<P, M> extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;

/** The payload of the success envelope `{ code: 'SUCCESS', data }`: what the shared HTTP client resolves to. */
export type ApiData<P extends ApiPath, M extends ApiMethod<P>> =
  ApiResponse<P, M> extends { code: 'SUCCESS'; data: infer D } ? D : never;

/** The JSON request body of the route. */
export type ApiBody<P extends ApiPath, M extends ApiMethod<P>> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The error body `{ code, message, operationId? }` of every 4xx and 5xx answer. */
export type ApiErrorBody = import('./openapi').components['schemas']['def-0'];
