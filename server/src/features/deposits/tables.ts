import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database, Json } from '../../platform/db/schema';

/**
 * Tables of the deposits feature (migration 0003_money_in). They are not part of the platform's `Database` type:
 * deposit code reaches them through `depositsDb(db)`, a view of the same connection typed with both. Only this
 * feature reads or writes them.
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export const QR_CHANNELS = ['KBANK', 'WW', 'PAYTIMZ', 'PAYONEX', 'ZPAY', 'LAOQR'] as const;
export type QrChannel = (typeof QR_CHANNELS)[number];
/**
 * The currency each channel takes: the five Thai channels (PromptPay or baht wallets) baht, LAOQR (a LAPNet Lao QR,
 * lao-qr.ts) kip.
 */
export const QR_CHANNEL_CURRENCY: Record<QrChannel, 'THB' | 'LAK'> = {
  KBANK: 'THB',
  WW: 'THB',
  PAYTIMZ: 'THB',
  PAYONEX: 'THB',
  ZPAY: 'THB',
  LAOQR: 'LAK',
};
export type QrStatus = 'PENDING' | 'PAID' | 'CANCELLED' | 'EXPIRED';

export interface QrCodesTable {
  id: string;
  member_id: string;
  channel: QrChannel;
  amount: number;
  currency: string;
  /** The channel's own id of the payment intent. */
  channel_ref: string;
  /** What the QR image encodes (PromptPay/EMVCo or the channel's own payload). */
  payload: string;
  status: QrStatus;
  expires_at: Date | string;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The channel's transaction id once paid. */
  paid_txid: string | null;
}

/**
 * What became of a delivery. ASSIGNED: not credited when it came; an operator gave it to a member later (credited
 * then, once).
 */
export const INCOMING_OUTCOMES = [
  'CREDITED',
  'REFUSED_EXPIRED',
  'REFUSED_CANCELLED',
  'REFUSED_AMOUNT',
  'REFUSED_UNKNOWN_QR',
  'REFUSED_PAID',
  'UNMATCHED',
  'ASSIGNED',
] as const;
export type IncomingOutcome = (typeof INCOMING_OUTCOMES)[number];

/** Every webhook delivery that moved (or was refused to move) money, unique per source and transaction id. */
export interface IncomingPaymentsTable {
  id: Generated<number>;
  /** `payment:<CHANNEL>` or `bank`. */
  source: string;
  txid: string;
  member_id: string | null;
  qrcode_id: string | null;
  amount: number;
  outcome: IncomingOutcome;
  from_bank_code: string | null;
  from_account_no: string | null;
  payload: Json;
  created_at: CreatedAt;
}

export interface DepositNoticesTable {
  id: string;
  member_id: string;
  amount: number;
  status: 'PENDING' | 'MATCHED';
  incoming_id: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type SlipStatus = 'PROCESSING' | 'SUCCESS' | 'FAILED';

export interface SlipsTable {
  id: string;
  /** Public reference (in the API and the statement). */
  reference: string;
  member_id: string;
  amount: number;
  status: SlipStatus;
  note: string | null;
  file_name: string;
  original_name: string;
  mime: string;
  size: number;
  /** The bank's transaction reference read from the slip; unique among credited slips. */
  slip_ref: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface GiftLinksTable {
  /** The voucher code of the gift link. */
  voucher: string;
  member_id: string;
  amount: number;
  wallet_name: string;
  created_at: CreatedAt;
}

export type DepositTables = {
  money_in_qr_codes: QrCodesTable;
  money_in_incoming: IncomingPaymentsTable;
  money_in_deposit_notices: DepositNoticesTable;
  money_in_slips: SlipsTable;
  money_in_gift_links: GiftLinksTable;
};

export type DepositsDatabase = Database & DepositTables;

/** The same connection (or transaction) typed with the deposit tables as well. */
export const depositsDb = <T extends Kysely<Database>>(db: T): Kysely<DepositsDatabase> =>
  db.withTables<DepositTables>();
