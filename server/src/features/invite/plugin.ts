import fp from 'fastify-plugin';
import { moneyLedger } from '../../core/money-in-ledger';
import { Invites } from './invites';
import { inviteRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** The invite rule: rewards on an invitee's first deposit, the summary, the bonus claim. */
    invites: Invites;
  }
}

/** Invite: POST /api/invite, GET /api/invite/bonus and /api/invite/banners. */
export const invitePlugin = fp(
  async (app) => {
    const { ctx } = app;
    app.decorate('invites', new Invites(ctx.db, ctx.clock, moneyLedger(ctx.ledger), app.members));
    await app.register(inviteRoutes, { prefix: '/api' });
  },
  { name: 'invite', fastify: '5.x', dependencies: ['content', 'accounts'] },
);
