import { Type, type Static } from '@sinclair/typebox';

/** Shapes of the prize-wheel routes (spec §3, §7; rules in docs/spin.md). Amounts in minor units. */

/** One sector of the wheel as the member sees it (spec `slice`). */
export const Slice = Type.Object({
  code: Type.String(),
  label: Type.String({ description: 'in the member’s language' }),
  bgColor: Type.String({ description: '#rrggbb' }),
  textColor: Type.String({ description: '#rrggbb' }),
  htmlDescription: Type.String({ description: 'html in the member’s language (the page sanitises it)' }),
});
export type Slice = Static<typeof Slice>;

/** GET /api/spinwheel/setup. */
export const SpinSetup = Type.Object({
  activeSpinwheel: Type.Union([Type.Object({ name: Type.String(), slice: Type.Array(Slice) }), Type.Null()], {
    description: 'null while the wheel is off or none is defined',
  }),
  userCoin: Type.Integer(),
  fairness: Type.Object(
    {
      serverSeedHash: Type.String({ description: 'SHA-256 of the secret server seed the next spins use' }),
      clientSeed: Type.String(),
      nextNonce: Type.Integer(),
    },
    { description: 'the commitment the next spin is drawn under (docs/spin.md)' },
  ),
});
export type SpinSetup = Static<typeof SpinSetup>;

/** POST /api/spinwheel/spin (spec: success, result {code, label, remainingCoin}, error). */
export const SpinResult = Type.Object({
  success: Type.Literal(true),
  result: Type.Object({
    code: Type.String(),
    label: Type.String(),
    remainingCoin: Type.Integer(),
    sliceIndex: Type.Integer({ description: 'the sector the wheel stops on, in setup order' }),
    drawId: Type.String(),
    nonce: Type.Integer(),
    serverSeedHash: Type.String(),
    clientSeed: Type.String(),
    couponId: Type.Union([Type.String(), Type.Null()], { description: 'the coupon of a winning spin' }),
  }),
  error: Type.Null(),
});
export type SpinResult = Static<typeof SpinResult>;

export const PrizeKind = Type.Union([
  Type.Literal('money'),
  Type.Literal('coins'),
  Type.Literal('bonus'),
  Type.Literal('none'),
]);

/** A claimable coupon (spec `Coupon`: prize {name, slice}, amount). */
export const Coupon = Type.Object({
  _id: Type.String(),
  prize: Type.Object({
    name: Type.String({ description: 'in the member’s language' }),
    slice: Type.String({ description: 'the label of the slice it was won on' }),
    kind: PrizeKind,
  }),
  amount: Type.Integer({ description: 'money: minor units; coins: coins; bonus: the bonus amount' }),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type Coupon = Static<typeof Coupon>;

/** POST /api/spinwheel/coupon/claim. */
export const ClaimResult = Type.Object({
  message: Type.Literal('SUCCESS'),
  couponId: Type.String(),
  prize: Coupon.properties.prize,
  amount: Type.Integer(),
});
export type ClaimResult = Static<typeof ClaimResult>;

export const RevealedSeed = Type.Object({
  seedId: Type.String(),
  serverSeed: Type.String(),
  serverSeedHash: Type.String(),
  clientSeed: Type.String(),
  spins: Type.Integer({ description: 'how many spins used it (nonces 0 … spins − 1)' }),
  revealedAt: Type.String({ format: 'date-time' }),
});

/** GET /api/spinwheel/fairness and POST /api/spinwheel/fairness/rotate. */
export const Fairness = Type.Object({
  current: Type.Object({
    serverSeedHash: Type.String(),
    clientSeed: Type.String(),
    nextNonce: Type.Integer(),
  }),
  revealed: Type.Array(RevealedSeed, { description: 'the member’s revealed seeds, newest first' }),
});
export type Fairness = Static<typeof Fairness>;

/** One past spin with what is needed to recompute it (serverSeed once revealed). */
export const Draw = Type.Object({
  _id: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  seedId: Type.String(),
  serverSeedHash: Type.String(),
  serverSeed: Type.Union([Type.String(), Type.Null()], { description: 'null until the seed is revealed' }),
  clientSeed: Type.String(),
  nonce: Type.Integer(),
  weights: Type.Array(Type.Integer(), { description: 'the slice weights when drawn, in order' }),
  codes: Type.Array(Type.String(), { description: 'the slice codes when drawn, in order' }),
  sliceIndex: Type.Integer(),
  code: Type.String(),
});
export type Draw = Static<typeof Draw>;
