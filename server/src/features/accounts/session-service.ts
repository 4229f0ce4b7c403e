import { randomUUID } from 'node:crypto';
import { ReadCache, type CacheBus } from '../../platform/cache';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Clock } from '../../platform/clock';
import type { SessionVerifier } from '../../platform/http/auth';
import type { Limits } from '../../platform/limits';
import { reserveOrThrow, type RateLimitStore } from '../../platform/rate-limit';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { checkPassword, fieldError } from './validation';

export interface TokenSigner {
  sign(payload: { sub: string; sid: string }): string;
}

export interface AuthContext {
  memberId: string;
  sessionId: string;
}

/** Cache topics: `session` (key: a session id) and `member` (key: a member id: its status and its sessions). */
export const SESSION_TOPIC = 'session';
export const MEMBER_TOPIC = 'member';

/** A member's state as the session check needs it; sessions point at the object they were read with. */
interface MemberState {
  status: string;
}

/** A session as last read: ended for good (revoked, or unknown), or live until `expiresAt` (clock ms). */
type SessionState =
  { ended: true } | { ended: false; memberId: string; expiresAt: number; member: MemberState };

/** Bounds of the session check's caches (entries; the least recently used go first). */
const MAX_SESSIONS = 100_000;
const MAX_MEMBERS = 100_000;

/**
 * Sessions: login (with failure limits), the session check behind every member route, password change, logout.
 *
 * The check is served from memory (platform/cache.ts): a session's state (ended, or live until its expiry) and
 * its member's status, read together in one query on a miss. Every change that ends a session or changes a
 * member's status goes through this class and invalidates after it committed — here at once, on the other
 * servers through Redis: logout (the session), logout everywhere, password change and `setMemberStatus` (the
 * member: its status and every cached session of it, which point at the member entry they were read with).
 * Expiry needs no invalidation: the cached expiry is compared with the clock on every check. An ended session
 * never comes back (revoked_at is never cleared, ids are never reused), so that state is cached too.
 */
export class SessionService implements SessionVerifier {
  private readonly sessions: ReadCache<SessionState>;
  private readonly members: ReadCache<MemberState>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: Limits,
    private readonly rateLimit: RateLimitStore,
    private readonly tokens: TokenSigner,
    private readonly caches: CacheBus,
  ) {
    this.sessions = caches.cache<SessionState>(SESSION_TOPIC, MAX_SESSIONS);
    this.members = caches.cache<MemberState>(MEMBER_TOPIC, MAX_MEMBERS);
    // A member's change also drops the session loads in flight (they may carry the old member state).
    caches.on(MEMBER_TOPIC, () => this.sessions.forgetInflight());
  }

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
    await this.caches.publish(SESSION_TOPIC, auth.sessionId);
  }

  /** Revokes every session of the member (on every server). */
  async logoutEverywhere(memberId: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: this.clock.now() })
      .where('member_id', '=', memberId)
      .where('revoked_at', 'is', null)
      .execute();
    await this.caches.publish(MEMBER_TOPIC, memberId);
  }

  /**
   * The operator's switch of a member: `inactive` refuses its sessions (403 INACTIVE_USER) and its logins from the
   * next request on, on every server; `active` lets them in again. The one place a member's status changes.
   */
  async setMemberStatus(memberId: string, status: 'active' | 'inactive'): Promise<void> {
    const res = await this.db
      .updateTable('members')
      .set({ status, updated_at: this.clock.now() })
      .where('id', '=', memberId)
      .executeTakeFirst();
    await this.caches.publish(MEMBER_TOPIC, memberId);
    if (Number(res.numUpdatedRows) === 0) throw new AppError('NO_USER', 404);
  }

  /** Resolves a verified JWT's session; throws invalid-token when it is unknown, revoked or expired. */
  async checkSession(memberId: string, sessionId: string): Promise<void> {
    let s = this.sessions.peek(sessionId);
    // A live session is as fresh as its member's entry: an invalidated member reads both again.
    if (!s || (!s.ended && this.members.peek(s.memberId) !== s.member)) s = await this.readSession(sessionId);
    if (s.ended || s.memberId !== memberId || s.expiresAt <= this.clock.now().getTime()) {
      throw new AppError('invalid-token', 401);
    }
    if (s.member.status !== 'active') throw new AppError('INACTIVE_USER', 403);
  }

  /** One query: the session and its member's status; both cached unless invalidated while it ran. */
  private async readSession(sessionId: string): Promise<SessionState> {
    const guard = this.members.mark();
    const state = await this.sessions.load(sessionId, async (): Promise<SessionState> => {
      const row = await this.db
        .selectFrom('sessions')
        .innerJoin('members', 'members.id', 'sessions.member_id')
        .select(['sessions.member_id', 'sessions.expires_at', 'sessions.revoked_at', 'members.status'])
        .where('sessions.id', '=', sessionId)
        .executeTakeFirst();
      if (!row || row.revoked_at !== null) return { ended: true };
      // The member's sessions share one entry while it holds (else two devices would evict each other's).
      const known = this.members.peek(row.member_id);
      return {
        ended: false,
        memberId: row.member_id,
        expiresAt: new Date(row.expires_at).getTime(),
        member: known?.status === row.status ? known : { status: row.status },
      };
    });
    if (!state.ended) this.members.set(state.memberId, state.member, guard.epoch, guard.at);
    return state;
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
    await this.caches.publish(MEMBER_TOPIC, auth.memberId);
    return this.tokens.sign({ sub: auth.memberId, sid: auth.sessionId });
  }
}
