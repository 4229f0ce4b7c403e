import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { Limits } from '../../platform/limits';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import { reserveOrThrow, type RateLimitStore } from '../../platform/rate-limit';
import { operatorsDb, type OperatorTables, type Role, type SessionStage } from './tables';

/** How long a session lives: idle, absolute, and the short first stages of a sign-in. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 60 * 60_000;
const STAGE_MS: Record<Exclude<SessionStage, 'full'>, number> = { password: 5 * 60_000, enrol: 15 * 60_000 };
/** Wrong codes a signing-in session may send before it is dropped. */
const CODES_PER_SESSION = 5;
/** `last_seen_at` is written at most this often (a request does not write on every call). */
const TOUCH_MS = 60_000;
const RECOVERY_CODES = 10;
const ISSUER = 'Wallet ops';

export interface OperatorView {
  id: string;
  username: string;
  role: Role;
  status: 'active' | 'disabled';
  totpEnabled: boolean;
  createdAt: string;
}

export interface SessionView {
  operator: { id: string; username: string; role: Role };
  stage: SessionStage;
  sessionId: string;
}

type Db = Kysely<Database & OperatorTables>;

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');
const normalize = (username: string): string => username.trim().toLowerCase();
/** A recovery code as shown: ten base32 characters in two groups. */
const newRecoveryCode = (): string => {
  const s = new Secret({ size: 10 }).base32.slice(0, 10).toLowerCase();
  return `${s.slice(0, 5)}-${s.slice(5)}`;
};
const recoveryHash = (code: string): string =>
  sha256(
    code
      .trim()
      .toLowerCase()
      .replace(/[^a-z2-7]/g, ''),
  );

/**
 * Operator accounts and their sessions (docs/operators.md). A sign-in is a password, then a TOTP code (or a
 * recovery code); an operator without TOTP must enrol it before anything else. The session token is random (32
 * bytes) and only its SHA-256 is stored; a session ends after 30 minutes idle or 12 hours, at logout, and when
 * its operator is disabled.
 */
