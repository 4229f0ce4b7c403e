import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors';
import { auth, requireMember } from '../../platform/http/auth';
import { bearer, replies, success } from '../../platform/http/schemas';
import { operationView, OperationViewSchema } from './http';
import type { Operation } from './store';

/** A member looks up one of its money operations: by id (statement entries carry it) or by Idempotency-Key. */
export const operationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { operations } = app;
  const tags = ['wallet'];
  const own = (memberId: string, op: Operation | undefined): Operation => {
    if (!op || op.memberId !== memberId) throw new AppError('NO_DATA', 404);
    return op;
  };

  app.get(
    '/operations/:id',
    {
      preHandler: requireMember,
      schema: {
        tags,
        security: bearer,
        summary: 'A money operation and its legs, by operation id',
        params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: replies(OperationViewSchema),
      },
    },
    async (request) => {
      const { memberId } = auth(request);
      return success(operationView(own(memberId, await operations.store.byId(request.params.id))));
    },
  );

  app.get(
    '/operations/key/:key',
    {
      preHandler: requireMember,
      schema: {
        tags,
        security: bearer,
        summary: 'A money operation and its legs, by the Idempotency-Key of the request that started it',
        params: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) }),
        response: replies(OperationViewSchema),
      },
    },
    async (request) => {
      const { memberId } = auth(request);
      return success(
        operationView(own(memberId, await operations.store.byKey(memberId, request.params.key))),
      );
    },
  );
};
