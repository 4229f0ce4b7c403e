import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Limits } from '../../platform/limits';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { reserveOrThrow, type RateLimitStore } from '../../platform/rate-limit';
import {
  endSessions,
  failedCode,
  newSessionToken,
  promote,
  sessionLive,
  sessionOfToken,
  type OperatorsDb,
  type SessionView,
} from './sessions';
import { operatorsDb, type OperatorTables, type Role } from './tables';
import { newRecoveryCode, RECOVERY_CODES, recoveryHash, TotpVault } from './totp';

export { SESSION_IDLE_MS, SESSION_MAX_MS, type SessionView } from './sessions';

export interface OperatorView {
  id: string;
  username: string;
  role: Role;
  status: 'active' | 'disabled';
  totpEnabled: boolean;
  createdAt: string;
}

const normalize = (username: string): string => username.trim().toLowerCase();

/**
 * Operator accounts and their sessions (docs/operators.md). A sign-in is a password, then a TOTP code (or a
 * recovery code); an operator without TOTP must enrol it before anything else. The session token is random (32
 * bytes) and only its SHA-256 is stored; a session ends after 30 minutes idle or 12 hours, at logout, and when
 * its operator is disabled.
 */
export class OperatorService {
  private readonly db: OperatorsDb;
  private readonly vault: TotpVault;

  /**
   * `masterSecret`: the server's JWT secret, shared by every server of a deployment; the TOTP secrets are kept
   * encrypted under a key derived from it (HKDF-SHA256), so the database alone cannot make codes. Changing that
   * secret means every operator enrols again (`reset-totp`).
   */
  constructor(
    db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly rateLimit: RateLimitStore,
    private readonly limits: Limits,
    masterSecret: string,
  ) {
    this.db = operatorsDb(db);
    this.vault = new TotpVault(masterSecret, clock);
  }

