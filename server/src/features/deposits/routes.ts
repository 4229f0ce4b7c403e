import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { idempotent } from '../../core/idempotency';
import { auth, requireMember } from '../../platform/http/auth';
import { bearer, replies, success } from '../../platform/http/schemas';
import { pickLocale } from '../../platform/locale';
import { depositLookup, qrChannelsFor } from './deposit-lookup';
import { AppError } from '../../platform/errors';
import { reserveDeposit } from './member-limits';
import * as S from './schemas';

/**
 * Deposits under /api: the deposit lookup, QR payment channels, the bank-transfer notice and wallet gift links.
 * Slips are in slip-routes.ts, the signed webhooks in webhook-routes.ts; the rules in docs/money-in.md.
 */
export const depositRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, content, deposits: m } = app;
  const member = { preHandler: requireMember };
  /** Money-moving routes: auth, then the Idempotency-Key check (docs/ledger.md); the first response is replayed. */
  const moneyMoving = idempotent(requireMember);
  const locale = (request: FastifyRequest) =>
    pickLocale(request.headers['accept-language'], ctx.defaultLocale);

  /**
   * The wallet currency the deposit lookup answers for: the signed-in member's when a valid token comes with the
   * request (a THB member of the Laos build sees the baht channels), else the build's default (LAK with LAOS=1).
   */
  const lookupCurrency = async (request: FastifyRequest): Promise<string> => {
    const fallback = ctx.config.laos ? 'LAK' : 'THB';
    if (!/^Bearer\s+\S+/i.test(request.headers.authorization ?? '')) return fallback;
    try {
      const payload = await request.jwtVerify<{ sub?: unknown }>();
      if (typeof payload.sub !== 'string') return fallback;
      return await ctx.ledger.memberCurrency(ctx.db, payload.sub);
    } catch {
      return fallback;
    }
  };

  // ---- deposit lookup (served here so it carries the QR channels; the content lookups skip `deposit`)
  app.get(
    '/lookup/deposit',
    {
      schema: {
        tags: ['lookup'],
        summary: 'Deposit channels: bank accounts, e-wallets, QR channels with minimums and quick amounts',
        response: replies(S.DepositLookup),
      },
    },
    async (request) =>
      success(
        await depositLookup(
          content,
          await lookupCurrency(request),
          m.options,
          locale(request),
          ctx.config.laos,
        ),
      ),
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
      // A channel the deposit lookup does not offer for this currency (a Thai channel for kip, the Lao QR for baht)
      // is refused here.
      if (!qrChannelsFor(currency).includes(request.params.channel))
        throw new AppError('QR_FAIL', 400, 'QR_CHANNEL_UNAVAILABLE');
      await reserveDeposit(ctx.rateLimit, ctx.limits, 'qr', memberId);
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
    async (request) => {
      const memberId = auth(request).memberId;
      await reserveDeposit(ctx.rateLimit, ctx.limits, 'notice', memberId);
      return success(await m.bank.notice(memberId, request.body.amount));
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
    async (request) => {
      const memberId = auth(request).memberId;
      // Gift links pay baht e-wallets: a kip wallet has none behind it (the lookup lists no wallets for LAK).
      if ((await ctx.ledger.memberCurrency(ctx.db, memberId)) !== 'THB') throw new AppError('NO_WALLET', 400);
      return success(await m.giftLinks.redeem(memberId, request.body.link));
    },
  );
};
