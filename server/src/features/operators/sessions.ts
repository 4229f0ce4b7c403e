import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { OperatorTables, Role, SessionStage } from './tables';

/** How long a session lives: idle, absolute, and the short first stages of a sign-in. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 60 * 60_000;
const STAGE_MS: Record<Exclude<SessionStage, 'full'>, number> = { password: 5 * 60_000, enrol: 15 * 60_000 };
/** Wrong codes a signing-in session may send before it is dropped. */
const CODES_PER_SESSION = 5;
/** `last_seen_at` is written at most this often (a request does not write on every call). */
const TOUCH_MS = 60_000;

export type OperatorsDb = Kysely<Database & OperatorTables>;

export interface SessionView {
  operator: { id: string; username: string; role: Role };
  stage: SessionStage;
  sessionId: string;
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/**
 * The operators' console sessions (docs/operators.md): the token is random (32 bytes) and only its SHA-256 is
 * stored; a session ends after 30 minutes idle or 12 hours, at logout, and when its operator is disabled.
 */
export async function newSessionToken(
  db: OperatorsDb,
  s: {
    operatorId: string;
    stage: Exclude<SessionStage, 'full'>;
    now: Date;
    ip: string;
    userAgent: string | null;
  },
): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = sha256(token);
  await db
    .insertInto('operator_sessions')
    .values({
      id,
      operator_id: s.operatorId,
      stage: s.stage,
      created_at: s.now,
      last_seen_at: s.now,
      expires_at: new Date(s.now.getTime() + STAGE_MS[s.stage]),
      ip: s.ip,
      user_agent: s.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, sessionId: id };
}

/**
 * The session of a token, or why there is none: UNAUTHORIZED (no such session, logged out, operator disabled),
 * EXPIRED_AUTH_TOKEN (idle too long or too old). A full session's idle expiry moves on (written at most once a
 * minute).
 */
export async function sessionOfToken(db: OperatorsDb, at: Date, token: string): Promise<SessionView> {
  const id = sha256(token);
  const row = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.id', 's.stage', 's.created_at', 's.last_seen_at', 's.expires_at', 's.revoked_at'])
    .select(['o.id as operator_id', 'o.username', 'o.role', 'o.status'])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.status !== 'active') throw new AppError('UNAUTHORIZED', 401);
  const now = at.getTime();
  if (new Date(row.expires_at).getTime() <= now) throw new AppError('EXPIRED_AUTH_TOKEN', 401);
  if (row.stage === 'full' && now - new Date(row.last_seen_at).getTime() >= TOUCH_MS) {
    const expires = Math.min(now + SESSION_IDLE_MS, new Date(row.created_at).getTime() + SESSION_MAX_MS);
    await db
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

/** Is a session live, full, not revoked, its operator active and of one of `roles`? Read only: nothing moves. */
export async function sessionLive(
  db: OperatorsDb,
  at: Date,
  sessionId: string,
  roles: readonly Role[],
): Promise<boolean> {
  const row = await db
    .selectFrom('operator_sessions as s')
    .innerJoin('operators as o', 'o.id', 's.operator_id')
    .select(['s.stage', 's.expires_at', 's.revoked_at', 'o.status', 'o.role'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  return (
    row !== undefined &&
    row.stage === 'full' &&
    row.revoked_at === null &&
    row.status === 'active' &&
    roles.includes(row.role) &&
    new Date(row.expires_at).getTime() > at.getTime()
  );
}

/** A signing-in session that passed its last step becomes full (idle expiry from now). */
export async function promote(trx: OperatorsDb, sessionId: string, now: Date): Promise<void> {
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

/** A wrong code: counted, and the fifth ends the session. */
export async function failedCode(db: OperatorsDb, sessionId: string, now: Date): Promise<void> {
  await db
    .updateTable('operator_sessions')
    .set((eb) => ({
      failed_codes: eb('failed_codes', '+', 1),
    }))
    .where('id', '=', sessionId)
    .execute();
  await db
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('failed_codes', '>=', CODES_PER_SESSION)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every open session of an operator. */
export async function endSessions(trx: OperatorsDb, operatorId: string, now: Date): Promise<void> {
  await trx
    .updateTable('operator_sessions')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .execute();
}
