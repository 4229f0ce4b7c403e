import { Type, type Static } from '@sinclair/typebox';

/** GET /api/refund/check (docs/wallet-api.md `RefundCheck`). */
export const RefundCheck = Type.Object({
  result: Type.Boolean({
    description: 'receive would succeed now (refundAmount > 0, no bonus held, cashback on: refund.active)',
  }),
  bonus: Type.Boolean({ description: 'a bonus is held (receive and addWallet refused)' }),
  info: Type.String({ description: 'HTML: the refund rule' }),
  refundAmount: Type.Integer({
    description: 'accrued cashback that receive would take now (last completed week), minor units',
  }),
  refundSuccess: Type.Integer({ description: 'weeks refunded so far' }),
  refundFail: Type.Integer({ description: 'completed weeks since joining without a refund' }),
  receivedAmount: Type.Integer({
    description:
      'received cashback not yet in the wallet: what addWallet moves (it accepts when > 0 and no bonus is held), minor units',
  }),
  period: Type.Object({ from: Type.String(), to: Type.String() }, { description: 'last completed week' }),
});
export type RefundCheck = Static<typeof RefundCheck>;
