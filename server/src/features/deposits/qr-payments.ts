import QRCode from 'qrcode';
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Db } from '../../platform/db';
import type { Clock } from '../../platform/clock';
import { ChannelUnavailableError, type PaymentChannelAdapter } from './channels';
import type { Deposits } from './deposits';
import { qrChannelsFor } from './deposit-lookup';
import { AppError } from '../../platform/errors';
import { isUniqueViolation, newId } from '../../platform/ids';
import type { MoneyInOptions } from './options';
import type { QrState } from './schemas';
import { depositsDb, type IncomingOutcome, type QrChannel, type QrCodesTable } from './tables';
import type { MemberEvents } from '../../platform/member-events';
import type { Selectable } from 'kysely';

export type { QrState };

type QrRow = Selectable<QrCodesTable>;

/** A payment channel's webhook body (what the sandbox sends; a real channel's body is mapped to this). */
export interface PaymentNotification {
  txid: string;
  qrcodeId: string;
  channelRef: string;
  amount: number;
  currency: string;
  status: 'PAID';
  paidAt: string;
}

export interface WebhookResult {
  duplicate: boolean;
  outcome: IncomingOutcome;
}

const NO_QR: QrState = {
  qrcodeId: null,
  hasQrcode: false,
  qrcode: '',
  amount: 0,
  expireIn: 0,
  message: '',
  payUrl: null,
};

/**
 * QR deposits: one pending payment intent per member and channel, created at the channel, shown as an SVG QR,
 * cancelled by the member or expired by time, paid through the channel's signed webhook (credited once per
 * channel transaction id).
 */
