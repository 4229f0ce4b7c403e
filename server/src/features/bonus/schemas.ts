import { Type, type Static } from '@sinclair/typebox';
import { Banner } from '../content/schemas';

/** Shapes of the bonus and promotion routes (spec §3, §7; rules in docs/bonus.md). Amounts in minor units. */

export const BonusType = Type.Union([Type.Literal('limit'), Type.Literal('day'), Type.Literal('week')], {
  description: 'limit: counted over the member’s lifetime; day / week: per Bangkok day / week (from Monday)',
});
export type BonusType = Static<typeof BonusType>;

export const GameCategoryName = Type.Union([
  Type.Literal('slot'),
  Type.Literal('sport'),
  Type.Literal('lotto'),
]);

/** A receipt of the bonus by the member (spec `received` entries). */
export const Received = Type.Object({ updatedAt: Type.String({ format: 'date-time' }) });

/** The member's side of a bonus (spec `userBonus`). */
export const UserBonus = Type.Object({
  _id: Type.String({ description: 'the member’s latest activation of this bonus' }),
  isActive: Type.Boolean({ description: 'this activation is the member’s open bonus' }),
  received: Type.Array(Received, {
    description: 'every activation of this bonus by the member, oldest first',
  }),
});
export type UserBonus = Static<typeof UserBonus>;

export const Reward = Type.Object({
  kind: Type.Union([Type.Literal('percent'), Type.Literal('fixed')]),
  percent: Type.Integer({ description: 'percent of the qualifying deposit (kind percent), else 0' }),
  amount: Type.Integer({ description: 'the fixed amount (kind fixed), else 0' }),
  cap: Type.Integer({ description: 'the most a percent bonus pays (0: no cap)' }),
});

export const TurnoverRule = Type.Object({
  multiple: Type.Integer({ minimum: 0, description: 'turnover needed = multiple × base' }),
  base: Type.Union([Type.Literal('bonus'), Type.Literal('bonus_deposit')], {
    description: 'bonus: the bonus amount; bonus_deposit: the bonus plus the qualifying deposit',
  }),
  contributions: Type.Object(
    { slot: Type.Integer(), sport: Type.Integer(), lotto: Type.Integer() },
    { description: 'percent of each bet that counts, per game category' },
  ),
});

/** One bonus as GET /api/bonus lists it (spec §3 Bonus plus the rules the cards and the modal show). */
export const Bonus = Type.Object({
  code: Type.String(),
  name: Type.String({ description: 'in the member’s language' }),
  type: BonusType,
  maxReceived: Type.Integer({ description: 'receipts allowed per period of the type' }),
  percentFail: Type.Integer({ description: 'percent of the bonus kept when it is cancelled unmet' }),
  banners: Type.Array(Banner, { description: 'html in the member’s language' }),
  reward: Reward,
  minDeposit: Type.Integer({ description: 'the qualifying deposit’s minimum (0: none needed)' }),
  turnover: TurnoverRule,
  cancellable: Type.Boolean({ description: 'may be cancelled before its turnover is met' }),
  userBonus: Type.Union([UserBonus, Type.Null()], { description: 'null: never received' }),
});
export type Bonus = Static<typeof Bonus>;

export const Turnover = Type.Object({
  needed: Type.Integer(),
  done: Type.Integer(),
  percent: Type.Integer({
    minimum: 0,
    maximum: 100,
    description: 'done / needed, rounded down, at most 100',
  }),
});
export type Turnover = Static<typeof Turnover>;

/** GET /api/bonus/check/active (spec: status, type). */
export const ActiveCheck = Type.Object({
  status: Type.Boolean({ description: 'a bonus condition is open' }),
  type: Type.Union([BonusType, Type.Null()]),
  bonus: Type.Union([
    Type.Object({
      _id: Type.String({ description: 'the activation' }),
      code: Type.String(),
      name: Type.String(),
      amount: Type.Integer({ description: 'the bonus credited' }),
      deposit: Type.Integer({ description: 'the qualifying deposit (0: none)' }),
      percentFail: Type.Integer(),
      promotion: Type.Union([Type.String(), Type.Null()], {
        description: 'the promotion code that granted it',
      }),
      activatedAt: Type.String({ format: 'date-time' }),
      turnover: Turnover,
      met: Type.Boolean({ description: 'the turnover is met: clearing finishes the bonus' }),
      cancellable: Type.Boolean({ description: 'clearing now is allowed (met, or cancellable unmet)' }),
      forfeit: Type.Integer({ description: 'what clearing now takes back from the wallet (0 when met)' }),
    }),
    Type.Null(),
  ]),
});
export type ActiveCheck = Static<typeof ActiveCheck>;

/** GET /api/bonus/activate/{code} and /api/promotion/activate/{code}. */
export const Activation = Type.Composite([
  UserBonus,
  Type.Object({
    code: Type.String(),
    amount: Type.Integer({ description: 'the bonus credited to the wallet' }),
    turnover: Turnover,
  }),
]);
export type Activation = Static<typeof Activation>;

/** GET /api/bonus/check/minimum: the member’s qualifying deposit and which bonuses it qualifies for. */
export const MinimumCheck = Type.Object({
  deposit: Type.Integer({ description: 'the qualifying deposit (0: none)' }),
  depositAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  bonuses: Type.Array(
    Type.Object({ code: Type.String(), minimum: Type.Integer(), qualifies: Type.Boolean() }),
  ),
});
export type MinimumCheck = Static<typeof MinimumCheck>;

/** GET /api/bonus/clear. */
export const ClearResult = Type.Object({
  message: Type.Literal('BONUS_CLEAR'),
  finished: Type.Boolean({ description: 'true: the turnover was met; false: cancelled unmet' }),
  forfeited: Type.Integer({ description: 'taken back from the wallet (0 when finished)' }),
});
export type ClearResult = Static<typeof ClearResult>;

export const Promotion = Type.Object({
  code: Type.String(),
  percentFail: Type.Integer(),
  description: Type.String({ description: 'html in the member’s language' }),
});
export type Promotion = Static<typeof Promotion>;

/** GET /api/promotion/find/{code}: the promotion, or an empty object when there is none by that code. */
export const PromotionFind = Type.Union([Promotion, Type.Object({}, { additionalProperties: false })]);

/** GET /api/promotion/current: the promotion behind the member’s open bonus. */
export const PromotionCurrent = Type.Object({ promotion: Type.Union([Promotion, Type.Null()]) });
