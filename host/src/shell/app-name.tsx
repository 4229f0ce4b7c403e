import { useTranslation } from 'react-i18next';
import { lookupApi } from '../api';
import { useLookup } from '../lib/use-lookup';

/** The site's name from the info lookup (operator content); the catalog's name until it arrives. */
export function AppName() {
  const { t } = useTranslation('host');
  const { data } = useLookup(lookupApi.info);
  return (
    <span className="host-app-name" data-testid="app-name">
      {data?.name || t('appName')}
    </span>
  );
}
