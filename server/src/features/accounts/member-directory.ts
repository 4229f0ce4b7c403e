import type { Kysely } from 'kysely';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';

/**
 * What other features may know about members (`app.members`): the `members` table belongs to the accounts
 * feature, so OTP, deposits, invite and refund ask here instead of reading it. Read-only. Methods that run inside
 * a caller's transaction take it as `db`.
 */
export class MemberDirectory {
  constructor(private readonly db: Db) {}

  /** Whether a member already registered with this (normalised) phone number. */
  async isRegistered(username: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The member's wallet currency (THB or LAK); NO_USER when unknown. */
  async currency(memberId: string): Promise<string> {
    return (await this.get(memberId, ['currency'])).currency;
  }

  /** When the member registered; NO_USER when unknown. */
  async joinedAt(memberId: string): Promise<Date> {
    return new Date((await this.get(memberId, ['created_at'])).created_at);
  }

  /** The member whose registered payout account this is (an incoming bank transfer is matched with it). */
  async byBankAccount(
    bankCode: string,
    bankAccountNo: string,
  ): Promise<{ id: string; currency: string; status: string } | undefined> {
    return this.db
      .selectFrom('members')
      .select(['id', 'currency', 'status'])
      .where('bank_code', '=', bankCode)
      .where('bank_account_no', '=', bankAccountNo)
      .executeTakeFirst();
  }

  /**
   * Where the member's withdrawals are paid (the registered bank account), read in the caller's transaction;
   * NO_BANK when there is none or its bank is switched off.
   */
  async payoutAccount(
    db: Kysely<Database>,
    memberId: string,
  ): Promise<{ bankCode: string; bankAccountNo: string; bankAccountName: string; currency: string }> {
    const row = await db
      .selectFrom('members')
      .innerJoin('banks', 'banks.code', 'members.bank_code')
      .select([
        'members.bank_code',
        'members.bank_account_no',
        'members.bank_account_name',
        'members.currency',
        'banks.active',
      ])
      .where('members.id', '=', memberId)
      .executeTakeFirst();
    if (!row || !row.active || row.bank_account_no === '') throw new AppError('NO_BANK', 400);
    return {
      bankCode: row.bank_code,
      bankAccountNo: row.bank_account_no,
      bankAccountName: row.bank_account_name,
      currency: row.currency,
    };
  }

  /** Who invited the member (null when nobody did), read in the caller's transaction. */
  async inviterOf(db: Kysely<Database>, memberId: string): Promise<string | null> {
    const row = await db
      .selectFrom('members')
      .select('invited_by')
      .where('id', '=', memberId)
      .executeTakeFirst();
    return row?.invited_by ?? null;
  }

  /** How many members this member invited. */
  async inviteeCount(memberId: string): Promise<number> {
    const row = await this.db
      .selectFrom('members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('invited_by', '=', memberId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One page of the member's invitees, newest registration first. */
  async invitees(
    memberId: string,
    page: number,
    limit: number,
  ): Promise<{ id: string; name: string; createdAt: Date }[]> {
    const rows = await this.db
      .selectFrom('members')
      .select(['id', 'name', 'created_at'])
      .where('invited_by', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return rows.map((r) => ({ id: r.id, name: r.name, createdAt: new Date(r.created_at) }));
  }

  private async get<K extends 'currency' | 'created_at'>(memberId: string, columns: K[]) {
    const row = await this.db
      .selectFrom('members')
      .select(columns)
      .where('id', '=', memberId)
      .executeTakeFirst();
    if (!row) throw new AppError('NO_USER', 404);
    return row;
  }
}
