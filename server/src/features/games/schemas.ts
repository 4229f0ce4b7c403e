import { Type, type Static } from '@sinclair/typebox';

/** One game account as GET /api/wallet lists it (`slots`). */
export const GameAccount = Type.Object({
  code: Type.String(),
  name: Type.String(),
  logo: Type.String(),
  background: Type.String(),
  category: Type.Union([Type.Literal('slot'), Type.Literal('sport'), Type.Literal('lotto')]),
  isActive: Type.Boolean(),
  amount: Type.Integer({ description: 'Game balance in minor units as last read from the provider' }),
  ftWalletSlot: Type.Number(),
  web: Type.Union([Type.String(), Type.Null()]),
  android: Type.Union([Type.String(), Type.Null()]),
  ios: Type.Union([Type.String(), Type.Null()]),
});

export const Credentials = Type.Object({
  username: Type.String(),
  password: Type.String(),
  event: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type GameCredentials = Static<typeof Credentials>;

export const CodeParam = Type.Object({ code: Type.String({ maxLength: 20 }) });
