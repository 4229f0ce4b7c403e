import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { AppError } from '../../platform/errors';
import { actorOf, requireOperator } from '../operators/guard';
import { replies, success } from '../../platform/http/schemas';
import type { BonusDefinition, PromotionDefinition } from './definitions';
import { BonusType } from './schemas';
import { bonusDb } from './tables';

/**
 * Shapes of the operator's bonus definitions and promotions. The schema checks the JSON shape; the catalogue
 * (`definitionProblems`, `promotionProblems`) checks the values and answers 400 KEY_INVALID listing every problem.
 */
const Localized = Type.Object(
  { th: Type.String(), la: Type.String(), en: Type.String() },
  { description: 'Thai, Lao (Lao script) and English' },
);

const CurrencyAmounts = Type.Object({
  fixed: Type.Integer({ description: 'the amount of a fixed bonus (minor units)' }),
  cap: Type.Integer({ description: 'the most a percent bonus pays (0: no cap)' }),
  minDeposit: Type.Integer({ description: 'the qualifying deposit’s minimum (0: none needed)' }),
});

export const BonusDefinitionSchema = Type.Object({
  code: Type.String({ description: 'A-Z, 0-9 and _, 2 to 40 characters' }),
  type: BonusType,
  maxReceived: Type.Integer({ description: 'receipts allowed per period of the type (1 to 1000)' }),
  rewardKind: Type.Union([Type.Literal('percent'), Type.Literal('fixed')]),
  percent: Type.Integer({ description: 'percent of the qualifying deposit (kind percent), else 0' }),
  amounts: Type.Record(Type.String(), CurrencyAmounts, {
    description:
      'per wallet currency (THB satang, LAK kip); a currency without an entry is not offered the bonus',
  }),
  turnoverMultiple: Type.Integer({ description: 'turnover needed = multiple × base (0 to 100)' }),
  turnoverBase: Type.Union([Type.Literal('bonus'), Type.Literal('bonus_deposit')]),
  contributions: Type.Object(
    { slot: Type.Integer(), sport: Type.Integer(), lotto: Type.Integer() },
    { description: 'percent of each bet that counts, per game category (0 to 100)' },
  ),
  percentFail: Type.Integer({
    description: 'percent of the bonus kept when it is cancelled unmet (0 to 100)',
  }),
  cancellable: Type.Boolean(),
  listed: Type.Boolean({ description: 'shown on the bonus page (false: only through a promotion)' }),
  active: Type.Boolean({ description: 'false: cannot be received (open conditions go on)' }),
  sortOrder: Type.Integer(),
  names: Localized,
  banners: Type.Array(Type.Object({ image: Type.String(), html: Localized }), { description: '1 to 10' }),
});

