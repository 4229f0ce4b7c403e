import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { Limits } from '../../platform/limits';
import { reserveOrThrow, type RateLimitStore } from '../../platform/rate-limit';
import type { SmsAdapter } from './sms';
import type { Locale } from '../../platform/locale';
import { checkPhone } from '../accounts/validation';

export interface OtpSendResult {
  otpRef: string;
  otpToken: string;
  code: 'OTP_SENT' | 'OTP_VERIFIED';
}

const REF_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const TOKEN_RE = /^[A-Za-z0-9_-]{32}$/;

const smsText = (locale: Locale, code: string, ref: string, minutes: number): string => {
  switch (locale) {
    case 'la':
      return `ລະຫັດ OTP ຂອງທ່ານແມ່ນ ${code} (Ref: ${ref}) ໃຊ້ໄດ້ພາຍໃນ ${minutes} ນາທີ ຫ້າມບອກລະຫັດນີ້ແກ່ຜູ້ອື່ນ`;
    case 'en':
      return `Your OTP is ${code} (Ref: ${ref}), valid for ${minutes} minutes. Never share this code.`;
    default:
      return `รหัส OTP ของคุณคือ ${code} (Ref: ${ref}) ใช้ได้ภายใน ${minutes} นาที ห้ามบอกรหัสนี้แก่ผู้อื่น`;
  }
};

/**
 * One-time codes: 6 digits from crypto.randomInt, stored as an HMAC bound to their otpToken, 10-minute expiry,
 * 5 wrong attempts block the token, one send per phone per 60 s, single use (consumed by registration).
 */
