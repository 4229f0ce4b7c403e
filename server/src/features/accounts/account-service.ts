import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import type { Member } from '../../platform/db/schema';
import type { Ledger } from '../../core/ledger';
import { AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import { walletCurrency, type BankRef, type Profile } from '../../platform/http/schemas';
import type { Limits } from '../../platform/limits';
import { reserveOrThrow, type LimitRule, type RateLimitStore } from '../../platform/rate-limit';
import { hashPassword } from '../../platform/passwords';
import type { ContentService } from '../content/content-service';
import type { OtpService } from '../otp/otp-service';
import {
  checkBankAccountName,
  checkBankAccountNo,
  checkCurrency,
  checkName,
  checkPassword,
  checkPhone,
  fieldError,
  inviteCodeToMemberId,
  isEnglishName,
  type AccountField,
} from './validation';

export interface RegistrationInput {
  name?: string;
  username?: string;
  password?: string;
  sourceCode?: string;
  inviteCode?: string;
  bankCode?: string;
  bankAccountName?: string;
  bankAccountNo?: string;
  currency?: string;
  otpToken?: string;
}

export type { BankRef, Profile };

interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}

const uniqueViolation = (e: unknown): PgError | undefined => {
  const err = e as PgError;
  return typeof err === 'object' && err !== null && err.code === '23505' ? err : undefined;
};

type CheckedRegistration = Required<Omit<RegistrationInput, 'sourceCode' | 'inviteCode' | 'otpToken'>> & {
  sourceCode: string | null;
  invitedBy: string | null;
};

export const newMemberId = (): string => randomBytes(12).toString('hex');

/** The columns of `members` a profile shows. */
export type ProfileRow = Pick<
  Member,
  | 'id'
  | 'username'
  | 'name'
  | 'created_at'
  | 'bank_code'
  | 'bank_account_name'
  | 'bank_account_no'
  | 'currency'
>;

/** A member's profile from its row, its bank's names and its coin count (also used by the wallet read model). */
export function profileOf(m: ProfileRow, bank: BankRef, coin: number): Profile {
  return {
    _id: m.id,
    username: m.username,
    name: m.name,
    createdAt: new Date(m.created_at).toISOString(),
    coin,
    bankCode: m.bank_code,
    bankAccountName: m.bank_account_name,
    bankAccountNo: m.bank_account_no,
    bank,
    currency: walletCurrency(m.currency),
  };
}

/** The bank fields of a profile from the content's bank list. */
export const bankRefOf = (bank: {
  code: string;
  nameTH: string;
  nameEN: string;
  nameLA: string;
}): BankRef => ({
  code: bank.code,
  nameTH: bank.nameTH,
  nameEN: bank.nameEN,
  nameLA: bank.nameLA,
});

/** Members: registration, profile and payout details (the `members` table is this feature's). */
export class AccountService {
  /** The member's prize-wheel coins; the spin feature installs its count (useCoinBalance). */
  private coinBalance: (memberId: string) => Promise<number> = async () => 0;

