import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors';
import { auth, requireMember } from '../../platform/http/auth';
import { idempotent } from '../../core/idempotency';
import { bearer, replies, success } from '../../platform/http/schemas';
import { depositLookup, inviteSummary, moneyIn } from '.';
import * as S from './schemas';
import { verifyWebhook } from './webhook-signature';
import { pickLocale } from '../content/content-service';

/**
 * Money coming in and rewards: deposit lookups, QR payment channels, bank-transfer and payment webhooks, slip
 * upload, wallet gift links, invite and refund (cashback). Registered under `/api` by buildApp(). The rules are
 * in docs/money-in.md; the services in src/money-in/.
 */
export const moneyInRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const m = moneyIn(ctx);
  await m.banners.seed();
  // GET /api/wallet's `invite` (ctx.inviteSummary answers zeros until this plugin registers).
  ctx.inviteSummary = (memberId) => inviteSummary(ctx.db, memberId);
  const member = { preHandler: requireMember };
  /** Money-moving routes: auth, then the Idempotency-Key check (docs/ledger.md); the first response is replayed. */
  const moneyMoving = idempotent(requireMember);
  const locale = (request: FastifyRequest) =>
    pickLocale(request.headers['accept-language'], ctx.defaultLocale);

  await app.register(fastifyMultipart, {
    limits: { fileSize: m.options.slipMaxBytes, files: 1, fields: 4, fieldSize: 64, parts: 6 },
  });

  // ---- deposit lookup (served here so it carries the QR channels; the platform's lookup skips `deposit`)
  app.get(
    '/lookup/deposit',
    {
      schema: {
        tags: ['lookup'],
        summary: 'Deposit channels: bank accounts, e-wallets, QR channels with minimums and quick amounts',
        response: replies(S.DepositLookup),
      },
    },
    async (request) => success(await depositLookup(ctx, m.options, locale(request))),
  );

  // ---- QR payment channels
  const qrTags = ['deposit'];
  app.get(
    '/qrcode/:channel',
    {
      ...member,
      config: { validationCode: 'QR_FAIL' },
      schema: {
        tags: qrTags,
        security: bearer,
        summary: 'The pending QR of a channel, or hasQrcode false',
        params: Type.Object({ channel: S.QrChannelParam }),
        response: replies(S.QrState),
      },
    },
    async (request) => success(await m.qr.current(auth(request).memberId, request.params.channel)),
  );

  app.post(
    '/qrcode/:channel',
    {
      ...moneyMoving,
      config: { validationCode: 'QR_FAIL' },
      schema: {
        tags: qrTags,
        security: bearer,
        summary: 'Create a QR payment of amount (minor units; at least the channel minimum)',
        params: Type.Object({ channel: S.QrChannelParam }),
        body: Type.Object({ amount: S.MinorAmount }),
        response: replies(S.QrState),
      },
    },
    async (request) => {
      const memberId = auth(request).memberId;
      const currency = await ctx.ledger.memberCurrency(ctx.db, memberId);
      return success(await m.qr.create(memberId, request.params.channel, request.body.amount, currency));
    },
  );

  app.delete(
    '/qrcode/:qrcodeId',
    {
      ...member,
      schema: {
        tags: qrTags,
        security: bearer,
        summary: 'Cancel a pending QR',
        params: Type.Object({ qrcodeId: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: replies(Type.Object({ cancelled: Type.Literal(true) })),
      },
    },
    async (request) => {
      await m.qr.cancel(auth(request).memberId, request.params.qrcodeId);
      return success({ cancelled: true as const });
    },
  );

  // ---- bank transfer notice
  app.post(
    '/wallet/add',
    {
      ...moneyMoving,
      config: { validationCode: 'TRANSFER_MINIMUM' },
      schema: {
        tags: ['deposit'],
        security: bearer,
        summary: 'Manual deposit notice: a bank transfer of amount is on its way (matched when it arrives)',
        body: Type.Object({ amount: S.MinorAmount }),
        response: replies(Type.Object({ depositId: Type.String(), status: Type.Literal('PENDING') })),
      },
    },
    async (request) => success(await m.deposits.notice(auth(request).memberId, request.body.amount)),
  );

  // ---- slips
  app.post(
    '/wallet/slip',
    {
      ...moneyMoving,
      schema: {
        tags: ['deposit'],
        security: bearer,
        summary:
          'Upload a transfer slip (multipart: file = JPEG or PNG ≤ 5 MB, optional amount in minor units)',
        body: {
          content: {
            'multipart/form-data': {
              schema: Type.Unknown({
                description: 'fields: file (JPEG or PNG, at most 5 MB), amount (optional, minor units)',
              }),
            },
          },
        },
        response: replies(S.Slip),
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('SLIP_NO_FILE', 400);
      let file: Buffer | undefined;
      let originalName = '';
      let amountRaw: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'file' && !file) {
              file = data;
              originalName = part.filename;
            }
          } else if (part.fieldname === 'amount' && typeof part.value === 'string') {
            amountRaw = part.value;
          }
        }
      } catch (e) {
        const code = typeof e === 'object' && e !== null && 'code' in e ? String(e.code) : '';
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('SLIP_INVALID_FILE', 413);
        if (code.startsWith('FST_')) throw new AppError('SLIP_INVALID_FILE', 400);
        throw e;
      }
      if (!file || file.length === 0) throw new AppError('SLIP_NO_FILE', 400);
      let declaredAmount: number | undefined;
      if (amountRaw !== undefined && amountRaw.trim() !== '') {
        declaredAmount = Number(amountRaw);
        if (!Number.isSafeInteger(declaredAmount) || declaredAmount <= 0)
          throw new AppError('KEY_INVALID', 400);
      }
      return success(await m.slips.upload(auth(request).memberId, { file, originalName, declaredAmount }));
    },
  );

  app.post(
    '/statement/slip',
    {
      ...member,
      schema: {
        tags: ['statement'],
        security: bearer,
        summary: 'Uploaded slips, newest first',
        body: S.Page,
        response: replies(Type.Object({ total: Type.Integer(), slips: Type.Array(S.Slip) })),
      },
    },
    async (request) =>
      success(await m.slips.list(auth(request).memberId, request.body.page, request.body.limit)),
  );

  app.get(
    '/statement/slip/reference/:reference',
    {
      ...member,
      schema: {
        tags: ['statement'],
        security: bearer,
        summary: 'A short-lived URL of one of the member’s slip images',
        params: Type.Object({ reference: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: replies(Type.Object({ url: Type.String() })),
      },
    },
    async (request) => success(await m.slips.urlFor(auth(request).memberId, request.params.reference)),
  );

  app.get(
    '/slip-image/:reference',
    {
      schema: {
        tags: ['statement'],
        summary:
          'The slip image behind a signed URL (the signature is the authorisation; expires in minutes)',
        params: Type.Object({ reference: Type.String({ minLength: 1, maxLength: 64 }) }),
        querystring: Type.Object({ exp: Type.String(), sig: Type.String() }),
      },
    },
    async (request, reply) => {
      const img = await m.slips.image(request.params.reference, request.query.exp, request.query.sig);
      if (!img) throw new AppError('NO_DATA', 404);
      return reply
        .type(img.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(img.data);
    },
  );

  // ---- wallet gift link
  app.post(
    '/wallet/truelink',
    {
      ...moneyMoving,
      config: { validationCode: 'TRUELINK_INVALID' },
      schema: {
        tags: ['deposit'],
        security: bearer,
        summary: 'Redeem a wallet gift link (client-encrypted `link::walletName`, docs/money-in.md)',
        body: Type.Object({ link: Type.String({ minLength: 1, maxLength: 4096 }) }),
        response: replies(Type.Object({ amount: Type.Integer(), status: Type.Literal('SUCCESS') })),
      },
    },
    async (request) => success(await m.giftLinks.redeem(auth(request).memberId, request.body.link)),
  );

  // ---- invite
  app.post(
    '/invite',
    {
      ...member,
      schema: {
        tags: ['invite'],
        security: bearer,
        summary: 'The member’s invitees, newest first, with the bonus each earned',
        body: S.Page,
        response: replies(Type.Object({ invites: Type.Array(S.InviteEntry), total: Type.Integer() })),
      },
    },
    async (request) =>
      success(await m.invites.list(auth(request).memberId, request.body.page, request.body.limit)),
  );

  app.get(
    '/invite/bonus',
    {
      ...moneyMoving,
      schema: {
        tags: ['invite'],
        security: bearer,
        summary: 'Receive the unclaimed invite bonus into the wallet',
        response: replies(
          Type.Object({ amount: Type.Integer(), message: Type.Literal('INVITE_BONUS_SUCCESS') }),
        ),
      },
    },
    async (request) => success(await m.invites.receive(auth(request).memberId)),
  );

  app.get(
    '/invite/banners',
    { schema: { tags: ['invite'], summary: 'Invite banners', response: replies(Type.Array(S.Banner)) } },
    async (request) => success(await m.banners.list('invite', locale(request))),
  );

  // ---- refund (cashback)
  app.post(
    '/refund',
    {
      ...member,
      schema: {
        tags: ['refund'],
        security: bearer,
        summary: 'Refunds received, newest first',
        body: S.Page,
        response: replies(
          Type.Object({
            refunds: Type.Array(Type.Object({ refundAmount: Type.Integer(), createdAt: Type.String() })),
            total: Type.Integer(),
          }),
        ),
      },
    },
    async (request) =>
      success(await m.refunds.list(auth(request).memberId, request.body.page, request.body.limit)),
  );

  app.get(
    '/refund/check',
    {
      ...member,
      schema: {
        tags: ['refund'],
        security: bearer,
        summary: 'Refund state',
        response: replies(S.RefundCheck),
      },
    },
    async (request) => success(await m.refunds.check(auth(request).memberId, locale(request))),
  );

  app.get(
    '/refund/receive',
    {
      ...moneyMoving,
      schema: {
        tags: ['refund'],
        security: bearer,
        summary: 'Accrue last week’s refund into the refund balance (once per week)',
        response: replies(
          Type.Object({ message: Type.Literal('REFUND_SUCCESS'), refundAmount: Type.Integer() }),
        ),
      },
    },
    async (request) => success(await m.refunds.receive(auth(request).memberId)),
  );

  app.get(
    '/refund/addWallet',
    {
      ...moneyMoving,
      schema: {
        tags: ['refund'],
        security: bearer,
        summary: 'Move the refund balance into the wallet',
        response: replies(Type.Object({ message: Type.Literal('REFUND_SUCCESS'), amount: Type.Integer() })),
      },
    },
    async (request) => success(await m.refunds.addWallet(auth(request).memberId)),
  );

  app.get(
    '/refund/banners',
    { schema: { tags: ['refund'], summary: 'Refund banners', response: replies(Type.Array(S.Banner)) } },
    async (request) => success(await m.banners.list('refund', locale(request))),
  );

  // ---- webhooks: raw body (the signature covers the exact bytes), parsed after the check
  const webhooks: FastifyPluginAsyncTypebox = async (hooks) => {
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
      if (!Value.Check(schema, parsed)) throw new AppError('KEY_INVALID', 400);
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
        const result = await m.deposits.onBankTransfer(body, raw);
        return success({ received: true as const, ...result });
      },
    );
  };
  await app.register(webhooks);
};
