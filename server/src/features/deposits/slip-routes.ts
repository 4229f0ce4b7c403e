import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { idempotent } from '../../core/idempotency';
import { AppError } from '../../platform/errors';
import { auth, requireMember } from '../../platform/http/auth';
import { inputProblem } from '../../platform/http/input';
import { bearer, replies, success } from '../../platform/http/schemas';
import { sendUpload } from '../../platform/http/security';
import { reserveDeposit } from './member-limits';
import { sniffImage } from './slip-verifier';
import { closingWindowOf, insideClosingWindow, uploadRulesOf } from './slip-window';
import * as S from './schemas';

/** POST /api/wallet/slip (multipart upload) and GET /api/slip-image/:reference (signed image URL). */
export const slipRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, content, deposits: m } = app;
  const moneyMoving = idempotent(requireMember);

  await app.register(fastifyMultipart, {
    limits: { fileSize: m.options.slipMaxBytes, files: 1, fields: 4, fieldSize: 64, parts: 6 },
  });

  app.post(
    '/wallet/slip',
    {
      ...moneyMoving,
      schema: {
        tags: ['deposit'],
        security: bearer,
        summary:
          'Upload a transfer slip (multipart: file = JPEG or PNG ≤ 5 MB, optional amount in minor units); ' +
          'refused with SLIP_UPLOAD_FAIL when GET /api/lookup/slip says uploads are off or inside its daily ' +
          'closing window, and with SLIP_INVALID_FILE above its maxSizeBytes or of a type not in its accept',
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
      const memberId = auth(request).memberId;
      // The operator's slip settings (GET /api/lookup/slip): uploads turned off, or the daily closing window the
      // member is shown: no upload. Checked before the per-member limit, so a refused upload does not count.
      const settings = await content.get('slip', ctx.defaultLocale);
      const rules = uploadRulesOf(settings);
      const closing = closingWindowOf(settings);
      if (!rules.enabled || (closing && insideClosingWindow(ctx.clock.now(), closing)))
        throw new AppError('SLIP_UPLOAD_FAIL', 409);
      await reserveDeposit(ctx.rateLimit, ctx.limits, 'slip', memberId);
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
      // The operator's size and types, within the deployment's (the multipart limit above; JPEG and PNG).
      if (rules.maxSizeBytes !== undefined && file.length > rules.maxSizeBytes)
        throw new AppError('SLIP_INVALID_FILE', 413);
      const mime = sniffImage(file);
      if (mime && rules.accept && !rules.accept.includes(mime)) throw new AppError('SLIP_INVALID_FILE', 400);
      // Multipart fields are text: the same input rules as JSON (platform/http/input.ts); the amount in decimal
      // digits only (no "0x64", "1e2", " 100 ").
      if (inputProblem(originalName) || (amountRaw !== undefined && inputProblem(amountRaw)))
        throw new AppError('KEY_INVALID', 400);
      let declaredAmount: number | undefined;
      if (amountRaw !== undefined && amountRaw.trim() !== '') {
        declaredAmount = /^[0-9]{1,15}$/.test(amountRaw) ? Number(amountRaw) : NaN;
        if (!Number.isSafeInteger(declaredAmount) || declaredAmount <= 0)
          throw new AppError('KEY_INVALID', 400);
      }
      return success(await m.slips.upload(memberId, { file, originalName, declaredAmount }));
    },
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
      // Content-Disposition and a sandboxing CSP: an uploaded file never runs as a page of the site.
      const ext = img.mime === 'image/png' ? 'png' : 'jpg';
      return sendUpload(reply, {
        mime: img.mime,
        data: img.data,
        name: `slip-${request.params.reference}.${ext}`,
      });
    },
  );
};
