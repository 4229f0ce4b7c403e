import { createHash, randomBytes } from 'node:crypto';
import type { LinkSigner } from '../../platform/http/sandbox-guard';
import { laoQr } from './lao-qr';
import { promptPayBill } from './promptpay';
import type { QrChannel } from './tables';

/** Quick amounts of §9, minor units (the Lao QR's in kip). */
export const QUICK_AMOUNTS: Record<QrChannel, number[]> = {
  KBANK: [10, 20, 50, 100, 500, 1000].map((b) => b * 100),
  WW: [100, 200, 300, 500, 1000].map((b) => b * 100),
  PAYONEX: [100, 200, 300, 500, 1000].map((b) => b * 100),
  PAYTIMZ: [10, 50, 100, 500, 1000].map((b) => b * 100),
  ZPAY: [10, 50, 100, 500, 1000].map((b) => b * 100),
  LAOQR: [50_000, 100_000, 200_000, 500_000, 1_000_000],
};

export interface IntentRequest {
  /** Our id of the QR (sent back in the channel's webhook). */
  qrcodeId: string;
  amount: number;
  currency: string;
  expiresAt: Date;
}

export interface PaymentIntent {
  /** The channel's id of the intent. */
  channelRef: string;
  /** What the QR image encodes. */
  payload: string;
}

/** A QR payment channel (payment gateway). Payment is reported by its signed webhook. */
export interface PaymentChannelAdapter {
  readonly channel: QrChannel;
  createIntent(req: IntentRequest): Promise<PaymentIntent>;
  cancelIntent(channelRef: string): Promise<void>;
  /** Where a payer on this device can pay the intent (a banking-app deep link), or null when the channel has none. */
  payUrl(qrcodeId: string): string | null;
}

/** Thrown by an adapter when the channel refuses or cannot be reached (→ QR_FAIL). */
export class ChannelUnavailableError extends Error {}

/**
 * Sandbox channels: create intents with the payload a real channel of that kind returns —
 * KBANK, PAYTIMZ and ZPAY a PromptPay bill payment (tag 30, each its own biller id) with the amount and a
 * reference naming the intent, which is how a merchant QR is matched to its payment; WW (a TrueMoney-style wallet) and PAYONEX
 * (a hosted payment page) a deep link carrying the intent, since their payers do not use PromptPay; LAOQR a LAPNet
 * Lao QR in kip (lao-qr.ts) with the intent as its reference label.
 * `down` makes the next createIntent fail (tests of QR_FAIL).
 */
export class SandboxPaymentChannel implements PaymentChannelAdapter {
  down = false;
  constructor(
    readonly channel: QrChannel,
    private readonly payLinks: LinkSigner,
  ) {}

  /** The sandbox's stand-in for a banking app: its pay page, signed (only the QR's member gets this link). */
  payUrl(qrcodeId: string): string {
    return `/sandbox/pay/${encodeURIComponent(qrcodeId)}?sig=${this.payLinks.sign(qrcodeId)}`;
  }

  async createIntent(req: IntentRequest): Promise<PaymentIntent> {
    if (this.down) throw new ChannelUnavailableError(`${this.channel} sandbox is down`);
    const channelRef = `${this.channel}-${randomBytes(8).toString('hex').toUpperCase()}`;
    const ref1 = createHash('sha256').update(channelRef).digest('hex').slice(0, 20).toUpperCase();
    let payload: string;
    switch (this.channel) {
      case 'KBANK':
        payload = promptPayBill('010555601234599', ref1, 'KBANK', req.amount);
        break;
      case 'PAYTIMZ':
        payload = promptPayBill('010555601234501', ref1, 'PAYTIMZ', req.amount);
        break;
      case 'ZPAY':
        payload = promptPayBill('010555609876502', ref1, 'ZPAY', req.amount);
        break;
      case 'WW':
        payload = `ww://pay?ref=${channelRef}&amount=${req.amount}&currency=${req.currency}`;
        break;
      case 'PAYONEX':
        payload = `https://checkout.payonex.sandbox/pay/${channelRef}?amount=${req.amount}`;
        break;
      case 'LAOQR':
        payload = laoQr({
          acquirerIin: '99990001', // a sandbox acquirer, no real LAPNet member
          merchantId: 'LUCKYWALLETSBX01',
          merchantName: 'LUCKY WALLET',
          city: 'VIENTIANE',
          reference: ref1,
          amountKip: req.amount,
        });
        break;
    }
    return { channelRef, payload };
  }

  async cancelIntent(_channelRef: string): Promise<void> {
    if (this.down) throw new ChannelUnavailableError(`${this.channel} sandbox is down`);
  }
}
