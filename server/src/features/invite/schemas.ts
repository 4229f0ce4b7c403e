import { Type, type Static } from '@sinclair/typebox';

/** One invitee's bonus (POST /api/invite). */
export const InviteEntry = Type.Object({
  from: Type.Object({ name: Type.String() }),
  amount: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type InviteEntry = Static<typeof InviteEntry>;

/** The invite summary of GET /api/wallet: unclaimed invite bonus (minor units) and invitee counts. */
export const InviteSummary = Type.Object({
  amount: Type.Integer(),
  success: Type.Integer(),
  fail: Type.Integer(),
});
export type InviteSummary = Static<typeof InviteSummary>;
