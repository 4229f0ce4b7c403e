import type { FastifyRequest } from 'fastify';

/**
 * Input rules every route shares (docs/server.md "Headers, CSP, CORS and input"), checked once for all routes by
 * a preValidation hook, so a route's schema never has to repeat them:
 * - no control characters in any text (C0, DEL, C1); tab, CR and LF only on routes whose text is multi-line
 *   (`config.multilineText`, in the body only);
 * - no number a JSON parser cannot hold exactly: non-finite, or an integer beyond ±(2^53 − 1).
 * Object keys are text too. A refused request answers 400 with the route's `validationCode` (KEY_INVALID by
 * default), like a schema failure. Amounts are JSON numbers only: bodies are validated without type coercion
 * (app.ts), so "100", [100] and "0x64" fail the route's schema.
 */

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_OR_LINE = /[\u0000-\u001F\u007F-\u009F]/;

export type InputProblem = 'control-character' | 'unsafe-number';

/** The first problem found in a parsed value (JSON body, query, params), or undefined. Depth-limited. */
export function inputProblem(value: unknown, multiline = false, depth = 0): InputProblem | undefined {
  if (depth > 32) return undefined;
  if (typeof value === 'string') {
    return (multiline ? CONTROL : CONTROL_OR_LINE).test(value) ? 'control-character' : undefined;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'unsafe-number';
    return Number.isInteger(value) && !Number.isSafeInteger(value) ? 'unsafe-number' : undefined;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      const p = inputProblem(item, multiline, depth + 1);
      if (p) return p;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL_OR_LINE.test(key)) return 'control-character';
      const p = inputProblem(item, multiline, depth + 1);
      if (p) return p;
    }
  }
  return undefined;
}

/** An error the central error handler answers like a schema failure (400, the route's validationCode). */
export function inputError(problem: InputProblem): Error & { validation: unknown[]; statusCode: number } {
  return Object.assign(new Error(`input refused: ${problem}`), {
    validation: [{ keyword: problem, message: problem }],
    statusCode: 400,
  });
}

/**
 * preValidation hook of the whole app. A raw (string) body is left to the route that parses it (the webhooks
 * verify the signature over the raw bytes first, then parse and check it with `inputProblem`).
 */
export async function refuseUnsafeInput(request: FastifyRequest): Promise<void> {
  const problem =
    inputProblem(request.params) ??
    inputProblem(request.query) ??
    (typeof request.body === 'string'
      ? undefined
      : inputProblem(request.body, request.routeOptions.config.multilineText === true));
  if (problem) throw inputError(problem);
}
