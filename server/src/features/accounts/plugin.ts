import fp from 'fastify-plugin';
import { registerCaches } from '../../platform/cache';
import { AccountService } from './account-service';
import { MemberDirectory } from './member-directory';
import { accountRoutes } from './routes';
import { SessionService } from './session-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Members: registration, profile, payout details. */
    accounts: AccountService;
    /** What other features may know about members (they never read the `members` table). */
    members: MemberDirectory;
  }
}

/**
 * Accounts: registration (with the OTP gate), login and sessions, profile, bank account name, password. Decorates
 * `accounts`, `members` (the member directory other features ask) and `sessions` (the session check of every
 * member route, platform/http/auth.ts); tells OTP how to recognise a registered phone.
 */
export const accountsPlugin = fp(
  async (app) => {
    const { ctx } = app;
    const members = new MemberDirectory(ctx.db);
    const accounts = new AccountService(
      ctx.db,
      ctx.clock,
      app.otp,
      app.content,
      ctx.config.laos,
      ctx.ledger,
      ctx.limits,
      ctx.rateLimit,
    );
    await registerCaches(app);
    const sessions = new SessionService(
      ctx.db,
      ctx.clock,
      ctx.limits,
      ctx.rateLimit,
      { sign: (payload) => app.jwt.sign(payload) },
      app.caches,
    );
    app.otp.useRegistrationCheck((phone) => members.isRegistered(phone));
    app.decorate('accounts', accounts);
    app.decorate('members', members);
    app.decorate('sessions', sessions);
    await app.register(accountRoutes, { prefix: '/api', sessions });
  },
  { name: 'accounts', fastify: '5.x', dependencies: ['otp', 'content'] },
);
