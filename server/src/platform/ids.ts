import { randomBytes } from 'node:crypto';

/** 24 hex characters, the id style of the API (`_id`). */
export const newId = (): string => randomBytes(12).toString('hex');

/** Unique-constraint violation on PostgreSQL and PGlite alike. */
export const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && 'code' in e && (e as { code: unknown }).code === '23505';
