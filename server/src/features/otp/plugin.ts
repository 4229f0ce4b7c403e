import fp from 'fastify-plugin';
import { OtpService } from './otp-service';
import { otpRoutes } from './routes';
import { smsSandboxRoutes } from './sandbox-routes';
import { SandboxSmsAdapter, UnconfiguredSmsAdapter, type SmsAdapter } from './sms';
import { smsGateway } from './sms-gateways';

declare module 'fastify' {
  interface FastifyInstance {
    /** One-time codes by SMS (registration). */
    otp: OtpService;
  }
}

export interface OtpPluginOptions {
  /**
   * Another SMS adapter (tests); by default the configured gateway (SMS_PROVIDER), else the sandbox outbox while
   * SANDBOX is on, else none (OTP_SEND_FAIL).
   */
  sms?: SmsAdapter;
}

/** OTP: POST /api/otp/send and /verify, the SMS adapter, and GET /sandbox/sms while SANDBOX is on. */
export const otpPlugin = fp<OtpPluginOptions>(
  async (app, opts) => {
    const { ctx } = app;
    const gateway = opts.sms ?? smsGateway(ctx.config, app.log);
    const sandboxSms = ctx.config.sandbox && !gateway ? new SandboxSmsAdapter(app.log, ctx.clock) : undefined;
    // Counted and timed as provider `sms` (wallet_provider_calls_total).
    const sms: SmsAdapter = ctx.metrics.instrument(
      gateway ?? sandboxSms ?? new UnconfiguredSmsAdapter(),
      'sms',
      ['send'],
    );
    app.decorate(
      'otp',
      new OtpService(
        ctx.db,
        ctx.clock,
        ctx.limits,
        ctx.rateLimit,
        sms,
        ctx.secrets.jwtSecret,
        ctx.config.laos,
      ),
    );
    await app.register(otpRoutes, { prefix: '/api' });
    if (ctx.config.sandbox) await app.register(smsSandboxRoutes, { prefix: '/sandbox', outbox: sandboxSms });
  },
  { name: 'otp', fastify: '5.x' },
);
