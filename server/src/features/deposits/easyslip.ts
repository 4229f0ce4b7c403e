import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { SlipVerifierConfig } from '../../platform/config';
import { isRecord, parseJson, postWithTimeout } from '../../platform/http/outbound';
import type { SlipReason } from '../../platform/errors';
import type { SlipInput, SlipVerdict, SlipVerifier } from './slip-verifier';

/**
 * Thrown when the verifier gave no usable answer (timeout, connection failure, 5xx, our key or quota refused, an
 * answer that is not what EasySlip documents): the slip stays PROCESSING for a retry or an operator, it is never
 * credited and never failed for good.
 */
export class SlipVerifierUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlipVerifierUnavailable';
  }
}

/**
 * Baht → minor units, exactly: the decimal text of the amount (a JSON number's shortest form, or a string) with at
 * most 2 decimals; anything else (more decimals, exponent, negative, zero, unsafe) is undefined.
 */
export function bahtToMinor(v: unknown): number | undefined {
  const text =
    typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : typeof v === 'string' ? v.trim() : '';
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return undefined;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(minor) && minor > 0 ? minor : undefined;
}

/**
 * Does the (possibly masked) account number on the slip, e.g. `xxx-x-x5678-x`, name one of ours? Separators are
 * ignored; the lengths must be equal, every visible digit must match and at least 4 must be visible.
 */
export function isOurAccount(onSlip: string, ours: readonly string[]): boolean {
  const slip = onSlip.replace(/[\s-]/g, '').toLowerCase();
  if (!/^[0-9x*]+$/.test(slip)) return false;
  const visible = slip.replace(/[x*]/g, '').length;
  if (visible < 4) return false;
  return ours.some(
    (acc) => acc.length === slip.length && [...slip].every((c, i) => c === 'x' || c === '*' || c === acc[i]),
  );
}

/** EasySlip error codes (`message`) that say something about the slip itself. */
const SLIP_ERRORS: Record<string, SlipReason> = {
  duplicate_slip: 'SLIP_REFNO_DUPLICATED',
  slip_not_found: 'INVALID_SLIP',
  invalid_image: 'INVALID_SLIP',
  invalid_payload: 'INVALID_SLIP',
  image_size_too_large: 'IMG_SIZE_UNABLE_TO_PROCESS',
};
/** Error codes about our account or the service, not the slip: leave it PROCESSING. */
const SERVICE_ERRORS = new Set([
  'unauthorized',
  'access_denied',
  'quota_exceeded',
  'application_expired',
  'application_deactivated',
  'server_error',
  'api_server_error',
]);

/**
 * EasySlip API v1: `POST {base}/api/v1/verify`, `Authorization: Bearer <key>`, multipart field `file`. Success
 * `{status: 200, data: {transRef, date, amount: {amount}, sender, receiver: {account: {bank: {account}}}}}`;
 * errors `{status: <code>, message: <error_code>}`. Mapped onto the slip reason codes (docs/money-in.md "Slips"):
 * duplicate_slip → SLIP_REFNO_DUPLICATED; slip_not_found, invalid_image, invalid_payload → INVALID_SLIP;
 * image_size_too_large → IMG_SIZE_UNABLE_TO_PROCESS; a receiver that is not one of SLIP_RECEIVER_ACCOUNTS →
 * DEST_ACC_INVALID; a transfer older than SLIP_MAX_AGE_MINUTES → EXPIRED_SLIP; a typed amount other than the
 * slip's → NOT_MATCH; any other error code → UNKNOW_ERROR. No usable answer → SlipVerifierUnavailable (PROCESSING).
 * The slip's reference is EasySlip's `transRef` (the bank's), so the slip feature credits one transfer once.
 */
export class EasySlipVerifier implements SlipVerifier {
  constructor(
    private readonly cfg: SlipVerifierConfig,
    private readonly timeoutMs: number,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async verify(input: SlipInput): Promise<SlipVerdict> {
    try {
      return await this.ask(input);
    } catch (e) {
      this.log.warn({ err: e, slip: { provider: 'easyslip' } }, 'slip verification gave no answer');
      throw e;
    }
  }

  private async ask(input: SlipInput): Promise<SlipVerdict> {
    const form = new FormData();
    const name = input.mime === 'image/png' ? 'slip.png' : 'slip.jpg';
    form.append('file', new Blob([new Uint8Array(input.file)], { type: input.mime }), name);
    let res: { status: number; text: string };
    try {
      res = await postWithTimeout(
        `${this.cfg.baseUrl}/api/v1/verify`,
        { headers: { authorization: `Bearer ${this.cfg.apiKey}`, accept: 'application/json' }, body: form },
        this.timeoutMs,
      );
    } catch (e) {
      throw new SlipVerifierUnavailable(e instanceof Error ? e.message : String(e));
    }
    if (res.status >= 500) throw new SlipVerifierUnavailable(`HTTP ${res.status}`);
    const json = parseJson(res.text);
    if (!isRecord(json)) throw new SlipVerifierUnavailable(`HTTP ${res.status}: not JSON`);

    if (res.status >= 200 && res.status < 300 && json.status === 200) return this.verdict(json.data, input);

    const code = typeof json.message === 'string' ? json.message : undefined;
    if (code === undefined) throw new SlipVerifierUnavailable(`HTTP ${res.status}: no error code`);
    if (SERVICE_ERRORS.has(code)) throw new SlipVerifierUnavailable(`HTTP ${res.status}: ${code}`);
    const reason = SLIP_ERRORS[code] ?? 'UNKNOW_ERROR';
    if (reason === 'UNKNOW_ERROR')
      this.log.warn({ slip: { provider: 'easyslip', code } }, 'unknown slip error');
    return { ok: false, reason };
  }

  private verdict(data: unknown, input: SlipInput): SlipVerdict {
    const malformed = (what: string) => new SlipVerifierUnavailable(`malformed answer: ${what}`);
    if (!isRecord(data)) throw malformed('no data');
    const transRef = data.transRef;
    if (typeof transRef !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(transRef)) throw malformed('transRef');
    const amount = isRecord(data.amount) ? bahtToMinor(data.amount.amount) : undefined;
    if (amount === undefined) throw malformed('amount');
    const date = typeof data.date === 'string' ? Date.parse(data.date) : NaN;
    if (Number.isNaN(date)) throw malformed('date');

    const receiver = isRecord(data.receiver) && isRecord(data.receiver.account) ? data.receiver.account : {};
    const bank = isRecord(receiver.bank) ? receiver.bank : {};
    const account = typeof bank.account === 'string' ? bank.account : '';
    if (!isOurAccount(account, this.cfg.receiverAccounts)) return { ok: false, reason: 'DEST_ACC_INVALID' };
    if (this.clock.now().getTime() - date > this.cfg.maxAgeMinutes * 60_000)
      return { ok: false, reason: 'EXPIRED_SLIP' };
    if (input.declaredAmount !== undefined && input.declaredAmount !== amount)
      return { ok: false, reason: 'NOT_MATCH' };
    return { ok: true, slipRef: transRef, amount };
  }
}
