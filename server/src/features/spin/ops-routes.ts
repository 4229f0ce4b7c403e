import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../platform/errors';
import { actorOf, requireOperator } from '../operators/guard';
import { replies, success } from '../../platform/http/schemas';
import type { Prize, WheelSlice } from './tables';
import { spinDb } from './tables';
import { wheelProblems, type WheelDefinition } from './wheels';

/**
 * Shapes of the operator's wheels. The schema checks the JSON shape; `wheelProblems` (and the bonus catalogue,
 * for bonus prizes) checks the values and answers 400 KEY_INVALID listing every problem.
 */
const Localized = Type.Object(
  { th: Type.String(), la: Type.String(), en: Type.String() },
  { description: 'Thai, Lao (Lao script) and English' },
);

export const PrizeSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('money'),
    amounts: Type.Object(
      { THB: Type.Integer(), LAK: Type.Integer() },
      { description: 'minor units per wallet currency (THB satang, LAK kip), both positive' },
    ),
  }),
  Type.Object({ kind: Type.Literal('coins'), coins: Type.Integer({ description: '1 to 100 coins' }) }),
  Type.Object({
    kind: Type.Literal('bonus'),
    bonusCode: Type.String({ description: 'an existing bonus, received through the bonus engine' }),
  }),
  Type.Object({ kind: Type.Literal('none') }),
]);

export const WheelSliceSchema = Type.Object({
  code: Type.String({ description: 'A-Z, 0-9 and _, 1 to 20 characters, unique in the wheel' }),
  label: Localized,
  bgColor: Type.String({ description: '#rrggbb' }),
  textColor: Type.String({ description: '#rrggbb' }),
  htmlDescription: Localized,
  weight: Type.Integer({ description: '1 to 1000000; the chance is the weight over the sum of weights' }),
  prize: PrizeSchema,
});

export const WheelDefinitionSchema = Type.Object({
  id: Type.String({ description: 'a-z, 0-9 and -, 2 to 40 characters' }),
  names: Localized,
  slices: Type.Array(WheelSliceSchema, { description: '2 to 16, clockwise from the pointer' }),
  active: Type.Boolean({ description: 'true makes every other wheel inactive' }),
});
type WheelBody = Static<typeof WheelDefinitionSchema>;

// What the schema accepts is a WheelDefinition (a change of one without the other fails to compile).
const accepted = (w: WheelBody): WheelDefinition => w;
void accepted;

const WheelListItem = Type.Object({
  id: Type.String(),
  names: Localized,
  active: Type.Boolean(),
  totalWeight: Type.Integer({ description: 'the sum of the slice weights' }),
  draws: Type.Integer({ description: 'spins drawn on this wheel' }),
  slices: Type.Array(
    Type.Composite([
      WheelSliceSchema,
      Type.Object({
        chance: Type.Number({ description: 'percent: weight / total weight × 100, 2 decimals' }),
      }),
    ]),
  ),
});

const Id = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) });
const MemberId = Type.Object({ memberId: Type.String({ minLength: 1, maxLength: 40 }) });

const CoinGrant = Type.Object({
  coins: Type.Integer({ minimum: 1, maximum: 1000 }),
  reason: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'why (kept with the coin entry and written to the server log)',
    }),
  ),
});

const CoinGrantResult = Type.Object({
  memberId: Type.String(),
  granted: Type.Integer(),
  coin: Type.Integer({ description: 'the member’s balance after the grant' }),
  reference: Type.String({ description: 'operator:<uuid>, the coin entry’s unique reference' }),
});

const copyPrize = (p: Prize): Prize => {
  switch (p.kind) {
    case 'money':
      return { kind: 'money', amounts: { ...p.amounts } };
    case 'coins':
      return { kind: 'coins', coins: p.coins };
    case 'bonus':
      return { kind: 'bonus', bonusCode: p.bonusCode };
    default:
      return { kind: 'none' };
  }
};

/** The definition with exactly its known fields (the schema lets unknown ones through; they are not kept). */
const clean = (w: WheelDefinition): WheelDefinition => ({
  id: w.id,
  names: { th: w.names.th, la: w.names.la, en: w.names.en },
  active: w.active,
  slices: w.slices.map((s): WheelSlice => ({
    code: s.code,
    label: { th: s.label.th, la: s.label.la, en: s.label.en },
    bgColor: s.bgColor,
    textColor: s.textColor,
    htmlDescription: { th: s.htmlDescription.th, la: s.htmlDescription.la, en: s.htmlDescription.en },
    weight: s.weight,
    prize: copyPrize(s.prize),
  })),
});

/** A stored wheel in the shape PUT takes (money amounts as THB and LAK). */
const shown = (w: WheelDefinition): WheelBody => ({
  ...clean(w),
  slices: clean(w).slices.map((s) => ({
    ...s,
    prize:
      s.prize.kind === 'money'
        ? { kind: 'money', amounts: { THB: s.prize.amounts.THB ?? 0, LAK: s.prize.amounts.LAK ?? 0 } }
        : s.prize,
  })),
});

