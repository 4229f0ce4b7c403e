import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context';
import { LinkSigner } from '../../platform/http/sandbox-guard';
import { moneyLedger } from '../../core/money-in-ledger';
import type { MemberDirectory } from '../accounts/member-directory';
import type { ContentService } from '../content/content-service';
import type { Invites } from '../invite/invites';
import { ChannelUnavailableError, SandboxPaymentChannel, type PaymentChannelAdapter } from './channels';
import { walletNames } from './deposit-lookup';
import { Deposits } from './deposits';
import { EasySlipVerifier } from './easyslip';
import { GiftLinks, SandboxGiftVouchers, type GiftVoucherProvider } from './gift-links';
import { moneyInOptions, type MoneyInOptions } from './options';
import { QrPayments } from './qr-payments';
import { SandboxSlipVerifier, type SlipVerdict, type SlipVerifier } from './slip-verifier';
import { Slips } from './slips';
import { QR_CHANNELS, type QrChannel } from './tables';

/** The deposit services of one app (`app.deposits`). */
export interface DepositServices {
  options: MoneyInOptions;
  channels: Record<QrChannel, PaymentChannelAdapter>;
  /** Set when SANDBOX is on: the sandbox channels (tests switch one `down`). */
  sandboxChannels: Record<QrChannel, SandboxPaymentChannel> | undefined;
  /** Signs the sandbox pay links (`/sandbox/pay/<qrcodeId>?sig=…`) and checks them on the pay routes. */
  payLinks: LinkSigner;
  qr: QrPayments;
  /** Credits of every channel (then the invite rule), bank-transfer notices and matching. */
  bank: Deposits;
  slips: Slips;
  giftLinks: GiftLinks;
}

/**
 * The deposit services over the platform, the content service (deposit lookup), the invite service (the
 * first-deposit rule) and the member directory (bank transfers are matched to a member's payout account). Slips are
 * verified by EasySlip when SLIP_VERIFIER=easyslip (easyslip.ts). Real adapters for creating QR intents at a
 * channel and for gift vouchers are not configured yet: without SANDBOX the channels answer QR_FAIL and gift links
 * TRUELINK_INVALID; without any slip verifier slips stay PROCESSING for an operator.
 */
export function buildDeposits(
  ctx: AppContext,
  content: ContentService,
  invites: Invites,
  members: MemberDirectory,
  log: FastifyBaseLogger,
): DepositServices {
  const options = moneyInOptions(ctx.config.qrMinimums);
  const ledger = moneyLedger(ctx.ledger);
  const payLinks = new LinkSigner(ctx.secrets.jwtSecret, 'qr-pay');
  const sandboxChannels = ctx.config.sandbox
    ? (Object.fromEntries(QR_CHANNELS.map((c) => [c, new SandboxPaymentChannel(c, payLinks)])) as Record<
        QrChannel,
        SandboxPaymentChannel
      >)
    : undefined;
  const { metrics } = ctx;
  // Each outside service behind its adapter is counted and timed as a provider (wallet_provider_calls_total):
  // the payment channels as `payments`, the slip verifier as `slips`, the gift vouchers as `vouchers`.
  const channels = Object.fromEntries(
    QR_CHANNELS.map((c) => [
      c,
      metrics.instrument(sandboxChannels?.[c] ?? unconfiguredChannel(c), 'payments', [
        'createIntent',
        'cancelIntent',
      ]),
    ]),
  ) as Record<QrChannel, PaymentChannelAdapter>;
  // The configured slip-verification service (SLIP_VERIFIER) wins; else the sandbox's while SANDBOX is on.
  const verifier: SlipVerifier = metrics.instrument(
    ctx.config.slipVerifier
      ? new EasySlipVerifier(ctx.config.slipVerifier, ctx.config.providerTimeoutMs, ctx.clock, log)
      : ctx.config.sandbox
        ? new SandboxSlipVerifier()
        : unconfiguredVerifier,
    'slips',
    ['verify'],
    (_call, verdict) => ((verdict as SlipVerdict).ok ? 'ok' : 'refused'),
  );
  const vouchers: GiftVoucherProvider = metrics.instrument(
    ctx.config.sandbox ? new SandboxGiftVouchers() : unconfiguredVouchers,
    'vouchers',
    ['inspect', 'redeem'],
    (_call, check) => ((check as { ok: boolean }).ok ? 'ok' : 'refused'),
  );

  const deposits = new Deposits(ctx.db, ctx.clock, ledger, invites, members);
  return {
    options,
    channels,
    sandboxChannels,
    payLinks,
    qr: new QrPayments(ctx.db, ctx.clock, options, channels, deposits, ctx.events),
    bank: deposits,
    slips: new Slips(
      ctx.db,
      ctx.clock,
      options,
      verifier,
      deposits,
      ctx.config.dataDir,
      ctx.secrets.jwtSecret,
      ctx.events,
    ),
    giftLinks: new GiftLinks(ctx.db, ctx.clock, options, vouchers, deposits, () =>
      walletNames(content, options),
    ),
  };
}

function unconfiguredChannel(channel: QrChannel): PaymentChannelAdapter {
  return {
    channel,
    createIntent: async () => {
      throw new ChannelUnavailableError(`${channel}: no payment channel configured`);
    },
    cancelIntent: async () => undefined,
    payUrl: () => null,
  };
}

const unconfiguredVerifier: SlipVerifier = {
  verify: async () => {
    throw new Error('no slip verifier configured');
  },
};

const unconfiguredVouchers: GiftVoucherProvider = {
  inspect: async () => ({ ok: false, reason: 'INVALID' }),
  redeem: async () => ({ ok: false, reason: 'INVALID' }),
};
