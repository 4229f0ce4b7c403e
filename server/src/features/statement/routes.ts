import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { auth, requireMember } from '../../platform/http/auth';
import { bearer, Page, replies, success } from '../../platform/http/schemas';
import { pickLocale } from '../../platform/locale';
import { Slip } from '../deposits/schemas';
import { StatementEntry } from './schemas';
import { memberStatement } from './statement';

/**
 * POST /api/statement (spec §7): the member's ledger, newest first; and the member's uploaded slips (the slips
 * themselves belong to the deposits feature, asked through `app.deposits.slips`).
 */
export const statementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const { slips } = app.deposits;
  const member = { preHandler: requireMember };
  app.post(
    '/statement',
    {
      preHandler: requireMember,
      config: { validationCode: 'KEY_INVALID' },
      schema: {
        tags: ['statement'],
        security: bearer,
        summary: 'Statement entries, newest first',
        body: Type.Object({
          page: Type.Integer({ minimum: 1, default: 1 }),
          limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
        }),
        response: replies(Type.Object({ total: Type.Integer(), statements: Type.Array(StatementEntry) })),
      },
    },
    async (request) =>
      success(
        await memberStatement(
          ctx.db,
          auth(request).memberId,
          request.body.page,
          request.body.limit,
          pickLocale(request.headers['accept-language'], ctx.defaultLocale),
        ),
      ),
  );

  app.post(
    '/statement/slip',
    {
      ...member,
      schema: {
        tags: ['statement'],
        security: bearer,
        summary: 'Uploaded slips, newest first',
        body: Page,
        response: replies(Type.Object({ total: Type.Integer(), slips: Type.Array(Slip) })),
      },
    },
    async (request) =>
      success(await slips.list(auth(request).memberId, request.body.page, request.body.limit)),
  );

  app.get(
    '/statement/slip/reference/:reference',
    {
      ...member,
      schema: {
        tags: ['statement'],
        security: bearer,
        summary: 'A short-lived URL of one of the member’s slip images',
        params: Type.Object({ reference: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: replies(Type.Object({ url: Type.String() })),
      },
    },
    async (request) => success(await slips.urlFor(auth(request).memberId, request.params.reference)),
  );
};
