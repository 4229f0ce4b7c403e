import fp from 'fastify-plugin';
import { AccountService } from './account-service';
import { accountRoutes } from './routes';
import { SessionService } from './session-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Members: registration, profile, payout details. */
    accounts: AccountService;
  }
}

/**
 * Accounts: registration (with the OTP gate), login and sessions, profile, bank account name, password. Decorates
 * `accounts` and `sessions` (the session check of every member route, platform/http/auth.ts).
 */
export const accountsPlugin = fp(
  async (app) => {
    const { ctx } = app;
    const accounts = new AccountService(ctx.db, ctx.clock, app.otp, ctx.config.laos, ctx.ledger);
    const sessions = new SessionService(ctx.db, ctx.clock, ctx.limits, ctx.rateLimit, {
      sign: (payload) => app.jwt.sign(payload),
    });
    app.decorate('accounts', accounts);
    app.decorate('sessions', sessions);
    await app.register(accountRoutes, { prefix: '/api', sessions });
  },
  { name: 'accounts', fastify: '5.x', dependencies: ['otp', 'content'] },
);
