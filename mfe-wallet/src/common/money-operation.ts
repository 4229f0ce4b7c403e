import type { ApiData } from '@wallet/api-types';

/** `"wallet"` is the main wallet; any other value is a game code. */
export type WalletAccountCode = string;
export const MAIN_WALLET: WalletAccountCode = 'wallet';

/**
 * A money operation (docs/wallet-api.md "Types"), as transfers and withdrawals answer it: SUCCESS; PENDING (a
 * provider has not answered, reconciliation settles it); PARTIAL (some legs moved money and others failed: the
 * legs say which).
 */
export type MoneyOperation = ApiData<'/api/wallet/transfer', 'post'>['operation'];
export type OperationLeg = MoneyOperation['legs'][number];
