import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { localOrOperator } from '../../platform/http/sandbox-guard';
import type { SandboxSmsAdapter } from './sms';

/** GET /sandbox/sms: the sandbox SMS adapter's outbox (only while SANDBOX is on). Plain JSON, no envelope. */
export const smsSandboxRoutes: FastifyPluginAsyncTypebox<{ outbox: SandboxSmsAdapter | undefined }> = async (
  app,
  { outbox },
) => {
  app.get(
    '/sms',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Outbox of the sandbox SMS adapter, newest first',
        response: {
          200: Type.Array(
            Type.Object({
              to: Type.String(),
              text: Type.String(),
              otpRef: Type.Union([Type.String(), Type.Null()]),
              createdAt: Type.String({ format: 'date-time' }),
            }),
          ),
        },
      },
      // Every member's one-time codes: this machine or the operator only.
      onRequest: localOrOperator(app.ctx),
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return outbox?.outbox() ?? [];
    },
  );
};
