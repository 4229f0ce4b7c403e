import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { inputProblem } from '../../platform/http/input';
import { replies, success } from '../../platform/http/schemas';
import * as S from './schemas';
import { verifyWebhook } from './webhook-signature';

/** The largest amount a webhook may report, minor units (as the member-facing routes' MinorAmount). */
const MAX_WEBHOOK_AMOUNT = S.MinorAmount.maximum ?? 100_000_000_00;

/**
 * POST /api/webhooks/payments/:channel and /api/webhooks/bank: raw body (the signature covers the exact bytes),
 * parsed after the check. The JSON parser is replaced in this plugin only.
 */
export const webhookRoutes: FastifyPluginAsyncTypebox = async (hooks) => {
  const { ctx, deposits: m } = hooks;
  hooks.removeContentTypeParser('application/json');
  hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  const verified = <T extends TSchema>(
    request: FastifyRequest,
    schema: T,
  ): { body: Static<T>; raw: unknown } => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const header = (name: string) => {
      const v = request.headers[name];
      return typeof v === 'string' ? v : undefined;
    };
    const check = verifyWebhook(
      ctx.secrets.webhookSecret,
      { signature: header('x-signature'), timestamp: header('x-timestamp') },
      rawBody,
      ctx.clock.now().getTime(),
    );
    if (check !== 'ok') {
      request.log.warn({ check, url: request.url }, 'webhook refused');
      throw new AppError('KEY_INVALID', 401);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new AppError('KEY_INVALID', 400);
    }
    // The input rules of every route (platform/http/input.ts) and a bounded, safe-integer amount: a provider's
    // 1e20 or "100" is refused (400), never a database error.
    if (!Value.Check(schema, parsed) || inputProblem(parsed) !== undefined)
      throw new AppError('KEY_INVALID', 400);
    const amount = (parsed as { amount?: unknown }).amount;
    if (typeof amount === 'number' && !(Number.isSafeInteger(amount) && amount <= MAX_WEBHOOK_AMOUNT))
      throw new AppError('KEY_INVALID', 400);
    return { body: parsed, raw: parsed };
  };

  hooks.post(
    '/webhooks/payments/:channel',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Payment channel notification (HMAC-SHA256 over `X-Timestamp.body` in X-Signature)',
        params: Type.Object({ channel: S.QrChannelParam }),
        body: Type.String({
          description:
            'JSON {txid, qrcodeId, channelRef, amount, currency, status: "PAID", paidAt}, checked after the signature',
        }),
        response: replies(S.WebhookAck),
      },
    },
    async (request) => {
      const { body, raw } = verified(request, S.PaymentWebhook);
      const result = await m.qr.onPaid(request.params.channel, body, raw);
      return success({ received: true as const, ...result });
    },
  );

  hooks.post(
    '/webhooks/bank',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Incoming bank transfer (signed like the payment webhooks)',
        body: Type.String({
          description:
            'JSON {txid, fromBankCode, fromAccountNo, amount, currency, transferredAt}, checked after the signature',
        }),
        response: replies(S.WebhookAck),
      },
    },
    async (request) => {
      const { body, raw } = verified(request, S.BankWebhook);
      const result = await m.bank.onBankTransfer(body, raw);
      return success({ received: true as const, ...result });
    },
  );
};
