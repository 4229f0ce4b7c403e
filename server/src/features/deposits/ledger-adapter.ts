import type { AppContext } from '../../platform/context';
import type { MoneyInLedger } from './ledger-port';

/** The money-in port over the platform ledger (`ctx.ledger`): credits of a member's main wallet, game results. */
export function ledgerPort(ctx: AppContext): MoneyInLedger {
  return {
    credit: async (trx, req) => {
      await ctx.ledger.creditMember(trx, {
        memberId: req.memberId,
        amount: req.amount,
        kind: req.kind,
        from: req.from,
        reference: req.reference,
        ...(req.meta ? { meta: req.meta } : {}),
      });
    },
    gameResults: (memberId, from, to) => ctx.ledger.gameResults(memberId, from, to),
  };
}
