import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import QRCode from 'qrcode';
import { AppError } from '../../platform/errors';
import { replies, success } from '../../platform/http/schemas';
import { pickLocale } from '../../platform/locale';
import { CONTENT_SHAPES } from './shapes';

const Bank = Type.Object({
  code: Type.String(),
  nameTH: Type.String(),
  nameEN: Type.String(),
  nameLA: Type.String({ description: 'Lao name (Thai banks: the Thai name in Lao script)' }),
  country: Type.Union([Type.Literal('TH'), Type.Literal('LA')]),
  accountNoLength: Type.Object(
    { min: Type.Integer(), max: Type.Integer() },
    { description: 'Digits of an account number at this bank (registration checks it)' },
  ),
});

/** GET /api/lookup/*: banks, content lookups, the contact QR, service state and the public settings. */
export const lookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, content } = app;
  const tags = ['lookup'];
  /** The last generated QR PNG, keyed by the link it encodes (regenerated when the contact link changes). */
  const qrCache = new Map<string, Buffer>();
  const headers = Type.Object({ 'accept-language': Type.Optional(Type.String()) });

  app.get(
    '/banks',
    { schema: { tags, summary: 'Thai and Lao banks', headers, response: replies(Type.Array(Bank)) } },
    async () => {
      const rows = (await content.banks()).filter((r) => r.active);
      const home = ctx.config.laos ? 'LA' : 'TH';
      const sorted = [...rows.filter((r) => r.country === home), ...rows.filter((r) => r.country !== home)];
      return success(
        sorted.map((r) => ({
          code: r.code,
          nameTH: r.nameTH,
          nameEN: r.nameEN,
          nameLA: r.nameLA,
          country: r.country as 'TH' | 'LA',
          accountNoLength: { min: r.accountNo.min, max: r.accountNo.max },
        })),
      );
    },
  );

  for (const [key, { schema, summary }] of Object.entries(CONTENT_SHAPES)) {
    app.get(`/${key}`, { schema: { tags, summary, headers, response: replies(schema) } }, async (request) => {
      const value = await content.get(key, pickLocale(request.headers['accept-language'], ctx.defaultLocale));
      if (value === undefined) throw new AppError('NO_DATA', 404);
      return success(value);
    });
  }

  app.get(
    '/contact/qr.png',
    {
      schema: {
        tags,
        summary: 'PNG QR code of the support LINE link',
        response: { 200: Type.String({ format: 'binary' }), '4xx': Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const contact = await content.get('contact', ctx.defaultLocale);
      const link =
        typeof contact === 'object' && contact !== null && 'lineLink' in contact
          ? contact.lineLink
          : undefined;
      if (typeof link !== 'string' || link === '') throw new AppError('NO_DATA', 404);
      let png = qrCache.get(link);
      if (!png) {
        png = await QRCode.toBuffer(link, { type: 'png', width: 320, margin: 2, errorCorrectionLevel: 'M' });
        qrCache.clear();
        qrCache.set(link, png);
      }
      return reply.type('image/png').header('cache-control', 'public, max-age=300').send(png);
    },
  );

  app.get(
    '/active',
    {
      schema: {
        tags,
        summary: "Service state: terminated is 'gone' when the operator switched the service off",
        response: replies(Type.Object({ terminated: Type.Union([Type.Literal('gone'), Type.Null()]) })),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const active = await ctx.settings.get('service.active');
      return success({ terminated: active ? null : ('gone' as const) });
    },
  );

  app.get(
    '/registerOTP',
    {
      schema: {
        tags,
        summary: 'Whether registration requires a one-time code',
        response: replies(Type.Object({ registerOTP: Type.Boolean() })),
      },
    },
    async () => success({ registerOTP: await ctx.settings.get('registerOTP') }),
  );

  app.get(
    '/enableChatWidget',
    {
      schema: {
        tags,
        summary: 'Chat widget (true) or chat link (false) on the contact page',
        response: replies(Type.Object({ enableChatWidget: Type.Boolean() })),
      },
    },
    async () => success({ enableChatWidget: await ctx.settings.get('enableChatWidget') }),
  );
};
