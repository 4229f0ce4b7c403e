/**
 * Thai PromptPay QR payloads (EMVCo merchant-presented mode, BOT Thai QR Code standard): TLV fields
 * `00` format, `01` initiation (11 static, 12 with an amount), `29` PromptPay credit transfer (AID
 * A000000677010111 + phone `01` / national or tax id `02` / e-wallet `03`) or `30` bill payment, `58` country,
 * `53` currency (764 baht), `54` amount, `63` CRC16-CCITT of everything before it including "6304".
 */

const tlv = (tag: string, value: string): string => `${tag}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) over the UTF-8 bytes. */
export function crc16ccitt(input: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(input, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

const withCrc = (body: string): string => {
  const head = `${body}6304`;
  return head + crc16ccitt(head).toString(16).toUpperCase().padStart(4, '0');
};

const PROMPTPAY_AID = 'A000000677010111';
const PROMPTPAY_BILL_AID = 'A000000677010112';

export type PromptPayTarget =
  | { kind: 'phone'; value: string }
  | { kind: 'nationalId'; value: string }
  | { kind: 'eWallet'; value: string };

function target(t: PromptPayTarget): string {
  const digits = t.value.replace(/\D/g, '');
  if (t.kind === 'phone') {
    // 0812345678 → 0066812345678 (13 digits, country code 66 without the leading 0).
    const national = digits.startsWith('66') ? digits.slice(2) : digits.replace(/^0/, '');
    return tlv('01', `66${national}`.padStart(13, '0'));
  }
  if (t.kind === 'nationalId') return tlv('02', digits);
  return tlv('03', digits);
}

/** Amount in satang → "123.45". */
const baht = (satang: number): string =>
  `${Math.floor(satang / 100)}.${String(satang % 100).padStart(2, '0')}`;

/** Credit transfer to a PromptPay id (tag 29); with an amount the QR is single-use style (`01` = 12). */
export function promptPayTransfer(to: PromptPayTarget, amountSatang?: number): string {
  let body = tlv('00', '01') + tlv('01', amountSatang ? '12' : '11');
  body += tlv('29', tlv('00', PROMPTPAY_AID) + target(to));
  body += tlv('58', 'TH') + tlv('53', '764');
  if (amountSatang) body += tlv('54', baht(amountSatang));
  return withCrc(body);
}

/**
 * Bill payment (tag 30): a biller id (tax id + 2-digit suffix) and references; what payment gateways issue per
 * payment intent, so the reference identifies the intent.
 */
export function promptPayBill(
  billerId: string,
  reference1: string,
  reference2: string,
  amountSatang: number,
): string {
  let body = tlv('00', '01') + tlv('01', '12');
  body += tlv(
    '30',
    tlv('00', PROMPTPAY_BILL_AID) + tlv('01', billerId) + tlv('02', reference1) + tlv('03', reference2),
  );
  body += tlv('58', 'TH') + tlv('53', '764') + tlv('54', baht(amountSatang));
  return withCrc(body);
}

/** Checks the CRC of a payload (last four characters after "6304"). */
export function hasValidCrc(payload: string): boolean {
  if (payload.length < 8 || payload.slice(-8, -4) !== '6304') return false;
  return crc16ccitt(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0') === payload.slice(-4);
}
