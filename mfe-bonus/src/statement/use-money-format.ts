import { useEffect, useState } from 'react';
import { buildConfig } from '@wallet/shared';
import { statementApi } from './api';
import { moneyFormat, type MoneyFormat } from './statement-rules';

/**
 * The member's currency, from the profile: THB amounts are satang shown with 2 decimals, LAK whole kip. Until the
 * profile answers (or if it fails) the build's currency is assumed: kip in the Laos build, baht elsewhere.
 */
export function useMoneyFormat(): MoneyFormat {
  const fallback = buildConfig.laos ? 'LAK' : 'THB';
  const [currency, setCurrency] = useState<string | undefined>(undefined);
  useEffect(() => {
    let live = true;
    statementApi.profile().then(
      (profile) => live && setCurrency(profile.currency),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return moneyFormat(currency, fallback);
}
