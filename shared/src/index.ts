// The public surface of @wallet/shared: the contract every front-end part builds on.
export { bus, EventBus } from './bus/bus';
export type { BusEvents, BusEventName, ToastKind, WalletChangeReason } from './bus/events';
export { buildConfig, APP_VERSION, type BuildConfig } from './config';
export {
  session$,
  getSession,
  getToken,
  hasToken,
  setSession,
  replaceToken,
  clearSession,
  TOKEN_KEY,
  type Session,
} from './auth/session';
export {
  i18n,
  setLocale,
  currentLocale,
  isLocale,
  defaultLocale,
  htmlLang,
  LOCALE_STORAGE_KEY,
  LOCALE_COOKIE,
} from './i18n/i18n';
export { LOCALES, NAMESPACES, resources, type Locale, type Namespace, type Catalog } from './i18n/locales';
export {
  http,
  createHttpClient,
  toApiError,
  get,
  post,
  put,
  del,
  upload,
  HTTP_TIMEOUT_MS,
  UPLOAD_TIMEOUT_MS,
  CLIENT_HEADER,
  CLIENT_HEADER_VALUE,
} from './http/client';
export { ApiError, isApiError, translateErrorCode, SIGN_IN_AGAIN_CODES, GONE_CODE } from './http/api-error';
export * from './api/types';
export { lookupApi } from './api/lookup';
export { accountApi, otpApi } from './api/account';
export { walletApi, remotesApi } from './api/wallet';
export {
  createRemoteParcel,
  type RemoteParcelProps,
  type RemoteParcelOptions,
  type RemoteCatalogs,
  registerCatalogs,
} from './parcel/create-remote-parcel';
export { UnavailablePanel, type UnavailablePanelProps } from './parcel/unavailable-panel';
export * from './ui';
export * from './format';
/**
 * The page's router and i18n hooks, for the remotes. React Router and react-i18next are not shared modules of
 * their own: each remote parcel's `BrowserRouter` and `I18nextProvider` are created here, so a remote must use
 * the hooks of this same copy (a copy of its own would not see those contexts). The build checks it.
 */
export {
  Link,
  NavLink,
  Navigate,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  type LinkProps,
  type NavLinkProps,
} from 'react-router-dom';
export { useTranslation } from 'react-i18next';
export { newIdempotencyKey, withIdempotencyKey, IDEMPOTENCY_HEADER } from './http/idempotency';
export * from './api/money';
