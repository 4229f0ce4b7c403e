// UI primitives of the site: one look, accessible, translated through `common`. Styles load with this module: it
// is listed under `sideEffects` in shared/package.json, so a build that takes a named export of it keeps the import.
import '../styles/ui.css';

export { Modal, useOpenModalCount, type ModalProps } from './modal';
export {
  ConfirmDialog,
  AlertDialog,
  confirm,
  showAlert,
  type ConfirmDialogProps,
  type AlertDialogProps,
  type AlertKind,
  type ConfirmOptions,
  type AlertOptions,
} from './dialogs';
export { toast, toastError, dismissToasts, TOAST_DURATION_MS } from './toast';
export { ToastViewport, type ToastViewportProps } from './toast-viewport';
export { DelayedLoader, useDelayedFlag, LOADER_DELAY_MS, type DelayedLoaderProps } from './delayed-loader';
export { ReadStatus, type ReadStatusProps } from './read-status';
export { Spinner, type SpinnerProps } from './spinner';
export { Skeleton, SkeletonList, type SkeletonProps, type SkeletonListProps } from './skeleton';
export {
  useAsyncAction,
  type AsyncAction,
  type AsyncActionOptions,
  type AsyncResult,
} from './use-async-action';
export { Button, type ButtonProps } from './button';
export {
  FormField,
  SelectField,
  Checkbox,
  type FormFieldProps,
  type SelectFieldProps,
  type SelectOption,
  type CheckboxProps,
  type InputTransform,
} from './form-field';
export { LanguageSwitcher, type LanguageSwitcherProps } from './language-switcher';
export {
  Pagination,
  pageRange,
  pageCount,
  PAGE_RANGE_BEFORE,
  PAGE_RANGE_AFTER,
  type PaginationProps,
  type PageItem,
} from './pagination';
export { Carousel, type CarouselProps, type CarouselSlide } from './carousel';
export { CopyButton, copyText, type CopyButtonProps } from './copy-button';
export { Html, sanitizeHtml, type HtmlProps } from './html';
export { useCommonT } from './use-common-t';
/** Alias: the select field under the short name. */
export { SelectField as Select } from './form-field';
