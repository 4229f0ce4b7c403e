import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { reserveOrThrow, type RateLimitStore } from '../../platform/rate-limit';
import type { ChatOptions } from './model';

const GUEST_TOKEN = /^(g_[A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * The chat's guests (docs/chat.md): a guest id and a token that proves it, `<guestId>.<HMAC>`. The key is its own,
 * derived from the server's secret (as features/operators derives its TOTP key): a guest token signs nothing else,
 * and the secret itself is never used as an HMAC key here.
 */
export class GuestTokens {
  private readonly key: Buffer;

  constructor(
    private readonly rateLimit: RateLimitStore,
    private readonly options: Pick<ChatOptions, 'secret' | 'guestsPerIpPerHour'>,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', options.secret, 'wallet-chat', 'chat-guest', 32));
  }

  private mac(guestId: string): Buffer {
    return createHmac('sha256', this.key).update(guestId).digest();
  }

  /** A new guest: `{ guestId, guestToken }` (10 per IP per hour → REQUEST_LIMIT). */
  async newGuest(ip: string): Promise<{ guestId: string; guestToken: string }> {
    await reserveOrThrow(this.rateLimit, [
      {
        key: `chat:guest:ip:${ip}`,
        limit: this.options.guestsPerIpPerHour,
        windowMs: 3600_000,
        code: 'REQUEST_LIMIT',
      },
    ]);
    // 22 base64url characters: 132 random bits.
    const guestId = `g_${randomBytes(17).toString('base64url').slice(0, 22)}`;
    return { guestId, guestToken: `${guestId}.${this.mac(guestId).toString('base64url')}` };
  }

  /** The guest a token stands for (`<guestId>.<HMAC>`), or null when it is malformed or forged. */
  fromToken(token: string): { kind: 'guest'; guestId: string } | null {
    const m = GUEST_TOKEN.exec(token);
    if (!m?.[1] || !m[2]) return null;
    const got = Buffer.from(m[2], 'base64url');
    const want = this.mac(m[1]);
    return got.length === want.length && timingSafeEqual(got, want) ? { kind: 'guest', guestId: m[1] } : null;
  }
}
