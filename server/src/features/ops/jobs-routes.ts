import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors';
import { replies, success } from '../../platform/http/schemas';
import { actorOf, requireOperator } from '../operators/guard';

const JobState = Type.Union(
  (['waiting', 'scheduled', 'running', 'retrying', 'dead'] as const).map((s) => Type.Literal(s)),
);

/**
 * The background jobs for operators (platform/jobs): GET /api/ops/jobs (counts per queue and state, the dead jobs
 * with their last error) and POST /api/ops/jobs/{id}/retry (a dead job runs again, admin only, audited).
 */
export const jobsOpsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['ops'];
  const security = [{ opsSecret: [] }];

  app.addHook('onRequest', requireOperator(app));

  app.get(
    '/jobs',
    {
      config: { roles: ['admin', 'finance'] },
      schema: {
        tags,
        security,
        summary: 'Background jobs: how many per queue and state, and the dead ones (attempts exhausted)',
        response: replies(
          Type.Object({
            engine: Type.String(),
            counts: Type.Array(Type.Object({ queue: Type.String(), state: JobState, count: Type.Integer() })),
            dead: Type.Array(
              Type.Object({
                id: Type.String(),
                queue: Type.String(),
                key: Type.Union([Type.String(), Type.Null()]),
                attempts: Type.Integer(),
                lastError: Type.Union([Type.String(), Type.Null()]),
                failedAt: Type.String({ format: 'date-time' }),
              }),
            ),
          }),
        ),
      },
    },
    async () => {
      const [counts, dead] = await Promise.all([ctx.jobs.counts(), ctx.jobs.dead(100)]);
      return success({
        engine: ctx.jobs.engine,
        counts,
        dead: dead.map((d) => ({
          id: d.id,
          queue: d.queue,
          key: d.key,
          attempts: d.attempts,
          lastError: d.lastError,
          failedAt: d.failedAt.toISOString(),
        })),
      });
    },
  );

  app.post(
    '/jobs/:id/retry',
    {
      config: { validationCode: 'KEY_INVALID' },
      schema: {
        tags,
        security,
        summary: 'Runs a dead job again now, with fresh attempts (admin)',
        params: Type.Object({ id: Type.String({ maxLength: 40 }) }),
        body: Type.Optional(Type.Object({})),
        response: replies(Type.Object({ id: Type.String(), retried: Type.Boolean() })),
      },
    },
    async (request) => {
      const { id } = request.params;
      const dead = (await ctx.jobs.dead(1000)).find((d) => d.id === id);
      if (!dead || !(await ctx.jobs.retry(id))) throw new AppError('NO_DATA', 404);
      await app.audit.write(actorOf(request), {
        action: 'job.retry',
        target: `${dead.queue}:${id}`,
        before: { attempts: dead.attempts, lastError: dead.lastError },
      });
      return success({ id, retried: true });
    },
  );
};
