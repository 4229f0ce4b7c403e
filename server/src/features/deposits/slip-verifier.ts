import { createHash } from 'node:crypto';
import { SLIP_REASONS, type SlipReason } from '../../platform/errors';

export interface SlipInput {
  file: Buffer;
  originalName: string;
  mime: 'image/jpeg' | 'image/png';
  /** Amount the member typed, minor units (optional). */
  declaredAmount: number | undefined;
}

export type SlipVerdict = { ok: true; slipRef: string; amount: number } | { ok: false; reason: SlipReason };

/** A slip-verification service: reads the bank slip, checks it was paid to us, returns its reference and amount. */
export interface SlipVerifier {
  verify(input: SlipInput): Promise<SlipVerdict>;
}

/**
 * Sandbox verifier, deterministic (docs/money-in.md):
 * 1. a file name containing a reason code of §4 (any case, e.g. `slip_expired_slip.png`) fails with that code;
 * 2. otherwise it succeeds; the amount is the typed amount, else a number in the file name in baht
 *    (after `-`, `_` or a space, not starting with 0: `slip-250.png` → 250.00, `slip_99.50.jpg` → 99.50), else
 *    100 baht;
 * 3. the slip's bank reference is a hash of the image bytes, so uploading the same image again is
 *    SLIP_REFNO_DUPLICATED;
 * 4. a file name containing `NO_ANSWER` gets no answer, now or on a retry: the slip waits for an operator.
 */
export class SandboxSlipVerifier implements SlipVerifier {
  async verify(input: SlipInput): Promise<SlipVerdict> {
    const name = input.originalName.toUpperCase();
    if (name.includes('NO_ANSWER')) throw new Error('sandbox slip verifier: no answer');
    const reason = SLIP_REASONS.find((r) => name.includes(r));
    if (reason) return { ok: false, reason };
    let amount = input.declaredAmount;
    if (amount === undefined) {
      const m = /[-_ ]([1-9]\d{0,6})(?:\.(\d{1,2}))?\.(?:png|jpe?g)$/i.exec(input.originalName);
      amount = m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : 10_000;
    }
    if (amount <= 0) return { ok: false, reason: 'INVALID_SLIP' };
    const slipRef = `SB${createHash('sha256').update(input.file).digest('hex').slice(0, 18).toUpperCase()}`;
    return { ok: true, slipRef, amount };
  }
}

/** Magic bytes: JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A. */
export function sniffImage(buf: Buffer): 'image/jpeg' | 'image/png' | undefined {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (buf.length >= 8 && png.every((b, i) => buf[i] === b)) return 'image/png';
  return undefined;
}
