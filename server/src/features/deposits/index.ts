import type { AppContext } from '../../platform/context';
import { Banners } from '../content/banners';
import { ChannelUnavailableError, SandboxPaymentChannel, type PaymentChannelAdapter } from './channels';
import { walletNames } from './deposit-lookup';
import { Deposits } from './deposits';
import { GiftLinks, SandboxGiftVouchers, type GiftVoucherProvider } from './gift-links';
import { Invites } from '../invite/invites';
import { ledgerPort } from './ledger-adapter';
import { moneyInOptions, type MoneyInOptions } from './options';
import { QrPayments } from './qr-payments';
import { Refunds } from '../refund/refunds';
import { SandboxSlipVerifier, Slips, type SlipVerifier } from './slips';
import { QR_CHANNELS, type QrChannel } from './tables';

export { inviteSummary, type InviteSummary } from '../invite/invites';
export { depositLookup } from './deposit-lookup';

/** The money-in services of one app. */
export interface MoneyIn {
  options: MoneyInOptions;
  channels: Record<QrChannel, PaymentChannelAdapter>;
  /** Set when SANDBOX is on: the sandbox channels (tests switch one `down`). */
  sandboxChannels: Record<QrChannel, SandboxPaymentChannel> | undefined;
  qr: QrPayments;
  deposits: Deposits;
  slips: Slips;
  giftLinks: GiftLinks;
  invites: Invites;
  refunds: Refunds;
  banners: Banners;
}

const byContext = new WeakMap<AppContext, MoneyIn>();

/**
 * The money-in services of the app owning `ctx`, built on first use (both money-in plugins share them).
 * Real adapters for channels, slip verification and gift vouchers are not configured yet: without SANDBOX the
 * channels answer QR_FAIL and slips stay PROCESSING for an operator.
 */
export function moneyIn(ctx: AppContext): MoneyIn {
  const existing = byContext.get(ctx);
  if (existing) return existing;
  const options = moneyInOptions();
  const ledger = ledgerPort(ctx);
  const sandboxChannels = ctx.config.sandbox
    ? (Object.fromEntries(QR_CHANNELS.map((c) => [c, new SandboxPaymentChannel(c)])) as Record<
        QrChannel,
        SandboxPaymentChannel
      >)
    : undefined;
  const channels: Record<QrChannel, PaymentChannelAdapter> =
    sandboxChannels ??
    (Object.fromEntries(QR_CHANNELS.map((c) => [c, unconfiguredChannel(c)])) as Record<
      QrChannel,
      PaymentChannelAdapter
    >);
  const verifier: SlipVerifier = ctx.config.sandbox ? new SandboxSlipVerifier() : unconfiguredVerifier;
  const vouchers: GiftVoucherProvider = ctx.config.sandbox ? new SandboxGiftVouchers() : unconfiguredVouchers;

  const invites = new Invites(ctx.db, ctx.clock, ledger);
  const deposits = new Deposits(ctx.db, ctx.clock, ledger, invites);
  const services: MoneyIn = {
    options,
    channels,
    sandboxChannels,
    qr: new QrPayments(ctx.db, ctx.clock, options, channels, deposits),
    deposits,
    slips: new Slips(
      ctx.db,
      ctx.clock,
      options,
      verifier,
      deposits,
      ctx.config.dataDir,
      ctx.secrets.jwtSecret,
    ),
    giftLinks: new GiftLinks(ctx.db, ctx.clock, options, vouchers, deposits, () => walletNames(ctx, options)),
    invites,
    refunds: new Refunds(ctx.db, ctx.clock, ledger),
    banners: new Banners(ctx.db),
  };
  byContext.set(ctx, services);
  return services;
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
