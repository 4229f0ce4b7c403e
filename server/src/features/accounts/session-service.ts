import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { SessionVerifier } from '../../platform/http/auth';
import type { Limits } from '../../platform/limits';
import { reserveOrThrow, type RateLimitStore } from '../../platform/rate-limit';
import { hashPassword, verifyPassword } from './passwords';
import { checkPassword, fieldError } from './validation';

export interface TokenSigner {
  sign(payload: { sub: string; sid: string }): string;
}

export interface AuthContext {
  memberId: string;
  sessionId: string;
}

/** Sessions: login (with failure limits), the session check behind every member route, password change. */
export class SessionService implements SessionVerifier {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: Limits,
    private readonly rateLimit: RateLimitStore,
    private readonly tokens: TokenSigner,
  ) {}

  private async createSession(
    memberId: string,
    ip: string | null,
    userAgent: string | null,
  ): Promise<string> {
    const sid = randomUUID();
    const now = this.clock.now();
    await this.db
      .insertInto('sessions')
      .values({
        id: sid,
        member_id: memberId,
        created_at: now,
        expires_at: new Date(now.getTime() + this.limits.sessionTtlMs),
        ip,
        user_agent: userAgent ? userAgent.slice(0, 300) : null,
      })
      .execute();
    return this.tokens.sign({ sub: memberId, sid });
  }

  /**
   * Login with per-account and per-IP limits; the same answer for unknown user and wrong password. The attempt is
   * reserved in both counters atomically before the password is checked (so a parallel burst cannot check more
   * passwords than the limits allow); a wrong password keeps its reservation (a failure), the right one clears
   * the account's counter and gives the IP's reservation back.
   */
  async login(usernameRaw: string, password: string, ip: string, userAgent: string | null): Promise<string> {
    const username = usernameRaw.trim();
    const acctKey = `login:acct:${username}`;
    const ipKey = `login:ip:${ip}`;
    const { loginFailuresPerAccount, loginFailuresPerIp, loginWindowMs } = this.limits;
    await reserveOrThrow(this.rateLimit, [
      { key: acctKey, limit: loginFailuresPerAccount, windowMs: loginWindowMs, code: 'REQUEST_LIMIT' },
      { key: ipKey, limit: loginFailuresPerIp, windowMs: loginWindowMs, code: 'REQUEST_LIMIT' },
    ]);
    let member: { id: string; password_hash: string; status: string } | undefined;
    let ok: boolean;
    try {
      member = await this.db
        .selectFrom('members')
        .select(['id', 'password_hash', 'status'])
        .where('username', '=', username)
        .executeTakeFirst();
      ok = await verifyPassword(member?.password_hash, password);
    } catch (e) {
      // Nothing was checked (database down): the attempt is given back.
      await Promise.all([this.rateLimit.release(acctKey), this.rateLimit.release(ipKey)]);
      throw e;
    }
    if (!member || !ok) throw new AppError('WRONG_CREDENTIAL', 401);
    await Promise.all([this.rateLimit.reset(acctKey), this.rateLimit.release(ipKey)]);
    if (member.status !== 'active') throw new AppError('INACTIVE_USER', 403);
    return this.createSession(member.id, ip, userAgent);
  }

  /** Server-side logout: the session is revoked, so its token answers 401 invalid-token from now on. */
  async logout(auth: AuthContext): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', auth.sessionId)
      .where('member_id', '=', auth.memberId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Resolves a verified JWT's session; throws invalid-token when it is unknown, revoked or expired. */
  async checkSession(memberId: string, sessionId: string): Promise<void> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('members', 'members.id', 'sessions.member_id')
      .select(['sessions.expires_at', 'sessions.revoked_at', 'members.status'])
      .where('sessions.id', '=', sessionId)
      .where('sessions.member_id', '=', memberId)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || new Date(row.expires_at).getTime() <= this.clock.now().getTime()) {
      throw new AppError('invalid-token', 401);
    }
    if (row.status !== 'active') throw new AppError('INACTIVE_USER', 403);
  }

  /**
   * Changes the password and revokes every other session of the member. The calling session stays valid and
   * gets a fresh token (same session id, new expiry).
   */
  async changePassword(auth: AuthContext, oldPassword: string, newPassword: string): Promise<string> {
    const row = await this.db
      .selectFrom('members')
      .select(['password_hash', 'username'])
      .where('id', '=', auth.memberId)
      .executeTakeFirst();
    if (!row) throw new AppError('WRONG_PASSWORD', 400);
    // The new password's rule first: it needs no secret and spares a password check.
    checkPassword(newPassword, row.username, 'newPassword');
    const key = `pwd:member:${auth.memberId}`;
    await reserveOrThrow(this.rateLimit, [
      {
        key,
        limit: this.limits.passwordChangeFailuresPerMember,
        windowMs: this.limits.loginWindowMs,
        code: 'REQUEST_LIMIT',
      },
    ]);
    let ok: boolean;
    try {
      ok = await verifyPassword(row.password_hash, oldPassword);
    } catch (e) {
      await this.rateLimit.release(key);
      throw e;
    }
    if (!ok) throw fieldError('oldPassword', 'WRONG_PASSWORD');
    await this.rateLimit.reset(key);
    const hash = await hashPassword(newPassword);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('members')
        .set({ password_hash: hash, updated_at: now })
        .where('id', '=', auth.memberId)
        .execute();
      await trx
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('member_id', '=', auth.memberId)
        .where('id', '<>', auth.sessionId)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .updateTable('sessions')
        .set({ expires_at: new Date(now.getTime() + this.limits.sessionTtlMs) })
        .where('id', '=', auth.sessionId)
        .execute();
    });
    return this.tokens.sign({ sub: auth.memberId, sid: auth.sessionId });
  }
}