  useCoinBalance(balance: (memberId: string) => Promise<number>): void {
    this.coinBalance = balance;
  }

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly otp: OtpService,
    private readonly content: ContentService,
    private readonly laos: boolean,
    private readonly ledger: Ledger,
    private readonly limits: Limits,
    private readonly rateLimit: RateLimitStore,
  ) {}

  /** An offered bank's account-number digits, or undefined when the code names no offered bank. */
  private async offeredBank(code: string): Promise<{ min: number; max: number } | undefined> {
    const bank = await this.content.bank(code);
    return bank?.active === true ? bank.accountNo : undefined;
  }

  private async sourceExists(code: string, sources: () => Promise<unknown>): Promise<boolean> {
    const list = await sources();
    return Array.isArray(list) && list.some((s) => typeof s === 'object' && s !== null && s.code === code);
  }

  /**
   * Checks the fields that are present (POST /api/account/validate), or all required ones (registration), in
   * the order of the wizard: phone, name, password, source, inviter, bank. Returns the normalized values. With
   * `ip` (a caller from outside) the look-up limits are reserved before the existence checks (docs/server.md).
   */
  async checkRegistration(
    input: RegistrationInput,
    opts: { requireAll: boolean; sources: () => Promise<unknown>; ip?: string },
  ): Promise<CheckedRegistration> {
    const v = await this.checkFields(input, opts);
    if (opts.ip !== undefined) await this.reserveLookups(v, opts.ip);
    await this.checkAvailable(v);
    return v;
  }

  /** Formats and references (source, inviter, bank code); no question about who is registered. */
  private async checkFields(
    input: RegistrationInput,
    opts: { requireAll: boolean; sources: () => Promise<unknown> },
  ): Promise<CheckedRegistration> {
    const need = (v: string | undefined, field: AccountField): v is string => {
      if (v !== undefined) return true;
      if (opts.requireAll) throw fieldError(field);
      return false;
    };
    let username = '';
    if (input.username !== undefined || opts.requireAll) {
      username = checkPhone(input.username ?? '', this.laos, 'username');
    }
    const name = need(input.name, 'name') ? checkName(input.name) : '';
    const password =
      input.password !== undefined || opts.requireAll
        ? checkPassword(input.password ?? '', username === '' ? undefined : username)
        : '';
    let sourceCode: string | null = null;
    if (input.sourceCode !== undefined && input.sourceCode.trim() !== '') {
      sourceCode = input.sourceCode.trim().toUpperCase();
      if (!(await this.sourceExists(sourceCode, opts.sources))) throw fieldError('sourceCode');
    }
    let invitedBy: string | null = null;
    if (input.inviteCode !== undefined && input.inviteCode.trim() !== '') {
      const id = inviteCodeToMemberId(input.inviteCode);
      const inviter = id
        ? await this.db.selectFrom('members').select(['id', 'status']).where('id', '=', id).executeTakeFirst()
        : undefined;
      // Unknown, or a member the operator switched off (a stale link): the page drops the code and goes on.
      if (inviter?.status !== 'active') throw fieldError('inviteCode', 'INVITE_CODE_INVALID');
      invitedBy = inviter.id;
    }
    let bankCode = '';
    let accountNoLength: { min: number; max: number } | undefined;
    if (need(input.bankCode, 'bankCode')) {
      bankCode = input.bankCode.trim().toUpperCase();
      accountNoLength = await this.offeredBank(bankCode);
      if (!accountNoLength) throw fieldError('bankCode', 'INVALID_BANK');
    }
    const bankAccountName = need(input.bankAccountName, 'bankAccountName')
      ? checkBankAccountName(input.bankAccountName, bankCode)
      : '';
    const bankAccountNo = need(input.bankAccountNo, 'bankAccountNo')
      ? checkBankAccountNo(input.bankAccountNo, accountNoLength)
      : '';
    const currency =
      input.currency !== undefined || opts.requireAll ? checkCurrency(input.currency, this.laos) : '';
    return {
      name,
      username,
      password,
      sourceCode,
      invitedBy,
      bankCode,
      bankAccountName,
      bankAccountNo,
      currency,
    };
  }

  /**
   * The look-up limits of validate and registration, reserved together before any existence check: per IP, per
   * phone (shared with otp/send) and per bank account, each per hour → 429 REQUEST_LIMIT.
   */
  private async reserveLookups(v: CheckedRegistration, ip: string): Promise<void> {
    const hour = 3600_000;
    const rules: LimitRule[] = [
      {
        key: `acct:ip:${ip}`,
        limit: this.limits.accountChecksPerIpPerHour,
        windowMs: hour,
        code: 'REQUEST_LIMIT',
      },
    ];
    if (v.username !== '') {
      rules.push({
        key: `lookup:phone:${v.username}`,
        limit: this.limits.lookupsPerPhonePerHour,
        windowMs: hour,
        code: 'REQUEST_LIMIT',
      });
    }
    if (v.bankCode !== '' && v.bankAccountNo !== '') {
      rules.push({
        key: `lookup:bank:${v.bankCode}:${v.bankAccountNo}`,
        limit: this.limits.lookupsPerBankAccountPerHour,
        windowMs: hour,
        code: 'REQUEST_LIMIT',
      });
    }
    await reserveOrThrow(this.rateLimit, rules);
  }

  /** Phone unique → EXISTING_USER; bank account unique → EXISTING_BANK (409). */
  private async checkAvailable(v: CheckedRegistration): Promise<void> {
    if (v.username !== '') {
      const taken = await this.db
        .selectFrom('members')
        .select('id')
        .where('username', '=', v.username)
        .executeTakeFirst();
      if (taken) throw fieldError('username', 'EXISTING_USER', 409);
    }
    if (v.bankCode !== '' && v.bankAccountNo !== '') {
      const used = await this.db
        .selectFrom('members')
        .select('id')
        .where('bank_code', '=', v.bankCode)
        .where('bank_account_no', '=', v.bankAccountNo)
        .executeTakeFirst();
      if (used) throw fieldError('bankAccountNo', 'EXISTING_BANK', 409);
    }
  }

  /**
   * Registers a member with its main wallet account (balance 0). Order: fields, look-up limits (with `ip`), the
   * verified one-time code (while registerOTP is on), existence, and only then the password hash (argon2) — a
   * request without a verified code never costs a hash.
   */
  async register(
    input: RegistrationInput,
    opts: { requireOtp: boolean; sources: () => Promise<unknown>; ip?: string },
  ): Promise<string> {
    const v = await this.checkFields(input, { requireAll: true, sources: opts.sources });
    if (opts.ip !== undefined) await this.reserveLookups(v, opts.ip);
    if (opts.requireOtp) await this.otp.checkVerified(input.otpToken ?? '', v.username);
    await this.checkAvailable(v);
    const passwordHash = await hashPassword(v.password);
    const id = newMemberId();
    const now = this.clock.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        if (opts.requireOtp) await this.otp.consumeVerified(trx, input.otpToken ?? '', v.username);
        await trx
          .insertInto('members')
          .values({
            id,
            username: v.username,
            name: v.name,
            password_hash: passwordHash,
            bank_code: v.bankCode,
            bank_account_name: v.bankAccountName,
            bank_account_no: v.bankAccountNo,
            currency: v.currency,
            source_code: v.sourceCode,
            invited_by: v.invitedBy,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await this.ledger.openAccount(trx, { member: id, code: 'main' });
      });
    } catch (e) {
      const u = uniqueViolation(e);
      if (u) {
        const text = `${u.constraint ?? ''} ${u.message ?? ''}`;
        if (text.includes('members_bank_account_unique')) {
          throw fieldError('bankAccountNo', 'EXISTING_BANK', 409);
        }
        throw fieldError('username', 'EXISTING_USER', 409);
      }
      throw e;
    }
    return id;
  }

  private async member(memberId: string): Promise<Member & { bank: BankRef }> {
    const row = await this.db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
    const bank = row && (await this.content.bank(row.bank_code));
    if (!row || !bank) throw new AppError('NO_USER', 404);
    return {
      ...row,
      bank: bankRefOf({ ...bank, code: row.bank_code }),
    };
  }

  async profile(memberId: string): Promise<Profile> {
    const m = await this.member(memberId);
    return profileOf(m, m.bank, await this.coinBalance(memberId));
  }

  /**
   * Profile change rule: only `name` changes here. The bank fields decide where withdrawals are paid, so a
   * (possibly stolen) session must not be able to redirect payouts: bankCode and bankAccountNo may be sent but
   * must equal the stored values (otherwise 403 INVALID_BANK; changes go through support), and
   * bankAccountName changes only through PUT /api/account/bankAccountName.
   */
  async updateProfile(
    memberId: string,
    input: { name?: string; bankCode?: string; bankAccountName?: string; bankAccountNo?: string },
  ): Promise<Profile> {
    const m = await this.member(memberId);
    if (input.bankCode !== undefined && input.bankCode.trim().toUpperCase() !== m.bank_code) {
      throw fieldError('bankCode', 'INVALID_BANK', 403);
    }
    if (
      input.bankAccountNo !== undefined &&
      input.bankAccountNo.replace(/[\s-]/g, '') !== m.bank_account_no
    ) {
      throw fieldError('bankAccountNo', 'INVALID_BANK', 403);
    }
    if (
      input.bankAccountName !== undefined &&
      input.bankAccountName.trim().replace(/\s+/g, ' ').toUpperCase() !== m.bank_account_name
    ) {
      throw fieldError('bankAccountName', 'INVALID_BANK', 403);
    }
    if (input.name !== undefined) {
      const name = checkName(input.name);
      await this.db
        .updateTable('members')
        .set({ name, updated_at: this.clock.now() })
        .where('id', '=', memberId)
        .execute();
    }
    return this.profile(memberId);
  }

  /** English letters and spaces only, upper-cased; the bank code must be the member's own. */
  async updateBankAccountName(memberId: string, bankCode: string, rawName: string): Promise<Profile> {
    const m = await this.member(memberId);
    if (bankCode.trim().toUpperCase() !== m.bank_code) throw fieldError('bankCode', 'INVALID_BANK');
    const name = rawName.trim().replace(/\s+/g, ' ').toUpperCase();
    if (name.length < 2 || name.length > 100 || !isEnglishName(name)) {
      throw fieldError('bankAccountName', 'BANK_ACCOUNT_NAME_ENG');
    }
    await this.db
      .updateTable('members')
      .set({ bank_account_name: name, updated_at: this.clock.now() })
      .where('id', '=', memberId)
      .execute();
    return this.profile(memberId);
  }

  async memberCount(): Promise<number> {
    const row = await this.db
      .selectFrom('members')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
