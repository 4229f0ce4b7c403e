import { useTranslation } from 'react-i18next';
import { i18n } from '../i18n/i18n';

/**
 * `t` of the `common` namespace, bound to the page's i18n instance explicitly so the primitives work in any React
 * root (host, a remote parcel, an imperative dialog) with or without an I18nextProvider, and re-render on a
 * language change.
 */
export function useCommonT() {
  return useTranslation('common', { i18n }).t;
}
