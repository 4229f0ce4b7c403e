import fp from 'fastify-plugin';
import { depositContentShape, siteCurrencies } from './deposit-lookup';
import { depositRoutes } from './routes';
import { depositSandboxRoutes } from './sandbox-routes';
import { buildDeposits, type DepositServices } from './services';
import { slipOpsRoutes } from './ops-routes';
import { slipRoutes } from './slip-routes';
import { webhookRoutes } from './webhook-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** QR payments, bank transfers, slips and gift links; every credit then meets the invite rule. */
    deposits: DepositServices;
  }
}

/**
 * Deposits: GET /api/lookup/deposit, QR payment channels, bank-transfer notices, slips, wallet gift links, the
 * signed payment and bank webhooks, and the sandbox payment systems while SANDBOX is on.
 */
export const depositsPlugin = fp(
  async (app) => {
    app.content.define('deposit', depositContentShape(siteCurrencies(app.ctx.config.laos), app.content));
    const deposits = buildDeposits(app.ctx, app.content, app.invites, app.members, app.log);
    app.decorate('deposits', deposits);
    // With a real slip verifier, the slips it gave no answer for are asked about again every minute for a day
    // (one job per slip, added with the upload).
    if (app.ctx.config.slipVerifier) deposits.slips.useJobs(app.ctx.jobs, app.ctx.config.jobSweepMs);
    const inReview = app.ctx.metrics.gauge(
      'wallet_slips_in_review',
      'Slips waiting for a decision (PROCESSING: the verifier gave no answer; an operator decides)',
    );
    app.ctx.metrics.onScrape('slips', [inReview], async () => {
      inReview.set(await deposits.slips.inReviewCount());
    });
    await app.register(depositRoutes, { prefix: '/api' });
    await app.register(slipRoutes, { prefix: '/api' });
    await app.register(slipOpsRoutes, { prefix: '/api/ops' });
    await app.register(webhookRoutes, { prefix: '/api' });
    if (app.ctx.config.sandbox) await app.register(depositSandboxRoutes, { prefix: '/sandbox' });
  },
  { name: 'deposits', fastify: '5.x', dependencies: ['content', 'accounts', 'invite', 'operators'] },
);
