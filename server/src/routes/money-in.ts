import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/**
 * Money coming in and rewards: deposit lookups, QR payment channels, bank-transfer and payment webhooks, slip
 * upload, wallet gift links, invite and refund (cashback). Registered under `/api` by buildApp().
 */
export const moneyInRoutes: FastifyPluginAsyncTypebox = async () => {};
