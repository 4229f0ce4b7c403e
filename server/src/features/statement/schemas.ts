import { Type, type Static } from '@sinclair/typebox';

/** One line of the member's statement (docs/wallet-api.md `StatementEntry`). */
const Item = Type.Optional(Type.Object({ description: Type.String() }));
export const StatementEntry = Type.Object({
  _id: Type.String(),
  statementType: Type.Union(
    (['deposit', 'bonus', 'finish_bonus', 'withdraw', 'transfer'] as const).map((t) => Type.Literal(t)),
  ),
  from: Type.String(),
  to: Type.String(),
  status: Type.Union([Type.Literal('SUCCESS'), Type.Literal('FAILED'), Type.Literal('PENDING')]),
  amount: Type.Integer({ description: 'minor units, unsigned (the type gives the sign)' }),
  createdAt: Type.String({ format: 'date-time' }),
  bonus: Item,
  promotion: Item,
  invite: Item,
  refund: Item,
  luckydraw: Item,
  operationId: Type.Optional(
    Type.String({
      description: 'the money operation of a transfer or withdrawal (GET /api/operations/{id})',
    }),
  ),
});
export type StatementEntry = Static<typeof StatementEntry>;
