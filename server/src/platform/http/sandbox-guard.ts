import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../errors';

/**
 * The lock of the sandbox routes that move money or reveal secrets (SMS outbox, bank transfers, QR payments,
 * payout settlement, game faults): they answer only to a caller on this machine (the socket's address is
 * loopback) or to one sending the operator secret in `X-Ops-Secret` (compared in constant time, as /api/ops does).
 * Without TRUST_PROXY, a loopback request that a proxy forwarded (X-Forwarded-For, Forwarded or X-Real-IP present)
 * is not local: a reverse proxy on the same machine does not open the lock to everyone behind it. With TRUST_PROXY,
 * `request.ip` is already the client's address as the trusted proxies report it. Anyone else → 403 KEY_INVALID.
 * docs/money-in.md "Sandbox".
 */

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 form. */
export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** True when the request carries the operator secret (X-Ops-Secret), compared in constant time. */
export function hasOpsSecret(request: FastifyRequest, opsSecret: string): boolean {
  const given = request.headers['x-ops-secret'];
  if (typeof given !== 'string' || given === '') return false;
  // Hash both sides so the comparison is constant-time whatever the lengths.
  return timingSafeEqual(digest(given), digest(opsSecret));
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** From this machine (a loopback socket, not forwarded by a proxy) or with the operator secret. */
export function isLocalOrOperator(request: FastifyRequest, ctx: AppContext): boolean {
  const forwarded =
    ctx.config.trustProxy.length === 0 && FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined);
  const local = isLoopback(request.ip) && !forwarded;
  return local || hasOpsSecret(request, ctx.secrets.opsSecret);
}

/** An onRequest hook for the locked sandbox routes (route option `onRequest: localOrOperator(ctx)`). */
export function localOrOperator(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!isLocalOrOperator(request, ctx)) throw new AppError('KEY_INVALID', 403);
  };
}

/**
 * Signatures of sandbox links a member's browser opens without a bearer header (the QR pay page): an HMAC of the
 * purpose and the id with a key derived from the JWT secret, base64url. Only the member who created the QR gets
 * its signed link (in the QR answer's `payUrl`).
 */
export class LinkSigner {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = createHmac('sha256', secret).update(`sandbox-link/${purpose}`).digest();
  }

  sign(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url');
  }

  check(id: string, sig: unknown): boolean {
    if (typeof sig !== 'string' || sig === '' || sig.length > 100) return false;
    const want = createHmac('sha256', this.key).update(id).digest();
    const got = Buffer.from(sig, 'base64url');
    return got.length === want.length && timingSafeEqual(got, want);
  }
}