  private view(row: Row): OperatorView {
    return {
      id: row.id,
      username: row.username,
      role: row.role,
      status: row.status,
      totpEnabled: row.totp_enabled,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  /** Creates an operator; EXISTING_USER when the name is taken, INVALID_USER_INFO when it is not a valid name. */
  async create(input: { username: string; role: Role; password: string }): Promise<OperatorView> {
    const username = normalize(input.username);
    if (!/^[a-z0-9._-]{3,32}$/.test(username)) throw new AppError('INVALID_USER_INFO', 400);
    if (input.password.length < 12) throw new AppError('WRONG_PASSWORD', 400);
    const now = this.clock.now();
    const row = await this.db
      .insertInto('operators')
      .values({
        id: randomUUID(),
        username,
        role: input.role,
        password_hash: await hashPassword(input.password),
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('EXISTING_USER', 400);
    return this.view(row);
  }

  /**
   * Every operator with its last finished sign-in: the start of its newest session that reached the full stage
   * (after the code, a recovery code or the enrolment); null when it never signed in. Sessions are kept (revoked
   * or expired, never deleted), so this is the whole history.
   */
  async list(): Promise<(OperatorView & { lastSignInAt: string | null })[]> {
    const [rows, signIns] = await Promise.all([
      this.db.selectFrom('operators').selectAll().orderBy('username').execute(),
      this.db
        .selectFrom('operator_sessions')
        .select(['operator_id', (eb) => eb.fn.max('created_at').as('last')])
        .where('stage', '=', 'full')
        .groupBy('operator_id')
        .execute(),
    ]);
    const last = new Map(signIns.map((r) => [r.operator_id, r.last]));
    return rows.map((r) => {
      const at = last.get(r.id);
      return { ...this.view(r), lastSignInAt: at ? new Date(at).toISOString() : null };
    });
  }

  async byUsername(username: string): Promise<OperatorView | undefined> {
    const row = await this.db
      .selectFrom('operators')
      .selectAll()
      .where('username', '=', normalize(username))
      .executeTakeFirst();
    return row ? this.view(row) : undefined;
  }

  /** Disables (or enables) an operator; disabling ends every session of it. */
  async setStatus(username: string, status: 'active' | 'disabled'): Promise<OperatorView> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('operators')
        .set({ status, updated_at: now })
        .where('username', '=', normalize(username))
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError('NO_USER', 404);
      if (status === 'disabled') await endSessions(trx, row.id, now);
      return this.view(row);
    });
  }

  /** Takes TOTP away (a lost phone and no recovery code): the operator enrols again at the next sign-in. */
  async resetTotp(username: string): Promise<OperatorView> {
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('operators')
        .set({ totp_secret: null, totp_enabled: false, totp_last_step: null, updated_at: now })
        .where('username', '=', normalize(username))
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new AppError('NO_USER', 404);
      await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', row.id).execute();
      await endSessions(trx, row.id, now);
      return this.view(row);
    });
  }

  /**
   * The password step. Limits per name and per address are reserved before the hash is checked (a parallel burst
   * checks no more than the limits); unknown name and wrong password answer alike. Returns the new session's token
   * and its stage: `password` (a TOTP code is next) or `enrol` (TOTP must be enrolled first).
   */
  async login(
    usernameRaw: string,
    password: string,
    ip: string,
    userAgent: string | null,
  ): Promise<{ token: string; session: SessionView }> {
    const username = normalize(usernameRaw);
    const acctKey = `ops-login:acct:${username}`;
    const ipKey = `ops-login:ip:${ip}`;
    const { loginFailuresPerAccount, loginFailuresPerIp, loginWindowMs } = this.limits;
    await reserveOrThrow(this.rateLimit, [
      { key: acctKey, limit: loginFailuresPerAccount, windowMs: loginWindowMs, code: 'REQUEST_LIMIT' },
      { key: ipKey, limit: loginFailuresPerIp, windowMs: loginWindowMs, code: 'REQUEST_LIMIT' },
    ]);
    let row: Row | undefined;
    let ok: boolean;
    try {
      row = await this.db
        .selectFrom('operators')
        .selectAll()
        .where('username', '=', username)
        .executeTakeFirst();
      ok = await verifyPassword(row?.password_hash, password);
    } catch (e) {
      await Promise.all([this.rateLimit.release(acctKey), this.rateLimit.release(ipKey)]);
      throw e;
    }
    if (!row || !ok) throw new AppError('WRONG_CREDENTIAL', 401);
    await Promise.all([this.rateLimit.reset(acctKey), this.rateLimit.release(ipKey)]);
    if (row.status !== 'active') throw new AppError('INACTIVE_USER', 403);
    const stage = row.totp_enabled ? ('password' as const) : ('enrol' as const);
    const { token, sessionId } = await newSessionToken(this.db, {
      operatorId: row.id,
      stage,
      now: this.clock.now(),
      ip,
      userAgent,
    });
    return {
      token,
      session: { operator: { id: row.id, username: row.username, role: row.role }, stage, sessionId },
    };
  }

  /**
   * The session of a token, or why there is none: UNAUTHORIZED (no such session, logged out, operator disabled),
   * EXPIRED_AUTH_TOKEN (idle too long or too old). A full session's idle expiry moves on (written at most once a
   * minute).
   */
  async session(token: string): Promise<SessionView> {
    return sessionOfToken(this.db, this.clock.now(), token);
  }

  /**
   * Is a session still on, without touching it? (session() moves its idle expiry: an open socket alone must not
   * keep a console signed in.) Live, full, not revoked, its operator active and of one of `roles`.
   */
  async sessionLive(sessionId: string, roles: readonly Role[]): Promise<boolean> {
    return sessionLive(this.db, this.clock.now(), sessionId, roles);
  }

  /**
   * A signed-in operator changes its password: the old one checked (limited like a sign-in: WRONG_PASSWORD, then
   * REQUEST_LIMIT), the new one at least 12 characters; every other session of the operator ends.
   */
  async changePassword(session: SessionView, oldPassword: string, newPassword: string): Promise<void> {
    if (session.stage !== 'full') throw new AppError('UNAUTHORIZED', 401);
    const key = `ops-password:${session.operator.id}`;
    await reserveOrThrow(this.rateLimit, [
      {
        key,
        limit: this.limits.loginFailuresPerAccount,
        windowMs: this.limits.loginWindowMs,
        code: 'REQUEST_LIMIT',
      },
    ]);
    const row = await this.db
      .selectFrom('operators')
      .select(['password_hash'])
      .where('id', '=', session.operator.id)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(row.password_hash, oldPassword))) throw new AppError('WRONG_PASSWORD', 400);
    await this.rateLimit.reset(key);
    if (newPassword.length < 12 || newPassword === oldPassword) throw new AppError('INVALID_USER_INFO', 400);
    const hash = await hashPassword(newPassword);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('operators')
        .set({ password_hash: hash, updated_at: now })
        .where('id', '=', session.operator.id)
        .execute();
      await trx
        .updateTable('operator_sessions')
        .set({ revoked_at: now })
        .where('operator_id', '=', session.operator.id)
        .where('id', '<>', session.sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  async logout(sessionId: string): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** Enrolment, first step (an `enrol` session): a new secret, as text, otpauth URI and QR code (SVG). */
  async enrolStart(session: SessionView): Promise<{ secret: string; uri: string; qrSvg: string }> {
    if (session.stage !== 'enrol') throw new AppError('UNAUTHORIZED', 401);
    const secret = this.vault.newSecret();
    await this.db
      .updateTable('operators')
      .set({ totp_secret: this.vault.seal(secret), updated_at: this.clock.now() })
      .where('id', '=', session.operator.id)
      .where('totp_enabled', '=', false)
      .execute();
    const uri = this.vault.uri(session.operator.username, secret);
    return { secret, uri, qrSvg: await this.vault.qrSvg(uri) };
  }

  /**
   * Enrolment, second step: the first code from the authenticator turns TOTP on, the session becomes full and ten
   * recovery codes are made (shown once; stored as hashes).
   */
  async enrolConfirm(session: SessionView, code: string): Promise<{ recoveryCodes: string[] }> {
    if (session.stage !== 'enrol') throw new AppError('UNAUTHORIZED', 401);
    const row = await this.db
      .selectFrom('operators')
      .selectAll()
      .where('id', '=', session.operator.id)
      .executeTakeFirstOrThrow();
    if (row.totp_enabled || row.totp_secret === null) throw new AppError('OTP_NOT_EXIST', 400);
    const step = this.vault.check(row.username, this.vault.open(row.totp_secret), code, null);
    if (step === null) {
      await failedCode(this.db, session.sessionId, this.clock.now());
      throw new AppError('OTP_CODE_INVALID', 400);
    }
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('operators')
        .set({ totp_enabled: true, totp_last_step: step, updated_at: now })
        .where('id', '=', row.id)
        .execute();
      await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', row.id).execute();
      await trx
        .insertInto('operator_recovery_codes')
        .values(codes.map((c) => ({ operator_id: row.id, code_hash: recoveryHash(c) })))
        .execute();
      await promote(trx, session.sessionId, now);
    });
    return { recoveryCodes: codes };
  }

  /**
   * The second step of a sign-in: a TOTP code (each time step accepted once; one step of clock drift either way)
   * or an unused recovery code. Five wrong codes end the session.
   */
  async verifyCode(
    session: SessionView,
    input: { code?: string; recoveryCode?: string },
  ): Promise<'totp' | 'recovery'> {
    if (session.stage !== 'password') throw new AppError('UNAUTHORIZED', 401);
    const row = await this.db
      .selectFrom('operators')
      .selectAll()
      .where('id', '=', session.operator.id)
      .executeTakeFirstOrThrow();
    if (!row.totp_enabled || row.totp_secret === null) throw new AppError('OTP_NOT_EXIST', 400);
    const now = this.clock.now();
    if (input.recoveryCode !== undefined) {
      const used = await this.db.transaction().execute(async (trx) => {
        const hit = await trx
          .updateTable('operator_recovery_codes')
          .set({ used_at: now })
          .where('operator_id', '=', row.id)
          .where('code_hash', '=', recoveryHash(input.recoveryCode ?? ''))
          .where('used_at', 'is', null)
          .returning('code_hash')
          .executeTakeFirst();
        if (hit) await promote(trx, session.sessionId, now);
        return hit !== undefined;
      });
      if (!used) {
        await failedCode(this.db, session.sessionId, this.clock.now());
        throw new AppError('OTP_CODE_INVALID', 400);
      }
      return 'recovery';
    }
    const step = this.vault.check(
      row.username,
      this.vault.open(row.totp_secret),
      input.code ?? '',
      row.totp_last_step,
    );
    // The step is taken in the same statement that checks it was not taken: two requests with one code, one wins.
    const taken =
      step !== null &&
      (await this.db.transaction().execute(async (trx) => {
        const res = await trx
          .updateTable('operators')
          .set({ totp_last_step: step })
          .where('id', '=', row.id)
          .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) return false;
        await promote(trx, session.sessionId, now);
        return true;
      }));
    if (!taken) {
      await failedCode(this.db, session.sessionId, this.clock.now());
      throw new AppError('OTP_CODE_INVALID', 400);
    }
    return 'totp';
  }
}

type Row = Selectable<OperatorTables['operators']>;