export class OperatorService {
  private readonly db: Db;
  private readonly totpKey: Buffer;

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
    this.totpKey = Buffer.from(hkdfSync('sha256', masterSecret, 'wallet-ops', 'operators/totp-secret', 32));
  }

  /** A TOTP secret as stored: AES-256-GCM, `v1.<iv>.<ciphertext>.<tag>` (base64url). */
  private seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.totpKey, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, data, cipher.getAuthTag()]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  private open(stored: string): string {
    const [v, iv, data, tag] = stored.split('.');
    if (v !== 'v1' || !iv || !data || !tag) throw new Error('unreadable TOTP secret');
    const decipher = createDecipheriv('aes-256-gcm', this.totpKey, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
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
    const stage: SessionStage = row.totp_enabled ? 'password' : 'enrol';
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const id = sha256(token);
    await this.db
      .insertInto('operator_sessions')
      .values({
        id,
        operator_id: row.id,
        stage,
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + STAGE_MS[stage]),
        ip,
        user_agent: userAgent?.slice(0, 300) ?? null,
      })
      .execute();
    return {
      token,
      session: { operator: { id: row.id, username: row.username, role: row.role }, stage, sessionId: id },
    };
  }

  /**
   * The session of a token, or why there is none: UNAUTHORIZED (no such session, logged out, operator disabled),
   * EXPIRED_AUTH_TOKEN (idle too long or too old). A full session's idle expiry moves on (written at most once a
   * minute).
   */
  async session(token: string): Promise<SessionView> {
    const id = sha256(token);
    const row = await this.db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select(['s.id', 's.stage', 's.created_at', 's.last_seen_at', 's.expires_at', 's.revoked_at'])
      .select(['o.id as operator_id', 'o.username', 'o.role', 'o.status'])
      .where('s.id', '=', id)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null || row.status !== 'active') throw new AppError('UNAUTHORIZED', 401);
    const now = this.clock.now().getTime();
    if (new Date(row.expires_at).getTime() <= now) throw new AppError('EXPIRED_AUTH_TOKEN', 401);
    if (row.stage === 'full' && now - new Date(row.last_seen_at).getTime() >= TOUCH_MS) {
      const expires = Math.min(now + SESSION_IDLE_MS, new Date(row.created_at).getTime() + SESSION_MAX_MS);
      await this.db
        .updateTable('operator_sessions')
        .set({ last_seen_at: new Date(now), expires_at: new Date(expires) })
        .where('id', '=', id)
        .execute();
    }
    return {
      operator: { id: row.operator_id, username: row.username, role: row.role },
      stage: row.stage,
      sessionId: row.id,
    };
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

  private totp(username: string, secret: string): TOTP {
    return new TOTP({
      issuer: ISSUER,
      label: username,
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: Secret.fromBase32(secret),
    });
  }

  /** Enrolment, first step (an `enrol` session): a new secret, as text, otpauth URI and QR code (SVG). */
  async enrolStart(session: SessionView): Promise<{ secret: string; uri: string; qrSvg: string }> {
    if (session.stage !== 'enrol') throw new AppError('UNAUTHORIZED', 401);
    const secret = new Secret({ size: 20 }).base32;
    await this.db
      .updateTable('operators')
      .set({ totp_secret: this.seal(secret), updated_at: this.clock.now() })
      .where('id', '=', session.operator.id)
      .where('totp_enabled', '=', false)
      .execute();
    const uri = this.totp(session.operator.username, secret).toString();
    const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, uri, qrSvg };
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
    const step = this.check(row.username, this.open(row.totp_secret), code, null);
    if (step === null) {
      await this.failedCode(session.sessionId);
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
      await this.promote(trx, session.sessionId, now);
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
        if (hit) await this.promote(trx, session.sessionId, now);
        return hit !== undefined;
      });
      if (!used) {
        await this.failedCode(session.sessionId);
        throw new AppError('OTP_CODE_INVALID', 400);
      }
      return 'recovery';
    }
    const step = this.check(row.username, this.open(row.totp_secret), input.code ?? '', row.totp_last_step);
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
        await this.promote(trx, session.sessionId, now);
        return true;
      }));
    if (!taken) {
      await this.failedCode(session.sessionId);
      throw new AppError('OTP_CODE_INVALID', 400);
    }
    return 'totp';
  }

  /** The time step a code matches (±1 step), or null; a step not after `lastStep` is refused (replay). */
  private check(username: string, secret: string, code: string, lastStep: number | null): number | null {
    if (!/^\d{6}$/.test(code.trim())) return null;
    const timestamp = this.clock.now().getTime();
    const delta = this.totp(username, secret).validate({ token: code.trim(), timestamp, window: 1 });
    if (delta === null) return null;
    const step = Math.floor(timestamp / 30_000) + delta;
    if (lastStep !== null && step <= Number(lastStep)) return null;
    return step;
  }

  private async promote(trx: Kysely<Database & OperatorTables>, sessionId: string, now: Date): Promise<void> {
    await trx
      .updateTable('operator_sessions')
      .set({
        stage: 'full',
        last_seen_at: now,
        expires_at: new Date(now.getTime() + SESSION_IDLE_MS),
        created_at: now,
      })
      .where('id', '=', sessionId)
      .execute();
  }

  private async failedCode(sessionId: string): Promise<void> {
    await this.db
      .updateTable('operator_sessions')
      .set((eb) => ({
        failed_codes: eb('failed_codes', '+', 1),
      }))
      .where('id', '=', sessionId)
      .execute();
    await this.db
      .updateTable('operator_sessions')
      .set({ revoked_at: this.clock.now() })
      .where('id', '=', sessionId)
      .where('failed_codes', '>=', CODES_PER_SESSION)
      .where('revoked_at', 'is', null)
      .execute();
  }
}

type Row = Selectable<OperatorTables['operators']>;

/** Ends every open session of an operator. */
async function endSessions(trx: Db, operatorId: string, now: Date): Promise<void> {
  await trx
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();
}
