import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { idempotent } from '../../core/idempotency';
import { auth, requireMember, whileOn } from '../../platform/http/auth';
import { bearer, Page, replies, success } from '../../platform/http/schemas';
import { pickLocale } from '../../platform/locale';
import { Banner } from '../content/schemas';
import { InviteEntry } from './schemas';

/** POST /api/invite, GET /api/invite/bonus and /api/invite/banners. */
export const inviteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, invites, banners } = app;
  const member = { preHandler: requireMember };
  /**
   * The money-moving route: auth, the Idempotency-Key check (docs/ledger.md), then the operator's switch
   * (`invite.active`; off → 403 INVITE_INACTIVE); the first response, that refusal included, is replayed.
   */
  const switchable = idempotent(requireMember, whileOn('invite.active', 'INVITE_INACTIVE'));
  const locale = (request: FastifyRequest) =>
    pickLocale(request.headers['accept-language'], ctx.defaultLocale);

  app.post(
    '/invite',
    {
      ...member,
      schema: {
        tags: ['invite'],
        security: bearer,
        summary: 'The member’s invitees, newest first, with the bonus each earned',
        body: Page,
        response: replies(Type.Object({ invites: Type.Array(InviteEntry), total: Type.Integer() })),
      },
    },
    async (request) =>
      success(await invites.list(auth(request).memberId, request.body.page, request.body.limit)),
  );

  app.get(
    '/invite/bonus',
    {
      ...switchable,
      schema: {
        tags: ['invite'],
        security: bearer,
        summary:
          'Receive the unclaimed invite bonus into the wallet (INVITE_INACTIVE while invite.active is off)',
        response: replies(
          Type.Object({ amount: Type.Integer(), message: Type.Literal('INVITE_BONUS_SUCCESS') }),
        ),
      },
    },
    async (request) => success(await invites.receive(auth(request).memberId)),
  );

  app.get(
    '/invite/banners',
    { schema: { tags: ['invite'], summary: 'Invite banners', response: replies(Type.Array(Banner)) } },
    async (request) => success(await banners.list('invite', locale(request))),
  );
};
