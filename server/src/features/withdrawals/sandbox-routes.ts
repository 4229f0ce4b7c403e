import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { localOrOperator } from '../../platform/http/sandbox-guard';
import type { SandboxPayoutAdapter } from './payout-adapter';

/** The sandbox bank's endpoint (only while SANDBOX is on): settle a pending payout now. Plain JSON. */
export const payoutSandboxRoutes: FastifyPluginAsyncTypebox<{ bank: SandboxPayoutAdapter }> = async (
  app,
  { bank },
) => {
  const { withdrawals } = app;
  const tags = ['sandbox'];

  app.post(
    '/payouts/:withdrawalId/settle',
    {
      schema: {
        tags,
        summary: 'Settle a pending payout now (success or failed → money back to the wallet)',
        params: Type.Object({ withdrawalId: Type.String({ maxLength: 64 }) }),
        body: Type.Object({ outcome: Type.Union([Type.Literal('success'), Type.Literal('failed')]) }),
        response: {
          200: Type.Object({ withdrawalId: Type.String(), status: Type.String() }),
        },
      },
      // Settles any member's payout: this machine or the operator only.
      onRequest: localOrOperator(app.ctx),
    },
    async (request) => {
      const { withdrawalId } = request.params;
      await bank.force(withdrawalId, request.body.outcome === 'success' ? 'SUCCESS' : 'FAILED');
      const status = await withdrawals.poll(withdrawalId);
      return { withdrawalId, status };
    },
  );
};
