// The public surface of @wallet/shared: the contract every front-end part builds on. An explicit list, and only
// what a part uses (shared/src/index.test.ts checks that nothing listed here is unused): a feature's API calls
// and its strings live in the part that owns the feature, so changing them needs no host rebuild.

// Build flags
export { buildConfig, APP_VERSION } from './config';

// Event bus
export { bus } from './bus/bus';
export type { BusEvents, WalletChangeReason } from './bus/events';

// Session
export {
  session$,
  getSession,
  getToken,
  hasToken,
  setSession,
  replaceToken,
  clearSession,
} from './auth/session';

// The member's realtime channel (server pushes → bus events); the host starts it
export { startRealtime } from './realtime/realtime';

// HTTP client, errors, idempotency
export { http, get, post, put, del, UPLOAD_TIMEOUT_MS } from './http/client';
export { ApiError, isApiError, translateErrorCode } from './http/api-error';
export { newIdempotencyKey, withIdempotencyKey, IDEMPOTENCY_HEADER } from './http/idempotency';
export { takeMemberFacts, type MemberFacts } from './http/page-data';

// The operator API's client (cookie session), for the console and the remotes' operator screens
export { opsHttp, onOpsSignedOut } from './http/ops-client';

// i18n: the page's instance; each part registers its own namespace (registerCatalogs / createRemoteParcel)
export { htmlLang, i18n, i18nReady, setLocale } from './i18n/i18n';
export { useTranslation } from 'react-i18next';

// Remote parcels
export { createRemoteParcel, registerCatalogs, type RemoteCatalogs } from './parcel/create-remote-parcel';
export { UnavailablePanel } from './parcel/unavailable-panel';

/**
 * The page's router hooks, for the remotes. React Router is not a shared module of its own: each remote parcel's
 * `BrowserRouter` is created here, so a remote must use the hooks of this same copy (a copy of its own would not
 * see that context). The build checks it.
 */
export { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

// UI kit (its styles load with it)
export {
  Modal,
  useOpenModalCount,
  confirm,
  showAlert,
  toast,
  toastError,
  dismissToasts,
  ToastViewport,
  DelayedLoader,
  ReadStatus,
  Skeleton,
  SkeletonList,
  useAsyncAction,
  Button,
  FormField,
  SelectField,
  Checkbox,
  LanguageSwitcher,
  Pagination,
  pageCount,
  Carousel,
  CopyButton,
  copyText,
  Html,
} from './ui';

// Formatting
export {
  formatMoney,
  formatSignedMoney,
  statementSign,
  toMinorUnits,
  majorToMinor,
  currencyScale,
  formatDateTime,
  timeAgo,
  formatCountdown,
  formatAccountNo,
  normalizeAccountNo,
  bankName,
} from './format';
export type { Currency } from './format/money';
export type { BankNames } from './format/bank-name';
