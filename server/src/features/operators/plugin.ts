import fp from 'fastify-plugin';
import { AuditLog } from './audit';
import { OperatorService } from './operator-service';
import { operatorAdminRoutes, operatorAuthRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Operator accounts, sign-in and sessions (docs/operators.md). */
    operators: OperatorService;
    /** The audit log of operator actions. */
    audit: AuditLog;
  }
}

/**
 * Operators: accounts with roles, the console's sign-in (`/api/ops/auth`), the operator guard every `/api/ops`
 * route uses (guard.ts), operator administration and the audit log.
 */
export const operatorsPlugin = fp(
  async (app) => {
    const { ctx } = app;
    app.decorate(
      'operators',
      new OperatorService(ctx.db, ctx.clock, ctx.rateLimit, ctx.limits, ctx.secrets.jwtSecret),
    );
    app.decorate('audit', new AuditLog(ctx.db, ctx.clock));
    app.decorateRequest('operator', null);
    await app.register(operatorAuthRoutes, { prefix: '/api/ops/auth' });
    await app.register(operatorAdminRoutes, { prefix: '/api/ops' });
  },
  { name: 'operators', fastify: '5.x' },
);
