import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { SessionVerifier } from '../../platform/http/auth';
import type { Limits } from '../../platform/limits';
import type { RateLimitStore } from '../../platform/rate-limit';
import { hashPassword, verifyPassword } from './passwords';
import { checkPassword } from './validation';

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

  /** Login with per-account and per-IP failure limits; the same answer for unknown user and wrong password. */
  async login(usernameRaw: string, password: string, ip: string, userAgent: string | null): Promise<string> {
    const username = usernameRaw.trim();
    const acctKey = `login:acct:${username}`;
    const ipKey = `login:ip:${ip}`;
    const [acctFailures, ipFailures] = await Promise.all([
      this.rateLimit.count(acctKey),
      this.rateLimit.count(ipKey),
    ]);
    if (acctFailures >= this.limits.loginFailuresPerAccount || ipFailures >= this.limits.loginFailuresPerIp) {
      throw new AppError('REQUEST_LIMIT', 429);
    }
    const member = await this.db
      .selectFrom('members')
      .select(['id', 'password_hash', 'status'])
      .where('username', '=', username)
      .executeTakeFirst();
    const ok = await verifyPassword(member?.password_hash, password);
    if (!member || !ok) {
      await Promise.all([
        this.rateLimit.hit(acctKey, this.limits.loginWindowMs),
        this.rateLimit.hit(ipKey, this.limits.loginWindowMs),
      ]);
      throw new AppError('WRONG_CREDENTIAL', 401);
    }
    if (member.status !== 'active') throw new AppError('INACTIVE_USER', 403);
    await this.rateLimit.reset(acctKey);
    return this.createSession(member.id, ip, userAgent);
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
      .select('password_hash')
      .where('id', '=', auth.memberId)
      .executeTakeFirst();
    if (!row || !(await verifyPassword(row.password_hash, oldPassword))) {
      throw new AppError('WRONG_PASSWORD', 400);
    }
    const hash = await hashPassword(checkPassword(newPassword));
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
