import { buildConfig } from '@wallet/shared';
import { useRead } from '@wallet/shared/query';
import { statementApi } from './api';
import { moneyFormat, type MoneyFormat } from './statement-rules';

/**
 * The member's currency, from the profile: THB amounts are satang shown with 2 decimals, LAK whole kip. Until the
 * profile answers (or if it fails) the build's currency is assumed: kip in the Laos build, baht elsewhere.
 */
export function useMoneyFormat(): MoneyFormat {
  const fallback = buildConfig.laos ? 'LAK' : 'THB';
  const { data } = useRead({ key: ['bonus', 'profile'], read: statementApi.profile });
  return moneyFormat(data?.currency, fallback);
}
