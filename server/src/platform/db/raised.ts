import { AppError, ERROR_CODES, type ErrorCode } from '../errors';

/**
 * SQLSTATE of a refusal raised by one of our database functions (migrations 0009+): the message is the catalogue
 * code the member sees (MONEY_NOT_ENOUGH, SLOT_NO_ACCOUNT…), and nothing of the failed statement was written.
 */
export const REFUSAL_SQLSTATE = 'WL400';

const STATUS: Partial<Record<ErrorCode, number>> = { NO_USER: 404 };

/** The AppError of a database function's refusal; the error itself when it is anything else. */
export function fromDatabase(e: unknown): unknown {
  if (typeof e !== 'object' || e === null) return e;
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (code !== REFUSAL_SQLSTATE || typeof message !== 'string') return e;
  const catalogue = (ERROR_CODES as readonly string[]).includes(message) ? (message as ErrorCode) : undefined;
  return catalogue ? new AppError(catalogue, STATUS[catalogue] ?? 400) : e;
}
