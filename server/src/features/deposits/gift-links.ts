import type { Db } from '../../platform/db';
import type { Clock } from '../../platform/clock';
import type { Deposits } from './deposits';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/ids';
import type { MoneyInOptions } from './options';
import { depositsDb } from './tables';
import { decryptGiftLink } from './truelink-crypto';

/** `https://gift.truemoney.com/campaign/?v=<voucher>` → the voucher code, or undefined. */
export function voucherOf(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.hostname !== 'gift.truemoney.com') return undefined;
  if (url.pathname !== '/campaign/' && url.pathname !== '/campaign') return undefined;
  const v = url.searchParams.get('v');
  return v && /^[A-Za-z0-9]{10,64}$/.test(v) ? v : undefined;
}

export type VoucherCheck =
  { ok: true; amount: number } | { ok: false; reason: 'INVALID' | 'EMPTY' | 'REDEEMED' };

/** The wallet provider's gift-voucher API: look at a voucher, then redeem it into our wallet. */
export interface GiftVoucherProvider {
  inspect(voucher: string): Promise<VoucherCheck>;
  redeem(voucher: string, walletName: string): Promise<VoucherCheck>;
}

/**
 * Sandbox vouchers (docs/money-in.md): a voucher code starting with `<digits>b` holds that many baht
 * (`v=150b9f8e7d6c5b4a` → 150.00; `0b…` is an emptied voucher); any other well-formed code holds 50 baht.
 * A redeemed voucher stays redeemed for the life of the process.
 */
export class SandboxGiftVouchers implements GiftVoucherProvider {
  private readonly redeemed = new Set<string>();

  async inspect(voucher: string): Promise<VoucherCheck> {
    if (this.redeemed.has(voucher)) return { ok: false, reason: 'REDEEMED' };
    const m = /^(\d{1,6})b/i.exec(voucher);
    const amount = m ? Number(m[1]) * 100 : 5_000;
    return amount > 0 ? { ok: true, amount } : { ok: false, reason: 'EMPTY' };
  }

  async redeem(voucher: string, _walletName: string): Promise<VoucherCheck> {
    const check = await this.inspect(voucher);
    if (check.ok) this.redeemed.add(voucher);
    return check;
  }
}

export class GiftLinks {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: MoneyInOptions,
    private readonly provider: GiftVoucherProvider,
    private readonly deposits: Deposits,
    private readonly walletNames: () => Promise<string[]>,
  ) {}

  /** `POST /wallet/truelink`: decrypt, validate, redeem (≥ 2 baht) and credit once per voucher. */
  async redeem(memberId: string, wire: string): Promise<{ amount: number; status: 'SUCCESS' }> {
    const plain = decryptGiftLink(wire);
    const voucher = plain ? voucherOf(plain.link) : undefined;
    if (!plain || !voucher) throw new AppError('TRUELINK_INVALID', 400);
    const names = await this.walletNames();
    // No receiving wallet (the Laos build): there is nothing a gift link could be paid into.
    if (names.length === 0) throw new AppError('NO_WALLET', 400);
    if (!names.includes(plain.walletName)) throw new AppError('TRUELINK_INVALID', 400);

    const t = depositsDb(this.db);
    const seen = await t
      .selectFrom('money_in_gift_links')
      .select('voucher')
      .where('voucher', '=', voucher)
      .executeTakeFirst();
    if (seen) throw new AppError('TRUELINK_DUPLICATE', 409);
    const look = await this.provider.inspect(voucher);
    if (!look.ok)
      throw new AppError(look.reason === 'REDEEMED' ? 'TRUELINK_DUPLICATE' : 'TRUELINK_INVALID', 400);
    if (look.amount < this.options.giftLinkMinimum) throw new AppError('TRUELINK_INVALID', 400);

    try {
      return await this.db.transaction().execute(async (trx) => {
        // The row claims the voucher first (primary key), so two requests cannot both redeem and credit it.
        await depositsDb(trx)
          .insertInto('money_in_gift_links')
          .values({
            voucher,
            member_id: memberId,
            amount: look.amount,
            wallet_name: plain.walletName,
            created_at: this.clock.now(),
          })
          .execute();
        const done = await this.provider.redeem(voucher, plain.walletName);
        if (!done.ok)
          throw new AppError(done.reason === 'REDEEMED' ? 'TRUELINK_DUPLICATE' : 'TRUELINK_INVALID', 400);
        if (done.amount !== look.amount) {
          await depositsDb(trx)
            .updateTable('money_in_gift_links')
            .set({ amount: done.amount })
            .where('voucher', '=', voucher)
            .execute();
        }
        await this.deposits.credit(trx, {
          memberId,
          amount: done.amount,
          from: 'payment_channels',
          reference: `truelink:${voucher}`,
          meta: { channel: 'TRUELINK', from: 'TRUEMONEY', to: 'wallet', description: 'wallet gift link' },
        });
        return { amount: done.amount, status: 'SUCCESS' as const };
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('TRUELINK_DUPLICATE', 409);
      throw e;
    }
  }
}
