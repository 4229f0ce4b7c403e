import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { replies, success } from '../../platform/http/schemas';
import { pickLocale } from '../../platform/locale';

/** POST /api/otp/send and /api/otp/verify. */
export const otpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx, otp } = app;
  const tags = ['otp'];

  app.post(
    '/otp/send',
    {
      config: { validationCode: 'PHONE_NUMBER_REQUIRE_10_DIGIT' },
      schema: {
        tags,
        summary: 'Sends a one-time code by SMS (or returns the verified token of this phone)',
        body: Type.Object({ phoneNumber: Type.String({ maxLength: 32 }) }),
        response: replies(
          Type.Object({
            otpRef: Type.String(),
            otpToken: Type.String(),
            code: Type.Union([Type.Literal('OTP_SENT'), Type.Literal('OTP_VERIFIED')]),
          }),
        ),
      },
    },
    async (request) =>
      success(
        await otp.send(
          request.body.phoneNumber,
          request.ip,
          pickLocale(request.headers['accept-language'], ctx.defaultLocale),
        ),
      ),
  );

  app.post(
    '/otp/verify',
    {
      config: { validationCode: 'OTP_CODE_INVALID' },
      schema: {
        tags,
        summary: 'Verifies a one-time code against its token',
        body: Type.Object({
          otpToken: Type.String({ maxLength: 100 }),
          otpCode: Type.String({ maxLength: 20 }),
        }),
        response: replies(Type.Object({ code: Type.Literal('OTP_CODE_VALID') })),
      },
    },
    async (request) => {
      await otp.verify(request.body.otpToken, request.body.otpCode);
      return success({ code: 'OTP_CODE_VALID' as const });
    },
  );
};
