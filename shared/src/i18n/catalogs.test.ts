import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, resources, type Catalog } from './locales';

/**
 * Every catalog on disk, whichever part added it: th, la and en must say the same things (same keys, same
 * placeholders), nothing may be left empty, and Thai and Lao text must be written in their own scripts.
 */
const LOCALES_DIR = path.join(__dirname, 'locales');

type Flat = Map<string, string>;

function flatten(catalog: unknown, prefix = '', out: Flat = new Map()): Flat {
  if (typeof catalog !== 'object' || catalog === null)
    throw new Error(`${prefix || 'catalog'} is not an object`);
  for (const [key, value] of Object.entries(catalog)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else if (typeof value === 'object' && value !== null) flatten(value, full, out);
    else out.set(full, String(value));
  }
  return out;
}

function readCatalog(locale: string, namespace: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(LOCALES_DIR, locale, `${namespace}.json`), 'utf8'));
}

const namespacesOnDisk = (locale: string) =>
  fs
    .readdirSync(path.join(LOCALES_DIR, locale))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();

const NAMESPACES_ON_DISK = namespacesOnDisk('en');

const flat: Record<string, Record<string, Flat>> = {};
for (const locale of LOCALES) {
  flat[locale] = {};
  for (const ns of NAMESPACES_ON_DISK) {
    if (fs.existsSync(path.join(LOCALES_DIR, locale, `${ns}.json`))) {
      flat[locale]![ns] = flatten(readCatalog(locale, ns));
    }
  }
}

const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

/** Spec §8, every code, plus the codes the client and server add. */
const ERROR_CODES = [
  // Auth
  'UNAUTHORIZED',
  'EXPIRED_AUTH_TOKEN',
  'INVALID_USER_1',
  'INVALID_USER_2',
  'INVALID_USER_3',
  'INVALID_USER_4',
  'INVALID_IP',
  'NOT_AREASLOT',
  'NOT_UFABET',
  // One-time code
  'OTP_BLOCK',
  'OTP_TOKEN_INVALID',
  'OTP_NOT_EXIST',
  'OTP_VERIFIED',
  'OTP_EXPIRED',
  'OTP_CODE_INVALID',
  'OTP_CODE_VALID',
  'OTP_SEND_FAIL',
  'OTP_VERIFY_FAIL',
  'UNVERIFIED_OTP',
  // Registration and login
  'EXISTING_USER',
  'EXISTING_BANK',
  'INVALID_USER_INFO',
  'INVALID_BANK',
  'BANK_ACCOUNT_NAME_ENG',
  'REGISTER_FAIL',
  'NO_USER',
  'WRONG_PASSWORD',
  'WRONG_CREDENTIAL',
  'INACTIVE_USER',
  'LOGIN_FAIL',
  'REQUEST_LIMIT',
  'REQUEST_LIMIT_1MIN',
  'PHONE_NUMBER_REQUIRE_10_DIGIT',
  // Bonuses
  'BONUS_REMAINING',
  'BONUS_ALREADY_ACTIVE',
  'BONUS_MAX_CLAIMED',
  'BONUS_CONDITION',
  'BONUS_CLEAR',
  'BONUS_FULL',
  'NO_PROMOTION',
  'PROMOTION_RECEIVED',
  // Invites
  'INVITE_COLLECT',
  'INVITE_INACTIVE',
  'NO_INVITE_BONUS',
  'NO_INVITEE_PLAY_INFO',
  'INVITE_BONUS_SUCCESS',
  'INVITE_BONUS_FAIL',
  // Refunds
  'NO_REFUND',
  'REFUND_CONDITION',
  'REFUND_SUCCESS',
  'REFUND_INACTIVE',
  'REFUND_MINIMUM',
  // Games and transfers
  'SLOT_ALREADY_ACTIVE',
  'SLOT_ACTIVATE_FAIL',
  'SLOT_NO_ACCOUNT',
  'SLOT_RESET_PASSWORD_FAIL',
  'GAME_ACTIVATION_FAIL',
  'NO_GAME',
  'TRANSFER_MINIMUM',
  'MONEY_NOT_ENOUGH',
  'TRANSFER_FAIL',
  // Others
  'NO_BANK',
  'NO_WALLET',
  'NO_DATA',
  'QR_FAIL',
  'SLIP_UPLOAD_FAIL',
  'SLIP_NO_FILE',
  'SLIP_INVALID_FILE',
  'TRUELINK_DUPLICATE',
  'TRUELINK_INVALID',
  'KEY_MISSING',
  'KEY_INVALID',
  'INTERNAL_SERVER_ERROR',
  'OK',
  'SUCCESS',
  // Prize wheel (BONUS_REMAINING is listed under bonuses)
  'NO_CLAIMABLE_COUPON',
  'INVALID_PRIZE_CODE',
  'INVALID_CODE',
  'INVALID_COUPON_TYPE',
  'COUPON_EXPIRED',
  // Routing and transport codes
  'gone',
  'invalid-token',
  'UNKNOWN',
  'NETWORK_ERROR',
  'TIMEOUT',
];