export class OtpService {
  /** Whether a member already uses this phone; the accounts feature installs its check (useRegistrationCheck). */
  private isRegistered: (phone: string) => Promise<boolean> = async () => false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: Limits,
    private readonly rateLimit: RateLimitStore,
    private readonly sms: SmsAdapter,
    private readonly secret: string,
    private readonly laos: boolean,
  ) {}

  /**
   * The accounts feature (which owns the members and depends on OTP) tells OTP how to know a registered phone:
   * a code is never sent for one (EXISTING_USER).
   */
  useRegistrationCheck(isRegistered: (phone: string) => Promise<boolean>): void {
    this.isRegistered = isRegistered;
  }

  private hash(token: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${token}:${code}`).digest('hex');
  }

  private verifiedCutoff(): Date {
    return new Date(this.clock.now().getTime() - this.limits.otpVerifiedTtlMs);
  }

  /**
   * Order: the phone's format; then the limits, before anything that depends on whether the phone is registered
   * (per IP and per phone per hour → REQUEST_LIMIT, docs/server.md); the registered-phone check (EXISTING_USER,
   * part of the spec's flow); a verified token handed back; the 60-s resend limit (REQUEST_LIMIT_1MIN); the SMS.
   */
  async send(phoneRaw: string, ip: string, locale: Locale): Promise<OtpSendResult> {
    const phone = checkPhone(phoneRaw, this.laos);
    const hour = 3600_000;
    await reserveOrThrow(this.rateLimit, [
      { key: `otp:ip:${ip}`, limit: this.limits.otpSendsPerIpPerHour, windowMs: hour, code: 'REQUEST_LIMIT' },
      {
        key: `lookup:phone:${phone}`,
        limit: this.limits.lookupsPerPhonePerHour,
        windowMs: hour,
        code: 'REQUEST_LIMIT',
      },
    ]);
    if (await this.isRegistered(phone)) throw new AppError('EXISTING_USER', 409);

    const verified = await this.db
      .selectFrom('otps')
      .select(['token', 'ref'])
      .where('phone', '=', phone)
      .where('verified_at', 'is not', null)
      .where('verified_at', '>', this.verifiedCutoff())
      .where('consumed_at', 'is', null)
      .orderBy('verified_at', 'desc')
      .executeTakeFirst();
    if (verified) return { otpRef: verified.ref, otpToken: verified.token, code: 'OTP_VERIFIED' };

    await reserveOrThrow(this.rateLimit, [
      {
        key: `otp:send:${phone}`,
        limit: 1,
        windowMs: this.limits.otpResendIntervalMs,
        code: 'REQUEST_LIMIT_1MIN',
      },
    ]);

    const token = randomBytes(24).toString('base64url');
    const ref = Array.from({ length: 6 }, () => REF_ALPHABET[randomInt(REF_ALPHABET.length)]).join('');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = this.clock.now();
    await this.db
      .insertInto('otps')
      .values({
        token,
        ref,
        phone,
        code_hash: this.hash(token, code),
        created_at: now,
        expires_at: new Date(now.getTime() + this.limits.otpTtlMs),
      })
      .execute();
    try {
      await this.sms.send({
        to: phone,
        text: smsText(locale, code, ref, Math.round(this.limits.otpTtlMs / 60_000)),
        otpRef: ref,
      });
    } catch {
      await this.db.deleteFrom('otps').where('token', '=', token).execute();
      await this.rateLimit.reset(`otp:send:${phone}`);
      throw new AppError('OTP_SEND_FAIL', 502);
    }
    return { otpRef: ref, otpToken: token, code: 'OTP_SENT' };
  }

  async verify(token: string, otpCode: string): Promise<void> {
    if (!TOKEN_RE.test(token)) throw new AppError('OTP_TOKEN_INVALID', 400);
    const outcome = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('otps')
        .selectAll()
        .where('token', '=', token)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return new AppError('OTP_NOT_EXIST', 404);
      if (row.consumed_at !== null) return new AppError('OTP_TOKEN_INVALID', 400);
      if (row.verified_at !== null) return new AppError('OTP_VERIFIED', 409);
      if (row.attempts >= this.limits.otpMaxAttempts) return new AppError('OTP_BLOCK', 403);
      const now = this.clock.now();
      if (new Date(row.expires_at).getTime() <= now.getTime()) return new AppError('OTP_EXPIRED', 400);
      const expected = Buffer.from(row.code_hash, 'hex');
      const given = Buffer.from(this.hash(token, otpCode.trim()), 'hex');
      if (/^\d{6}$/.test(otpCode.trim()) && timingSafeEqual(expected, given)) {
        await trx.updateTable('otps').set({ verified_at: now }).where('token', '=', token).execute();
        return undefined;
      }
      const attempts = row.attempts + 1;
      await trx.updateTable('otps').set({ attempts }).where('token', '=', token).execute();
      return attempts >= this.limits.otpMaxAttempts
        ? new AppError('OTP_BLOCK', 403)
        : new AppError('OTP_CODE_INVALID', 400);
    });
    if (outcome) throw outcome;
  }

  /** Whether a token row is a recent verification of this phone, not yet used. */
  private usable(
    row: { phone: string; verified_at: Date | string | null; consumed_at: Date | string | null } | undefined,
    phone: string,
  ): boolean {
    return (
      row !== undefined &&
      row.phone === phone &&
      row.verified_at !== null &&
      row.consumed_at === null &&
      new Date(row.verified_at).getTime() > this.verifiedCutoff().getTime()
    );
  }

  /**
   * Before registration does anything costly (existence checks, the password hash): the token must be verified
   * (recently) for this phone and unused, else UNVERIFIED_OTP. consumeVerified repeats the check in the
   * registration's transaction.
   */
  async checkVerified(token: string, phone: string): Promise<void> {
    const row =
      token === ''
        ? undefined
        : await this.db
            .selectFrom('otps')
            .select(['phone', 'verified_at', 'consumed_at'])
            .where('token', '=', token)
            .executeTakeFirst();
    if (!this.usable(row, phone)) throw new AppError('UNVERIFIED_OTP', 400);
  }

  /** Inside the registration transaction: the token must be verified (recently) for this phone, and unused. */
  async consumeVerified(trx: Transaction<Database>, token: string, phone: string): Promise<void> {
    const row = await trx
      .selectFrom('otps')
      .select(['phone', 'verified_at', 'consumed_at'])
      .where('token', '=', token)
      .forUpdate()
      .executeTakeFirst();
    if (!this.usable(row, phone)) throw new AppError('UNVERIFIED_OTP', 400);
    await trx.updateTable('otps').set({ consumed_at: this.clock.now() }).where('token', '=', token).execute();
  }
}
