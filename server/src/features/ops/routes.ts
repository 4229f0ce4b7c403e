import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors';
import { actorOf, requireOperator } from '../operators/guard';
import { replies, success } from '../../platform/http/schemas';
import { ContentService } from '../content/content-service';
import { CONTENT_KEYS } from '../content/seed-content';
import { isSettingKey, parseSettingValue, SETTING_KEYS } from '../../platform/settings';
import { pendingTransferCount } from '../games/pending-transfers';
import { pendingWithdrawalCount } from '../withdrawals/pending-withdrawals';

/** Operator endpoints, protected by the ops secret (DATA_DIR/secrets.json) in the X-Ops-Secret header. */
export const opsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, content, withdrawals } = app;
  const tags = ['ops'];
  const security = [{ opsSecret: [] }];

  app.addHook('onRequest', requireOperator(app));

  const Setting = Type.Object({ key: Type.String(), value: Type.Boolean() });

  app.get(
    '/settings',
    { schema: { tags, security, summary: 'All operator settings', response: replies(Type.Array(Setting)) } },
    async () => {
      const all = await ctx.settings.all();
      return success(SETTING_KEYS.map((key) => ({ key, value: all[key] })));
    },
  );

  app.get(
    '/settings/:key',
    {
      schema: {
        tags,
        security,
        summary: 'One operator setting',
        params: Type.Object({ key: Type.String() }),
        response: replies(Setting),
      },
    },
    async (request) => {
      const { key } = request.params;
      if (!isSettingKey(key)) throw new AppError('NO_DATA', 404);
      return success({ key, value: await ctx.settings.get(key) });
    },
  );

  app.post(
    '/settings/:key',
    {
      config: { validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary: 'Changes an operator setting (effective at once, no restart)',
        params: Type.Object({ key: Type.String() }),
        body: Type.Object({ value: Type.Union([Type.Boolean(), Type.String(), Type.Number()]) }),
        response: replies(Setting),
      },
    },
    async (request) => {
      const { key } = request.params;
      if (!isSettingKey(key)) throw new AppError('NO_DATA', 404);
      const value = parseSettingValue(request.body.value);
      if (value === undefined) throw new AppError('KEY_INVALID', 400);
      const before = await ctx.settings.get(key);
      await ctx.settings.set(key, value);
      await app.audit.write(actorOf(request), { action: 'setting.set', target: key, before, after: value });
      request.log.info({ key, value }, 'operator setting changed');
      return success({ key, value });
    },
  );

  const ContentLocale = Type.Union([
    Type.Literal('th'),
    Type.Literal('la'),
    Type.Literal('en'),
    Type.Literal('*'),
  ]);

  const ContentKey = Type.Union(CONTENT_KEYS.map((k) => Type.Literal(k)));
  const ContentParams = Type.Object({
    key: ContentKey,
    locale: ContentLocale,
  });

  app.get(
    '/content',
    {
      schema: {
        tags,
        security,
        summary:
          'The editable content keys, each with its stored locales (th, la, en; or * for one value in every ' +
          'language) and when each was last changed',
        response: replies(
          Type.Array(
            Type.Object({
              key: ContentKey,
              locales: Type.Array(
                Type.Object({ locale: ContentLocale, updatedAt: Type.String({ format: 'date-time' }) }),
              ),
            }),
          ),
        ),
      },
    },
    async () => {
      const rows = await content.stored();
      return success(
        CONTENT_KEYS.map((key) => ({
          key,
          locales: rows
            .filter((r) => r.key === key && (r.locale === '*' || ContentService.isLocale(r.locale)))
            .map((r) => ({
              locale: r.locale as 'th' | 'la' | 'en' | '*',
              updatedAt: r.updatedAt.toISOString(),
            })),
        })),
      );
    },
  );

  app.get(
    '/content/:key/:locale',
    {
      config: { validationCode: 'NO_DATA' },
      schema: {
        tags,
        security,
        summary: 'Reads editable lookup content',
        params: ContentParams,
        response: replies(Type.Unknown()),
      },
    },
    async (request) => {
      const { key, locale } = request.params;
      const value = await content.getExact(key, locale);
      if (value === undefined) throw new AppError('NO_DATA', 404);
      return success(value);
    },
  );

  app.put(
    '/content/:key/:locale',
    {
      config: { validationCode: 'KEY_INVALID', multilineText: true },
      schema: {
        tags,
        security,
        summary: 'Replaces editable lookup content (the JSON body is the new value)',
        params: ContentParams,
        body: Type.Unknown(),
        response: replies(Type.Unknown()),
      },
    },
    async (request) => {
      const { key, locale } = request.params;
      if (request.body === undefined || request.body === null) throw new AppError('KEY_INVALID', 400);
      const before = await content.getExact(key, locale);
      await content.set(key, locale, request.body);
      await app.audit.write(actorOf(request), {
        action: 'content.set',
        target: `${key}/${locale}`,
        before: before ?? null,
        after: request.body,
      });
      return success(request.body);
    },
  );

  app.post(
    '/reconcile',
    {
      config: { validationCode: 'KEY_INVALID', roles: ['admin', 'finance'] },
      schema: {
        tags,
        security,
        summary: 'Runs reconciliation now: pending money operations advanced, pending payouts polled',
        body: Type.Optional(Type.Object({})),
        response: replies(
          Type.Object({
            operations: Type.Object({ advanced: Type.Integer(), pending: Type.Integer() }),
            payouts: Type.Object({ settled: Type.Integer(), pending: Type.Integer() }),
          }),
        ),
      },
    },
    async (request) => {
      const operations = await app.operations.reconcilePending({ force: true });
      const payouts = await withdrawals.settlePending();
      await app.audit.write(actorOf(request), { action: 'reconcile', after: { operations, payouts } });
      return success({ operations, payouts });
    },
  );

  app.get(
    '/ledger/check',
    {
      config: { roles: ['admin', 'finance'] },
      schema: {
        tags,
        security,
        summary: 'Books check: sum of all balances per currency (all zero) and accounts or transactions off',
        response: replies(
          Type.Object({
            trialBalance: Type.Record(Type.String(), Type.Integer()),
            accountsOff: Type.Integer(),
            transactionsOff: Type.Integer(),
            pendingTransfers: Type.Integer(),
            pendingWithdrawals: Type.Integer(),
          }),
        ),
      },
    },
    async () => {
      const [trialBalance, verify, pendingTransfers, pendingWithdrawals] = await Promise.all([
        ctx.ledger.trialBalance(),
        ctx.ledger.verify(),
        pendingTransferCount(ctx.db),
        pendingWithdrawalCount(ctx.db),
      ]);
      return success({
        trialBalance,
        ...verify,
        pendingTransfers,
        pendingWithdrawals,
      });
    },
  );
};
