import { Type, type Static } from '@sinclair/typebox';
import { QR_CHANNELS } from './tables';

/** Response and request schemas of the money-in routes (shapes of docs/wallet-api.md). */
export const QrChannelParam = Type.Union(
  QR_CHANNELS.map((c) => Type.Literal(c)),
  { description: 'KBANK, WW, PAYTIMZ, PAYONEX or ZPAY (baht); LAOQR (kip, a LAPNet Lao QR)' },
);

export const MinorAmount = Type.Integer({ minimum: 1, maximum: 100_000_000_00, description: 'minor units' });

export const QrState = Type.Object({
  qrcodeId: Type.Union([Type.String(), Type.Null()]),
  hasQrcode: Type.Boolean(),
  qrcode: Type.String({ description: 'SVG markup of the QR' }),
  amount: Type.Integer(),
  expireIn: Type.Integer({ description: 'expiry, epoch milliseconds' }),
  message: Type.String(),
  payUrl: Type.Union([Type.String(), Type.Null()], {
    description: 'pays this QR on the payer device (banking-app deep link; the sandbox pay page)',
  }),
});
export type QrState = Static<typeof QrState>;

/**
 * A deposit method the site knows that is not offered to this wallet, and why: the Thai QR channels and gift links
 * take baht only (a kip wallet), the Lao QR kip only (a baht wallet of the Laos build), or the site has no receiving
 * e-wallet for gift links.
 */
export const UnavailableMethod = Type.Object({
  method: Type.Union([Type.Literal('THAI_QR'), Type.Literal('LAO_QR'), Type.Literal('GIFT_LINK')]),
  reason: Type.Union([Type.Literal('BAHT_ONLY'), Type.Literal('KIP_ONLY'), Type.Literal('NOT_SET_UP')]),
});
export type UnavailableMethod = Static<typeof UnavailableMethod>;

export const DepositLookup = Type.Object({
  banks: Type.Array(
    Type.Object({
      bankType: Type.String(),
      bankCode: Type.String(),
      mode: Type.String(),
      bank: Type.Object({
        nameTH: Type.String(),
        nameEN: Type.String(),
        nameLA: Type.Optional(Type.String()),
      }),
      bankAccountName: Type.String(),
      bankAccountNo: Type.String(),
      currency: Type.String(),
    }),
  ),
  wallets: Type.Array(Type.Object({ mode: Type.String(), walletAccountName: Type.String() })),
  isManual: Type.Boolean(),
  qrChannels: Type.Array(
    Type.Object({
      channel: QrChannelParam,
      minimum: Type.Integer(),
      quickAmounts: Type.Array(Type.Integer()),
    }),
  ),
  unavailable: Type.Array(UnavailableMethod, {
    description: 'methods not offered to this wallet, with the reason (the deposit window says it)',
  }),
});
export type DepositLookup = Static<typeof DepositLookup>;

/**
 * What operator content `deposit` may hold (ContentService.set refuses anything else): the lookup without its QR
 * channels and reasons, which come from the configuration.
 */
export const DepositContent = Type.Object(
  {
    banks: DepositLookup.properties.banks,
    wallets: DepositLookup.properties.wallets,
    isManual: DepositLookup.properties.isManual,
  },
  { additionalProperties: false },
);

export const Slip = Type.Object({
  reference: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  amount: Type.Integer(),
  status: Type.Union([Type.Literal('PROCESSING'), Type.Literal('SUCCESS'), Type.Literal('FAILED')]),
  note: Type.Union([Type.String(), Type.Null()], { description: 'reason code of spec §4 when FAILED' }),
  link: Type.String({ description: 'short-lived signed URL of the slip image' }),
});
export type SlipView = Static<typeof Slip>;

/** Webhook bodies (JSON, validated after the signature check). */
export const PaymentWebhook = Type.Object({
  txid: Type.String({ minLength: 1, maxLength: 100 }),
  qrcodeId: Type.String({ minLength: 1, maxLength: 100 }),
  channelRef: Type.String({ minLength: 1, maxLength: 100 }),
  amount: Type.Integer({ minimum: 1 }),
  currency: Type.String(),
  status: Type.Literal('PAID'),
  paidAt: Type.String(),
});

export const BankWebhook = Type.Object({
  txid: Type.String({ minLength: 1, maxLength: 100 }),
  fromBankCode: Type.String({ minLength: 1, maxLength: 20 }),
  fromAccountNo: Type.String({ minLength: 1, maxLength: 40 }),
  amount: Type.Integer({ minimum: 1 }),
  currency: Type.String(),
  transferredAt: Type.String(),
});

export const WebhookAck = Type.Object({
  received: Type.Literal(true),
  duplicate: Type.Boolean(),
  outcome: Type.String(),
});
