import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Clock } from '../../platform/clock';

const ISSUER = 'Wallet ops';
export const RECOVERY_CODES = 10;

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** A recovery code as shown: ten base32 characters in two groups. */
export const newRecoveryCode = (): string => {
  const s = new Secret({ size: 10 }).base32.slice(0, 10).toLowerCase();
  return `${s.slice(0, 5)}-${s.slice(5)}`;
};

/** A recovery code as stored: the SHA-256 of its characters, case, spaces and dashes aside. */
export const recoveryHash = (code: string): string =>
  sha256(
    code
      .trim()
      .toLowerCase()
      .replace(/[^a-z2-7]/g, ''),
  );

/**
 * The operators' TOTP secrets and codes (docs/operators.md). `masterSecret`: the server's JWT secret, shared by
 * every server of a deployment; the secrets are kept encrypted under a key derived from it (HKDF-SHA256), so the
 * database alone cannot make codes.
 */
export class TotpVault {
  private readonly key: Buffer;

  constructor(
    masterSecret: string,
    private readonly clock: Clock,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', masterSecret, 'wallet-ops', 'operators/totp-secret', 32));
  }

  newSecret(): string {
    return new Secret({ size: 20 }).base32;
  }

  /** A TOTP secret as stored: AES-256-GCM, `v1.<iv>.<ciphertext>.<tag>` (base64url). */
  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', iv, data, cipher.getAuthTag()]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(stored: string): string {
    const [v, iv, data, tag] = stored.split('.');
    if (v !== 'v1' || !iv || !data || !tag) throw new Error('unreadable TOTP secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }

  /** The otpauth:// URI an authenticator app reads. */
  uri(username: string, secret: string): string {
    return this.totp(username, secret).toString();
  }

  qrSvg(uri: string): Promise<string> {
    return QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  }

  /** The time step a code matches (±1 step), or null; a step not after `lastStep` is refused (replay). */
  check(username: string, secret: string, code: string, lastStep: number | null): number | null {
    if (!/^\d{6}$/.test(code.trim())) return null;
    const timestamp = this.clock.now().getTime();
    const delta = this.totp(username, secret).validate({ token: code.trim(), timestamp, window: 1 });
    if (delta === null) return null;
    const step = Math.floor(timestamp / 30_000) + delta;
    if (lastStep !== null && step <= Number(lastStep)) return null;
    return step;
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
}
