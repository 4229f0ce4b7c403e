import { createHash } from 'node:crypto';
import type {
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { AppError } from '../../platform/errors';

/**
 * HTTP-level Idempotency-Key for the money-in routes that move money in one database transaction and whose money
 * is also protected by business keys (one credit per channel transaction, slip image, gift link, invite, refund
 * week). Transfers and withdrawals do not use it: they are money operations (core/operations), whose key is
 * stored with the money.
 *
 * Before the handler runs, a row (member, key) is inserted in its own statement with status `running`; the
 * primary key makes a concurrent duplicate see that row. The first response (status and body) is stored when it
 * is sent and returned unchanged to every retry. A different method, path or body with the same key → 409
 * KEY_INVALID. A retry arriving while the first is still running waits for it (polling), then gets its
 * response, or 409 REQUEST_LIMIT after `waitMs`. A 5xx is not stored (the row is deleted, so the client may
 * retry: the handler's transaction rolled back), nor a 429 (a rate limit: nothing was done). A `running` row older than `staleMs` (longer than any request
 * may take) belongs to a request that died: the next retry takes it over and runs again, meeting the business
 * keys — never stuck on REQUEST_LIMIT.
 *
 * Usage (after requireMember, which sets request.auth): spread `...idempotent(requireMember)` into the route
 * options (it sets `compress: false`: the stored body must be the JSON text). `idempotencyKeyOf(request)` gives
 * the key to record on ledger transactions (PostInput.idempotencyKey).
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';

interface IdempotencyState {
  memberId: string;
  key: string;
  /** True when this request owns the row (first arrival) and must store its response. */
  owner: boolean;
}

const states = new WeakMap<FastifyRequest, IdempotencyState>();

export interface IdempotencyOptions {
  /** How long a retry waits for the first request to finish (default 10 s). */
  waitMs: number;
  pollMs: number;
  /** A `running` row older than this belongs to a request that died (default 330 s: uploads may take 300 s). */
  staleMs: number;
}

const defaults: IdempotencyOptions = { waitMs: 10_000, pollMs: 20, staleMs: 330_000 };

/** Stable JSON (sorted keys) so the same body hashes the same whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const routePath = (request: FastifyRequest): string => request.url.split('?')[0] ?? request.url;

export function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method}\n${routePath(request)}\n${canonical(request.body ?? null)}`)
    .digest('hex');
}

/**
 * The Idempotency-Key header as sent: undefined when there is none; 400 KEY_INVALID unless it is 1–100 characters.
 * The one check of a member's key, for these routes and for money operations (core/operations/http.ts).
 */
export function idempotencyKeyHeader(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || key.length < 1 || key.length > 100) throw new AppError('KEY_INVALID', 400);
  return key;
}

/** The Idempotency-Key of this request, when it carried a valid one. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  return states.get(request)?.key;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function replay(reply: FastifyReply, status: number, body: string): Promise<FastifyReply> {
  reply.header('idempotent-replayed', 'true');
  reply.header('content-type', 'application/json; charset=utf-8');
  return reply.status(status).send(body);
}

/** Builds the preHandler (options for tests: shorter waits). */
export function createIdempotencyPreHandler(
  opts: Partial<IdempotencyOptions> = {},
): preHandlerAsyncHookHandler {
  const { waitMs, pollMs, staleMs } = { ...defaults, ...opts };
  return async function idempotencyPreHandler(request, reply) {
    const key = idempotencyKeyHeader(request);
    if (key === undefined) return;
    if (!request.auth) throw new AppError('UNAUTHORIZED', 401);
    const memberId = request.auth.memberId;
    const db = request.server.ctx.db;
    const hash = requestHash(request);

    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        member_id: memberId,
        key,
        method: request.method,
        path: routePath(request),
        request_hash: hash,
        status: 'running',
      })
      .onConflict((oc) => oc.columns(['member_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) {
      states.set(request, { memberId, key, owner: true });
      return;
    }

    const deadline = Date.now() + waitMs;
    for (;;) {
      const row = await db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'status', 'response_status', 'response_body', 'created_at'])
        .where('member_id', '=', memberId)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row) {
        // The first attempt failed with a 5xx and released the key: this retry runs for real.
        return createIdempotencyPreHandler(opts).call(request.server, request, reply);
      }
      if (row.request_hash !== hash) throw new AppError('KEY_INVALID', 409);
      if (row.status === 'done' && row.response_status !== null && row.response_body !== null) {
        states.set(request, { memberId, key, owner: false });
        return replay(reply, row.response_status, row.response_body);
      }
      if (row.status === 'running' && Date.now() - new Date(row.created_at).getTime() > staleMs) {
        // The request that owned the key died mid-way: this retry takes the key over and runs again.
        const taken = await db
          .updateTable('idempotency_keys')
          .set({ created_at: new Date() })
          .where('member_id', '=', memberId)
          .where('key', '=', key)
          .where('status', '=', 'running')
          .where('created_at', '=', row.created_at)
          .returning('key')
          .executeTakeFirst();
        if (taken) {
          states.set(request, { memberId, key, owner: true });
          return;
        }
        continue;
      }
      if (Date.now() >= deadline) throw new AppError('REQUEST_LIMIT', 409);
      await sleep(pollMs);
    }
  };
}

export const idempotencyPreHandler = createIdempotencyPreHandler();

/**
 * Stores the first response of the request that owns the key, or releases the key on a 5xx and on a 429 (a rate
 * limit: nothing was done, so a later retry with the same key runs for real).
 */
export const idempotencyOnSend: onSendHookHandler = async function (request, reply, payload) {
  const state = states.get(request);
  if (!state || !state.owner) return payload;
  state.owner = false;
  const db = request.server.ctx.db;
  const where = db
    .updateTable('idempotency_keys')
    .where('member_id', '=', state.memberId)
    .where('key', '=', state.key);
  if (reply.statusCode >= 500 || reply.statusCode === 429) {
    await db
      .deleteFrom('idempotency_keys')
      .where('member_id', '=', state.memberId)
      .where('key', '=', state.key)
      .execute();
    return payload;
  }
  const body =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
  await where
    .set({
      status: 'done',
      response_status: reply.statusCode,
      response_body: body,
      completed_at: new Date(),
    })
    .execute();
  return payload;
};

/**
 * Route options for a member's money-moving route: auth, then the idempotency check, then `after` (an operator's
 * switch, `whileOn`); the response stored, a refusal of `after` included.
 */
export function idempotent(
  requireMember: preHandlerAsyncHookHandler,
  ...after: preHandlerAsyncHookHandler[]
): Pick<RouteShorthandOptions, 'preHandler' | 'onSend' | 'compress'> {
  // Not compressed: the onSend hook stores the serialized body, which a compressed stream would hide.
  return {
    preHandler: [requireMember, idempotencyPreHandler, ...after],
    onSend: idempotencyOnSend,
    compress: false,
  };
}