export class QrPayments {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: MoneyInOptions,
    private readonly channels: Record<QrChannel, PaymentChannelAdapter>,
    private readonly deposits: Deposits,
    private readonly events: MemberEvents,
  ) {}

  private get mdb() {
    return depositsDb(this.db);
  }

  private async expireStale(memberId: string, channel?: QrChannel): Promise<void> {
    let q = this.mdb
      .updateTable('money_in_qr_codes')
      .set({ status: 'EXPIRED', updated_at: this.clock.now() })
      .where('member_id', '=', memberId)
      .where('status', '=', 'PENDING')
      .where('expires_at', '<=', this.clock.now());
    if (channel) q = q.where('channel', '=', channel);
    await q.execute();
  }

  private async pending(memberId: string, channel: QrChannel): Promise<QrRow | undefined> {
    return this.mdb
      .selectFrom('money_in_qr_codes')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('channel', '=', channel)
      .where('status', '=', 'PENDING')
      .where('expires_at', '>', this.clock.now())
      .executeTakeFirst();
  }

  private async state(row: QrRow): Promise<QrState> {
    const qrcode = await QRCode.toString(row.payload, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return {
      qrcodeId: row.id,
      hasQrcode: true,
      qrcode,
      amount: row.amount,
      expireIn: new Date(row.expires_at).getTime(),
      message: '',
      payUrl: this.channels[row.channel].payUrl(row.id),
    };
  }

  async current(memberId: string, channel: QrChannel): Promise<QrState> {
    await this.expireStale(memberId, channel);
    const row = await this.pending(memberId, channel);
    return row ? this.state(row) : NO_QR;
  }

  /**
   * A new QR for `amount` (minor units). While one is pending on the channel it is returned unchanged (the member
   * cancels it to choose another amount), so a QR someone may be paying is never replaced behind their back.
   */
  async create(memberId: string, channel: QrChannel, amount: number, currency: string): Promise<QrState> {
    if (!qrChannelsFor(currency).includes(channel))
      throw new AppError('QR_FAIL', 400, 'QR_CHANNEL_UNAVAILABLE');
    if (!Number.isInteger(amount) || amount < this.options.qrMinimum[channel])
      throw new AppError('QR_FAIL', 400);
    await this.expireStale(memberId, channel);
    const existing = await this.pending(memberId, channel);
    if (existing) return this.state(existing);

    const id = newId();
    const expiresAt = new Date(this.clock.now().getTime() + this.options.qrTtlMs);
    const adapter = this.channels[channel];
    let intent;
    try {
      intent = await adapter.createIntent({ qrcodeId: id, amount, currency, expiresAt });
    } catch (e) {
      if (e instanceof ChannelUnavailableError) throw new AppError('QR_FAIL', 502);
      throw e;
    }
    try {
      const row = await this.mdb
        .insertInto('money_in_qr_codes')
        .values({
          id,
          member_id: memberId,
          channel,
          amount,
          currency,
          channel_ref: intent.channelRef,
          payload: intent.payload,
          status: 'PENDING',
          expires_at: expiresAt,
          created_at: this.clock.now(),
          updated_at: this.clock.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return this.state(row);
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      // A concurrent request created one first: keep that one, withdraw ours at the channel.
      await adapter.cancelIntent(intent.channelRef).catch(() => undefined);
      const winner = await this.pending(memberId, channel);
      if (!winner) throw new AppError('QR_FAIL', 409);
      return this.state(winner);
    }
  }

  async cancel(memberId: string, qrcodeId: string): Promise<void> {
    const row = await this.db.transaction().execute(async (trx) => {
      const t = depositsDb(trx);
      const qr = await t
        .selectFrom('money_in_qr_codes')
        .selectAll()
        .where('id', '=', qrcodeId)
        .where('member_id', '=', memberId)
        .forUpdate()
        .executeTakeFirst();
      if (!qr || qr.status !== 'PENDING') return undefined;
      const expired = new Date(qr.expires_at) <= this.clock.now();
      await t
        .updateTable('money_in_qr_codes')
        .set({ status: expired ? 'EXPIRED' : 'CANCELLED', updated_at: this.clock.now() })
        .where('id', '=', qr.id)
        .execute();
      return expired ? undefined : qr;
    });
    if (!row) throw new AppError('NO_DATA', 404);
    // Best effort: once cancelled here, a late payment is refused and recorded for operators anyway.
    await this.channels[row.channel].cancelIntent(row.channel_ref).catch(() => undefined);
  }

  /** Sandbox support: the QR (any state) a sandbox page pays. */
  async find(qrcodeId: string): Promise<QrRow | undefined> {
    return this.mdb.selectFrom('money_in_qr_codes').selectAll().where('id', '=', qrcodeId).executeTakeFirst();
  }

  /**
   * A verified payment notification of `channel`. Idempotent on (channel, txid): a redelivery changes nothing
   * and answers the first outcome. A payment of an unknown, cancelled, expired, already paid or differently
   * priced QR is not credited; it is recorded in money_in_incoming for operators.
   */
  async onPaid(channel: QrChannel, n: PaymentNotification, raw: unknown): Promise<WebhookResult> {
    return this.db.transaction().execute(async (trx) => {
      const t = depositsDb(trx);
      const inserted = await t
        .insertInto('money_in_incoming')
        .values({
          source: `payment:${channel}`,
          txid: n.txid,
          member_id: null,
          qrcode_id: null,
          amount: n.amount,
          outcome: 'UNMATCHED',
          payload: JSON.stringify(raw),
          created_at: this.clock.now(),
        })
        .onConflict((oc) => oc.columns(['source', 'txid']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) {
        const first = await t
          .selectFrom('money_in_incoming')
          .select('outcome')
          .where('source', '=', `payment:${channel}`)
          .where('txid', '=', n.txid)
          .executeTakeFirstOrThrow();
        return { duplicate: true, outcome: first.outcome };
      }
      const outcome = await this.settle(trx, channel, n);
      const qr = outcome.qr;
      await t
        .updateTable('money_in_incoming')
        .set({ outcome: outcome.outcome, member_id: qr?.member_id ?? null, qrcode_id: qr?.id ?? null })
        .where('id', '=', inserted.id)
        .execute();
      return { duplicate: false, outcome: outcome.outcome };
    });
  }

  private async settle(
    trx: Transaction<Database>,
    channel: QrChannel,
    n: PaymentNotification,
  ): Promise<{ outcome: IncomingOutcome; qr?: QrRow }> {
    const t = depositsDb(trx);
    const qr = await t
      .selectFrom('money_in_qr_codes')
      .selectAll()
      .where('id', '=', n.qrcodeId)
      .where('channel', '=', channel)
      .forUpdate()
      .executeTakeFirst();
    if (!qr || qr.channel_ref !== n.channelRef) return { outcome: 'REFUSED_UNKNOWN_QR' };
    if (qr.status === 'CANCELLED') return { outcome: 'REFUSED_CANCELLED', qr };
    if (qr.status === 'PAID') return { outcome: 'REFUSED_PAID', qr };
    if (qr.status === 'EXPIRED' || new Date(qr.expires_at) <= this.clock.now()) {
      if (qr.status !== 'EXPIRED') {
        await t
          .updateTable('money_in_qr_codes')
          .set({ status: 'EXPIRED', updated_at: this.clock.now() })
          .where('id', '=', qr.id)
          .execute();
      }
      return { outcome: 'REFUSED_EXPIRED', qr };
    }
    if (qr.amount !== n.amount || qr.currency !== n.currency) return { outcome: 'REFUSED_AMOUNT', qr };
    await t
      .updateTable('money_in_qr_codes')
      .set({ status: 'PAID', paid_txid: n.txid, updated_at: this.clock.now() })
      .where('id', '=', qr.id)
      .execute();
    await this.deposits.credit(trx, {
      memberId: qr.member_id,
      amount: qr.amount,
      from: 'payment_channels',
      reference: `${channel}:${n.txid}`,
      meta: { channel, qrcodeId: qr.id, from: channel, to: 'wallet', description: `QR ${channel}` },
    });
    // The member's open QR closes itself once this commits (the credit itself announces wallet:changed).
    await this.events.notify(trx, qr.member_id, { type: 'deposit:qr', qrcodeId: qr.id, status: 'PAID' });
    return { outcome: 'CREDITED', qr };
  }
}