/** GET/PUT /api/ops/wheels…, POST /api/ops/coins/:memberId behind the ops secret (docs/server.md "Prize wheel"). */
export const spinOpsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, wheels, coins, members, bonusCatalogue } = app;
  const tags = ['ops'];
  const security = [{ opsSecret: [] }];

  app.addHook('onRequest', requireOperator(app));

  /** Every problem of a definition: its values, and bonus prizes whose bonus does not exist. */
  const problems = async (w: WheelDefinition): Promise<string[]> => {
    const found = wheelProblems(w);
    if (Array.isArray(w.slices))
      for (const [i, s] of w.slices.entries())
        if (
          s.prize.kind === 'bonus' &&
          s.prize.bonusCode &&
          !(await bonusCatalogue.definition(s.prize.bonusCode))
        )
          found.push(`slices[${i}].prize.bonusCode: no bonus ${s.prize.bonusCode}`);
    return found;
  };

  app.get(
    '/wheels',
    {
      schema: {
        tags,
        security,
        summary:
          'Every wheel with its slices, the chance of each, the total weight and how many spins it drew',
        response: replies(Type.Array(WheelListItem)),
      },
    },
    async () => {
      const [all, counts] = await Promise.all([
        wheels.all(),
        spinDb(ctx.db)
          .selectFrom('spin_draws')
          .select((eb) => ['wheel_id', eb.fn.countAll<string>().as('draws')])
          .groupBy('wheel_id')
          .execute(),
      ]);
      return success(
        all.map((stored) => {
          const w = shown(stored);
          const totalWeight = w.slices.reduce((sum, s) => sum + s.weight, 0);
          return {
            id: w.id,
            names: w.names,
            active: w.active,
            totalWeight,
            draws: Number(counts.find((c) => c.wheel_id === w.id)?.draws ?? 0),
            slices: w.slices.map((s) => ({
              ...s,
              chance: totalWeight > 0 ? Math.round((s.weight * 10_000) / totalWeight) / 100 : 0,
            })),
          };
        }),
      );
    },
  );

  const one = async (id: string) => (await wheels.all()).find((w) => w.id === id);

  app.get(
    '/wheels/:id',
    {
      config: { validationCode: 'NO_DATA' },
      schema: {
        tags,
        security,
        summary: 'One wheel, as PUT takes it',
        params: Id,
        response: replies(WheelDefinitionSchema),
      },
    },
    async (request) => {
      const w = await one(request.params.id);
      if (!w) throw new AppError('NO_DATA', 404);
      return success(shown(w));
    },
  );

  app.put(
    '/wheels/:id',
    {
      config: { validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary:
          'Creates or replaces a wheel (the whole definition; its id is the path’s). Saving it active makes every other wheel inactive. Past spins keep the weights and prizes they were drawn with.',
        params: Id,
        body: WheelDefinitionSchema,
        response: replies(WheelDefinitionSchema),
      },
    },
    async (request) => {
      const { id } = request.params;
      if (request.body.id !== id)
        throw new AppError(
          'KEY_INVALID',
          400,
          `id: the body's id ${request.body.id} is not the path's ${id}`,
        );
      const w = clean(request.body);
      const found = await problems(w);
      if (found.length > 0) throw new AppError('KEY_INVALID', 400, found.join('; '));
      const before = await one(id);
      await wheels.save(w);
      request.log.info({ wheel: id, active: w.active }, 'operator saved a wheel');
      await app.audit.write(actorOf(request), {
        action: 'wheel.save',
        target: id,
        before: before ?? null,
        after: w,
      });
      return success(shown((await one(id)) ?? w));
    },
  );

  app.post(
    '/coins/:memberId',
    {
      config: { validationCode: 'KEY_INVALID', roles: ['admin', 'finance'] },
      schema: {
        tags,
        security,
        summary:
          'Grants prize-wheel coins to a member (1 to 1000; each grant is a coin entry with its own reference operator:<uuid>)',
        params: MemberId,
        body: CoinGrant,
        response: replies(CoinGrantResult),
      },
    },
    async (request) => {
      const { memberId } = request.params;
      const { coins: granted, reason } = request.body;
      await members.currency(memberId); // 404 NO_USER for an unknown member
      const reference = `operator:${randomUUID()}`;
      const coin = await ctx.db.transaction().execute(async (trx) => {
        await coins.credit(trx, memberId, granted, 'operator', reference, reason ?? '');
        const balance = await coins.balance(memberId, trx);
        await app.audit.write(
          actorOf(request),
          {
            action: 'coins.grant',
            target: memberId,
            after: { granted, coin: balance, reason: reason ?? '', reference },
          },
          trx,
        );
        return balance;
      });
      request.log.info(
        { memberId, coins: granted, reason: reason ?? '', reference },
        'operator granted coins',
      );
      return success({ memberId, granted, coin, reference });
    },
  );
};
