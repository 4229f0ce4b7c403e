import { Type, type Static } from '@sinclair/typebox';

/** GET /api/refund/check (docs/wallet-api.md `RefundCheck`). */
export const RefundCheck = Type.Object({
  result: Type.Boolean({ description: 'receive would succeed now' }),
  bonus: Type.Boolean({ description: 'a bonus is held (receive and addWallet refused)' }),
  info: Type.String({ description: 'HTML: the refund rule' }),
  refundAmount: Type.Integer({ description: 'what receive accrues now (last week), minor units' }),
  refundSuccess: Type.Integer({ description: 'weeks refunded so far' }),
  refundFail: Type.Integer({ description: 'completed weeks since joining without a refund' }),
  balance: Type.Integer({ description: 'refund balance waiting for addWallet, minor units' }),
  period: Type.Object({ from: Type.String(), to: Type.String() }, { description: 'last completed week' }),
});
export type RefundCheck = Static<typeof RefundCheck>;