export const PromotionDefinitionSchema = Type.Object({
  code: Type.String({ description: 'A-Z, 0-9, _ and -, 3 to 40 characters' }),
  bonusCode: Type.String({ description: 'the bonus it grants' }),
  descriptions: Localized,
  maxTotal: Type.Union([Type.Integer(), Type.Null()], {
    description: 'receipts by all members (null: no limit)',
  }),
  active: Type.Boolean(),
  startsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

// The schemas describe exactly the catalogue's types (a change of one without the other fails to compile).
const sameShape = <A, B>(check: [A] extends [B] ? ([B] extends [A] ? true : false) : false) => check;
sameShape<Static<typeof BonusDefinitionSchema>, BonusDefinition>(true);
sameShape<Static<typeof PromotionDefinitionSchema>, PromotionDefinition>(true);

const BonusListItem = Type.Composite([
  BonusDefinitionSchema,
  Type.Object({
    activations: Type.Object({
      open: Type.Integer({ description: 'conditions open now' }),
      total: Type.Integer({ description: 'every receipt, open or ended' }),
    }),
  }),
]);

const PromotionListItem = Type.Composite([
  PromotionDefinitionSchema,
  Type.Object({ received: Type.Integer({ description: 'members who received it' }) }),
]);

const Code = Type.Object({ code: Type.String({ minLength: 1, maxLength: 40 }) });

const KEEP_RULES =
  'Open conditions keep the rules they were received with (each activation holds a copy of its turnover, contributions, percentFail and cancellable).';

/** GET/PUT /api/ops/bonuses…, /api/ops/promotions… behind the ops secret (docs/server.md "Bonuses and promotions"). */
export const bonusOpsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, bonusCatalogue: catalogue } = app;
  const tags = ['ops'];
  const security = [{ opsSecret: [] }];

  app.addHook('onRequest', requireOperator(app));

  const samePathCode = (path: string, bodyCode: string) => {
    if (path !== bodyCode)
      throw new AppError('KEY_INVALID', 400, `code: the body's code ${bodyCode} is not the path's ${path}`);
  };

  app.get(
    '/bonuses',
    {
      config: { roles: ['admin', 'finance'] },
      schema: {
        tags,
        security,
        summary: 'Every bonus definition (listed or not, active or not) with its open and total activations',
        response: replies(Type.Array(BonusListItem)),
      },
    },
    async () => {
      const [defs, counts] = await Promise.all([
        catalogue.definitions(),
        bonusDb(ctx.db)
          .selectFrom('bonus_activations')
          .select((eb) => [
            'bonus_code',
            eb.fn.countAll<string>().as('total'),
            eb.fn.countAll<string>().filterWhere('status', '=', 'active').as('open'),
          ])
          .groupBy('bonus_code')
          .execute(),
      ]);
      return success(
        defs.map((d) => {
          const c = counts.find((r) => r.bonus_code === d.code);
          return { ...d, activations: { open: Number(c?.open ?? 0), total: Number(c?.total ?? 0) } };
        }),
      );
    },
  );

  app.get(
    '/bonuses/:code',
    {
      config: { validationCode: 'NO_DATA' },
      schema: {
        tags,
        security,
        summary: 'One bonus definition, as PUT takes it',
        params: Code,
        response: replies(BonusDefinitionSchema),
      },
    },
    async (request) => {
      const d = await catalogue.definition(request.params.code);
      if (!d) throw new AppError('NO_DATA', 404);
      return success(d);
    },
  );

  app.put(
    '/bonuses/:code',
    {
      config: { validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary: `Creates or replaces a bonus definition (the whole definition; its code is the path's). ${KEEP_RULES}`,
        params: Code,
        body: BonusDefinitionSchema,
        response: replies(BonusDefinitionSchema),
      },
    },
    async (request) => {
      samePathCode(request.params.code, request.body.code);
      const before = await catalogue.definition(request.body.code);
      await catalogue.saveDefinition(request.body);
      request.log.info({ code: request.body.code }, 'operator saved a bonus definition');
      await app.audit.write(actorOf(request), {
        action: 'bonus.save',
        target: request.body.code,
        before: before ?? null,
        after: request.body,
      });
      return success((await catalogue.definition(request.body.code)) ?? request.body);
    },
  );

  app.get(
    '/promotions',
    {
      config: { roles: ['admin', 'finance'] },
      schema: {
        tags,
        security,
        summary: 'Every promotion with how many members received it',
        response: replies(Type.Array(PromotionListItem)),
      },
    },
    async () => {
      const [promotions, counts] = await Promise.all([
        catalogue.promotions(),
        bonusDb(ctx.db)
          .selectFrom('bonus_activations')
          .select((eb) => ['promotion_code', eb.fn.countAll<string>().as('received')])
          .where('promotion_code', 'is not', null)
          .groupBy('promotion_code')
          .execute(),
      ]);
      return success(
        promotions.map((p) => ({
          ...p,
          received: Number(counts.find((r) => r.promotion_code === p.code)?.received ?? 0),
        })),
      );
    },
  );

  app.get(
    '/promotions/:code',
    {
      config: { validationCode: 'NO_DATA' },
      schema: {
        tags,
        security,
        summary: 'One promotion, as PUT takes it',
        params: Code,
        response: replies(PromotionDefinitionSchema),
      },
    },
    async (request) => {
      const p = await catalogue.promotion(request.params.code);
      if (!p) throw new AppError('NO_DATA', 404);
      return success(p);
    },
  );

  app.put(
    '/promotions/:code',
    {
      config: { validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary: `Creates or replaces a promotion (its bonusCode must be a bonus). ${KEEP_RULES}`,
        params: Code,
        body: PromotionDefinitionSchema,
        response: replies(PromotionDefinitionSchema),
      },
    },
    async (request) => {
      samePathCode(request.params.code, request.body.code);
      const before = await catalogue.promotion(request.body.code);
      await catalogue.savePromotion(request.body);
      request.log.info({ code: request.body.code }, 'operator saved a promotion');
      await app.audit.write(actorOf(request), {
        action: 'promotion.save',
        target: request.body.code,
        before: before ?? null,
        after: request.body,
      });
      return success((await catalogue.promotion(request.body.code)) ?? request.body);
    },
  );
};
