/**
 * Lao QR payloads: the LAPNet interoperable merchant-presented QR ("LAO QR") that BCEL One, LDB, JDB and the other
 * member banks of LAPNet scan. EMVCo merchant-presented mode, TLV fields like Thai QR (promptpay.ts), with Lao
 * values:
 *
 * | tag | value                                                                                     |
 * | --- | ----------------------------------------------------------------------------------------- |
 * | 00  | payload format `01`                                                                       |
 * | 01  | `12` (dynamic: one payment of one amount)                                                 |
 * | 38  | merchant account: `00` LAPNet AID `A005266284662577`, `01` acquirer IIN, `02` payment    |
 * |     | type, `03` merchant id                                                                    |
 * | 52  | merchant category code                                                                    |
 * | 53  | currency `418` (LAK, ISO 4217)                                                            |
 * | 54  | amount in whole kip (the kip has no minor unit in use; the ledger's LAK unit is one kip)  |
 * | 58  | country `LA`                                                                              |
 * | 59  | merchant name; `60` city                                                                  |
 * | 62  | additional data: `01` bill number, `05` reference label (the intent), `07` terminal label |
 * | 63  | CRC-16/CCITT-FALSE of everything before it including `6304`                               |
 *
 * The reference label names the payment intent, which is how the acquirer matches the payment to it.
 */
import { crc16ccitt } from './promptpay';

export const LAPNET_AID = 'A005266284662577';
export const LAK_NUMERIC = '418';

const tlv = (tag: string, value: string): string => {
  if (value.length > 99) throw new Error(`EMVCo field ${tag} is longer than 99 characters`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
};

export interface LaoQrRequest {
  /** The acquirer's LAPNet institution id (8 digits). */
  acquirerIin: string;
  /** The merchant id the acquirer gave the site. */
  merchantId: string;
  merchantName: string;
  city: string;
  /** Identifies the payment intent (bill number and reference label). */
  reference: string;
  /** Whole kip, at least 1. */
  amountKip: number;
  /** Merchant category code, 5999 unless the acquirer gave another. */
  mcc?: string;
}

/** A dynamic Lao QR (one payment of `amountKip`) with its CRC. */
export function laoQr(req: LaoQrRequest): string {
  if (!Number.isSafeInteger(req.amountKip) || req.amountKip < 1)
    throw new Error(`a Lao QR needs a whole amount of kip, got ${req.amountKip}`);
  let body = tlv('00', '01') + tlv('01', '12');
  body += tlv(
    '38',
    tlv('00', LAPNET_AID) + tlv('01', req.acquirerIin) + tlv('02', '001') + tlv('03', req.merchantId),
  );
  body += tlv('52', req.mcc ?? '5999') + tlv('53', LAK_NUMERIC) + tlv('54', String(req.amountKip));
  body += tlv('58', 'LA') + tlv('59', req.merchantName) + tlv('60', req.city);
  body += tlv('62', tlv('01', req.reference) + tlv('05', req.reference) + tlv('07', 'WEB'));
  const head = `${body}6304`;
  return head + crc16ccitt(head).toString(16).toUpperCase().padStart(4, '0');
}

/**
 * The top-level fields of an EMVCo payload, tag → value (a nested template such as `38` or `62` is parsed again
 * with this). Throws on a payload that is not a sequence of well-formed TLV fields.
 */
export function parseEmv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(tag) || !Number.isInteger(length) || at + 4 + length > payload.length)
      throw new Error(`malformed EMVCo field at ${at}`);
    fields.set(tag, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}
