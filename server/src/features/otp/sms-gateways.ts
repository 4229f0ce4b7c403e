import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig, SmsConfig } from '../../platform/config';
import { isRecord, parseJson, postWithTimeout } from '../../platform/http/outbound';
import type { SmsAdapter, SmsMessage } from './sms';

/**
 * The real SMS gateways behind `SmsAdapter` (SMS_PROVIDER): ThaiBulkSMS's API v2 and a generic signed webhook.
 * Every call has a time limit (PROVIDER_TIMEOUT_MS); a timeout, a refused number, a provider error or an answer
 * that is not what the provider documents throws an SmsSendError, which the OTP service answers with
 * OTP_SEND_FAIL (502). The message text (it holds the code) is never logged.
 */
export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** A local number (0812345678) in the international form the gateways expect (66812345678; Laos 856…). */
export function msisdn(phone: string, laos: boolean): string {
  const digits = phone.replace(/\D/g, '');
  const country = laos ? '856' : '66';
  if (digits.startsWith('0')) return `${country}${digits.slice(1)}`;
  return digits;
}

/** One POST with the time limit; a timeout or connection failure becomes an SmsSendError. */
async function post(
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<{ status: number; text: string }> {
  try {
    return await postWithTimeout(url, init, timeoutMs);
  } catch (e) {
    throw new SmsSendError(e instanceof Error ? e.message : String(e));
  }
}

/**
 * ThaiBulkSMS API v2: `POST {base}/sms`, HTTP Basic auth (API key : API secret), form body `msisdn`, `message`,
 * `sender`, optional `force` (standard | corporate). A 2xx JSON answer lists `phone_number_list` (sent) and
 * `bad_phone_number_list` (refused numbers); an error is a non-2xx JSON `{error: {code, name, description}}`.
 */
export class ThaiBulkSmsAdapter implements SmsAdapter {
  constructor(
    private readonly cfg: Extract<SmsConfig, { provider: 'thaibulksms' }>,
    private readonly laos: boolean,
    private readonly timeoutMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const to = msisdn(message.to, this.laos);
    const form = new URLSearchParams({ msisdn: to, message: message.text, sender: this.cfg.sender });
    if (this.cfg.force) form.set('force', this.cfg.force);
    const auth = Buffer.from(`${this.cfg.apiKey}:${this.cfg.apiSecret}`).toString('base64');
    try {
      const res = await post(
        `${this.cfg.baseUrl}/sms`,
        {
          headers: {
            authorization: `Basic ${auth}`,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
        },
        this.timeoutMs,
      );
      const json = parseJson(res.text);
      if (res.status < 200 || res.status > 299) {
        const err = isRecord(json) && isRecord(json.error) ? json.error : undefined;
        throw new SmsSendError(
          err
            ? `error ${String(err.code)} ${String(err.name)}: ${String(err.description)} (HTTP ${res.status})`
            : `HTTP ${res.status} without an error body`,
        );
      }
      if (
        !isRecord(json) ||
        !Array.isArray(json.phone_number_list) ||
        !Array.isArray(json.bad_phone_number_list)
      )
        throw new SmsSendError('malformed answer (no phone_number_list / bad_phone_number_list)');
      if (json.bad_phone_number_list.length > 0 || json.phone_number_list.length === 0)
        throw new SmsSendError(`number refused: ${JSON.stringify(json.bad_phone_number_list).slice(0, 200)}`);
    } catch (e) {
      this.log.warn({ sms: { provider: 'thaibulksms', to, otpRef: message.otpRef }, err: e }, 'SMS not sent');
      throw e;
    }
  }
}

/**
 * A generic signed webhook: `POST {SMS_WEBHOOK_URL}` with the JSON `{to, text, otpRef}` (`to` in international
 * form), `X-Timestamp` = epoch ms and `X-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">` keyed with
 * SMS_WEBHOOK_SECRET. Any 2xx is success.
 */
export class WebhookSmsAdapter implements SmsAdapter {
  constructor(
    private readonly cfg: Extract<SmsConfig, { provider: 'webhook' }>,
    private readonly laos: boolean,
    private readonly timeoutMs: number,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const to = msisdn(message.to, this.laos);
    const body = JSON.stringify({ to, text: message.text, otpRef: message.otpRef ?? null });
    const timestamp = String(this.now());
    const signature = createHmac('sha256', this.cfg.secret).update(`${timestamp}.${body}`).digest('hex');
    try {
      const res = await post(
        this.cfg.url,
        {
          headers: {
            'content-type': 'application/json',
            'x-timestamp': timestamp,
            'x-signature': `sha256=${signature}`,
          },
          body,
        },
        this.timeoutMs,
      );
      if (res.status < 200 || res.status > 299) throw new SmsSendError(`HTTP ${res.status}`);
    } catch (e) {
      this.log.warn({ sms: { provider: 'webhook', to, otpRef: message.otpRef }, err: e }, 'SMS not sent');
      throw e;
    }
  }
}

/** The configured gateway (SMS_PROVIDER), or undefined when none is. */
export function smsGateway(config: AppConfig, log: FastifyBaseLogger): SmsAdapter | undefined {
  const sms = config.sms;
  if (!sms) return undefined;
  return sms.provider === 'thaibulksms'
    ? new ThaiBulkSmsAdapter(sms, config.laos, config.providerTimeoutMs, log)
    : new WebhookSmsAdapter(sms, config.laos, config.providerTimeoutMs, log);
}