/** Spec §4 slip reason codes, under `errors:slip.<CODE>`. */
const SLIP_REASON_CODES = [
  'UPLOADED_FILE_NOT_EXIST',
  'IMG_SIZE_UNABLE_TO_PROCESS',
  'CANNOT_READ_CROPPED_IMAGE',
  'DEST_ACC_INVALID',
  'SLIP_REFNO_DUPLICATED',
  'UNSTABLE_REFNO_ON_SLIP',
  'TRIPPLE_WRONG_CAPTCHA',
  'INVALID_SLIP',
  'NOT_MATCH',
  'EXPIRED_SLIP',
  'UNKNOW_ERROR',
];

describe('catalogs', () => {
  it('exist as the same files in th, la and en', () => {
    expect(NAMESPACES_ON_DISK.length).toBeGreaterThan(0);
    for (const locale of LOCALES) expect(namespacesOnDisk(locale)).toEqual(NAMESPACES_ON_DISK);
  });

  it('are all registered with i18next as they are on disk', () => {
    for (const locale of LOCALES) {
      for (const ns of NAMESPACES_ON_DISK) {
        const registered = (resources[locale] as Record<string, Catalog | undefined>)[ns];
        expect({ [`${locale}/${ns}`]: registered }).toEqual({ [`${locale}/${ns}`]: readCatalog(locale, ns) });
      }
    }
  });

  describe.each(NAMESPACES_ON_DISK)('namespace %s', (ns) => {
    it('has exactly the same keys in th, la and en', () => {
      const en = [...flat.en![ns]!.keys()].sort();
      for (const locale of ['th', 'la']) {
        const keys = [...flat[locale]![ns]!.keys()].sort();
        const missing = en.filter((k) => !keys.includes(k));
        const extra = keys.filter((k) => !en.includes(k));
        expect({ locale, missing, extra }).toEqual({ locale, missing: [], extra: [] });
      }
    });

    it('has no empty values', () => {
      const empty: string[] = [];
      for (const locale of LOCALES) {
        for (const [key, value] of flat[locale]![ns]!)
          if (value.trim() === '') empty.push(`${locale}:${key}`);
      }
      expect(empty).toEqual([]);
    });

    it('uses the same {{placeholders}} in every language', () => {
      const mismatched: string[] = [];
      for (const [key, enValue] of flat.en![ns]!) {
        for (const locale of ['th', 'la']) {
          const value = flat[locale]![ns]!.get(key);
          if (value !== undefined && placeholders(value).join() !== placeholders(enValue).join()) {
            mismatched.push(`${locale}:${key}`);
          }
        }
      }
      expect(mismatched).toEqual([]);
    });

    it('writes Thai in Thai script and Lao in Lao script', () => {
      // A value identical in all three languages is a name (ไทย, ລາວ, English, a brand): exempt.
      const translated = [...flat.en![ns]!.keys()].filter((key) => {
        const values = LOCALES.map((locale) => flat[locale]![ns]!.get(key));
        return !(values[0] === values[1] && values[1] === values[2]);
      });
      const laWithThai = translated.filter((key) => THAI.test(flat.la![ns]!.get(key) ?? ''));
      const thWithLao = translated.filter((key) => LAO.test(flat.th![ns]!.get(key) ?? ''));
      expect({ laWithThai, thWithLao }).toEqual({ laWithThai: [], thWithLao: [] });

      // Most values carry their script; a few may be codes or numbers only.
      if (translated.length === 0) return;
      const thaiShare = translated.filter((key) => THAI.test(flat.th![ns]!.get(key) ?? '')).length;
      const laoShare = translated.filter((key) => LAO.test(flat.la![ns]!.get(key) ?? '')).length;
      expect(thaiShare / translated.length).toBeGreaterThanOrEqual(0.9);
      expect(laoShare / translated.length).toBeGreaterThanOrEqual(0.9);
    });
  });

  it('contains every error code of the catalogue (spec §8) in every language', () => {
    for (const locale of LOCALES) {
      const errors = flat[locale]!.errors!;
      expect({ locale, missing: ERROR_CODES.filter((code) => !errors.has(code)) }).toEqual({
        locale,
        missing: [],
      });
      expect({
        locale,
        missing: SLIP_REASON_CODES.filter((code) => !errors.has(`slip.${code}`)),
      }).toEqual({ locale, missing: [] });
    }
  });
});
