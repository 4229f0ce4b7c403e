import { useTranslation } from '@wallet/shared';
import type { GameAccount } from './wallet-api';
import type { MoneyOperation, OperationLeg } from './money-operation';
import { showMoney, type MoneyFormat } from './money';

/**
 * What a money operation did, leg by leg, in the member's words (docs/wallet-api.md "Types"): what moved, what
 * did not go through and where that money is now, what is still being confirmed. Accounts are named as the wallet
 * shows them: "your main wallet", the game's name, "your bank account".
 */
export function useOperationText(format: MoneyFormat, games: readonly Pick<GameAccount, 'code' | 'name'>[]) {
  const { t } = useTranslation('wallet');
  const currency = t(`common:currency.${format.currency}`);
  const money = (amount: number) => showMoney(amount, format);
  const account = (code: string) => {
    if (code === 'wallet') return t('operation.mainWallet');
    if (code === 'bank') return t('operation.bank');
    return games.find((game) => game.code === code)?.name ?? code;
  };
  const legText = (leg: OperationLeg) => {
    const names = { from: account(leg.from), to: account(leg.to) };
    if (leg.status === 'SUCCESS')
      return t('operation.moved', { ...names, amount: money(leg.amount), currency });
    if (leg.status === 'PENDING') return t('operation.pending', names);
    return t('operation.failed', names);
  };
  return {
    money,
    currency,
    /** One sentence per leg between the wallet and the games (the bank's part is the caller's to tell). */
    legLines: (operation: MoneyOperation): string[] =>
      gameLegs(operation)
        .sort((a, b) => ORDER[a.status] - ORDER[b.status] || a.seq - b.seq)
        .map(legText),
  };
}

/** What moved first, then what is still being confirmed, then what did not go through. */
const ORDER: Record<OperationLeg['status'], number> = { SUCCESS: 0, PENDING: 1, FAILED: 2 };

/**
 * The legs between the wallet and the games, without the bank's leg and without a failed attempt to bring money
 * back to where it came from (game → game: the money stays in the wallet, which the failed onward leg says).
 */
function gameLegs(operation: MoneyOperation): OperationLeg[] {
  const origin = operation.legs[0]?.from;
  return operation.legs.filter(
    (leg, index) =>
      leg.to !== 'bank' &&
      !(index > 0 && leg.status === 'FAILED' && origin !== 'wallet' && leg.to === origin),
  );
}

/** The sentences of an operation's outcome, one paragraph each, as the message of an alert dialog. */
export function OperationOutcome({ lines, testId }: { lines: readonly string[]; testId: string }) {
  return (
    <div className="wallet-outcome" data-testid={testId}>
      {lines.map((line, index) => (
        <p key={index}>{line}</p>
      ))}
    </div>
  );
}
