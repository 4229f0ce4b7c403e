/**
 * Default content of the lookups, written to the database on start when missing (never overwritten: operators
 * edit it in the database or through /api/ops/content). Real Thai, Lao and English text.
 */
import { LOCALES, type Locale } from '../../platform/locale';

/**
 * A bank of the registration list. `nameLA` is the name a Lao reader sees: the bank's own Lao name for Lao banks;
 * for Thai banks the Thai name written in Lao script (the words are the same in both languages, e.g. ธนาคาร /
 * ທະນາຄານ, so a Lao member recognises the bank by ear and the Lao page stays in one script; the English name
 * stays one language switch away).
 *
 * `accountNo` is how many digits the bank's account numbers have (checked at registration, on the page and by
 * the server). The spec gives no per-bank rule (§5), so these are the banks' own formats: Thai commercial banks
 * print 10-digit numbers (xxx-x-xxxxx-x: KBANK, SCB, KTB, TMB, BBL, BAY, KKP); the state banks GSB, BAAC and GHB
 * 12 digits. For the Lao banks we found no published per-bank length (numbers of 10 to 18 digits are in use), so
 * a Lao bank keeps the earlier rule of 10 to 18 digits; narrow it here (and in a migration) once a bank confirms.
 */
export interface SeedBank {
  code: string;
  nameTH: string;
  nameEN: string;
  nameLA: string;
  country: 'TH' | 'LA';
  accountNo: { min: number; max: number };
}

const TEN = { min: 10, max: 10 };
const TWELVE = { min: 12, max: 12 };
const LAO = { min: 10, max: 18 };

export const SEED_BANKS: readonly SeedBank[] = [
  {
    code: 'KBANK',
    nameTH: 'ธนาคารกสิกรไทย',
    nameEN: 'Kasikornbank',
    nameLA: 'ທະນາຄານກະສິກອນໄທ',
    country: 'TH',
    accountNo: TEN,
  },
  {
    code: 'SCB',
    nameTH: 'ธนาคารไทยพาณิชย์',
    nameEN: 'Siam Commercial Bank',
    nameLA: 'ທະນາຄານໄທພານິດ',
    country: 'TH',
    accountNo: TEN,
  },
  {
    code: 'KTB',
    nameTH: 'ธนาคารกรุงไทย',
    nameEN: 'Krungthai Bank',
    nameLA: 'ທະນາຄານກຸງໄທ',
    country: 'TH',
    accountNo: TEN,
  },
  {
    code: 'TMB',
    nameTH: 'ธนาคารทหารไทยธนชาต',
    nameEN: 'TMBThanachart Bank',
    nameLA: 'ທະນາຄານທະຫານໄທທະນະຊາດ',
    country: 'TH',
    accountNo: TEN,
  },
  {
    code: 'BBL',
    nameTH: 'ธนาคารกรุงเทพ',
    nameEN: 'Bangkok Bank',
    nameLA: 'ທະນາຄານກຸງເທບ',
    country: 'TH',
    accountNo: TEN,
  },
  {
    code: 'BAY',
    nameTH: 'ธนาคารกรุงศรีอยุธยา',
    nameEN: 'Bank of Ayudhya (Krungsri)',
    nameLA: 'ທະນາຄານກຸງສີອະຍຸທະຍາ',
    country: 'TH',
    accountNo: TEN,
  },
  {
    code: 'GSB',
    nameTH: 'ธนาคารออมสิน',
    nameEN: 'Government Savings Bank',
    nameLA: 'ທະນາຄານອອມສິນ',
    country: 'TH',
    accountNo: TWELVE,
  },
  {
    code: 'BAAC',
    nameTH: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
    nameEN: 'Bank for Agriculture and Agricultural Cooperatives',
    nameLA: 'ທະນາຄານເພື່ອການກະເສດ ແລະ ສະຫະກອນການກະເສດ',
    country: 'TH',
    accountNo: TWELVE,
  },
  {
    code: 'KKP',
    nameTH: 'ธนาคารเกียรตินาคินภัทร',
    nameEN: 'Kiatnakin Phatra Bank',
    nameLA: 'ທະນາຄານກຽດນາຄິນພັດທະຣະ',
    country: 'TH',
    accountNo: TEN,
  },
  {
    code: 'GHB',
    nameTH: 'ธนาคารอาคารสงเคราะห์',
    nameEN: 'Government Housing Bank',
    nameLA: 'ທະນາຄານອາຄານສົງເຄາະ',
    country: 'TH',
    accountNo: TWELVE,
  },
  {
    code: 'BCEL',
    nameTH: 'ธนาคารการค้าต่างประเทศลาว มหาชน',
    nameEN: 'BCEL (Banque pour le Commerce Extérieur Lao Public)',
    nameLA: 'ທະນາຄານການຄ້າຕ່າງປະເທດລາວ ມະຫາຊົນ',
    country: 'LA',
    accountNo: LAO,
  },
  {
    code: 'LDB',
    nameTH: 'ธนาคารพัฒนาลาว',
    nameEN: 'Lao Development Bank',
    nameLA: 'ທະນາຄານພັດທະນາລາວ',
    country: 'LA',
    accountNo: LAO,
  },
  {
    code: 'APB',
    nameTH: 'ธนาคารส่งเสริมกสิกรรม',
    nameEN: 'Agricultural Promotion Bank',
    nameLA: 'ທະນາຄານສົ່ງເສີມກະສິກຳ',
    country: 'LA',
    accountNo: LAO,
  },
  {
    code: 'JDB',
    nameTH: 'ธนาคารร่วมพัฒนา',
    nameEN: 'Joint Development Bank',
    nameLA: 'ທະນາຄານຮ່ວມພັດທະນາ',
    country: 'LA',
    accountNo: LAO,
  },
];

/** Banks whose account name must be English letters and spaces only (spec §5, §9). */
export const ENGLISH_NAME_BANKS: readonly string[] = ['KTB', 'TMB', 'BBL'];

type Localized<T> = Record<Locale, T>;

const sources: Localized<{ code: string; description: string }[]> = {
  th: [
    { code: 'FACEBOOK', description: 'Facebook' },
    { code: 'GOOGLE', description: 'Google' },
    { code: 'LINE', description: 'LINE' },
    { code: 'TIKTOK', description: 'TikTok' },
    { code: 'YOUTUBE', description: 'YouTube' },
    { code: 'FRIEND', description: 'เพื่อนแนะนำ' },
    { code: 'OTHER', description: 'อื่น ๆ' },
  ],
  la: [
    { code: 'FACEBOOK', description: 'Facebook' },
    { code: 'GOOGLE', description: 'Google' },
    { code: 'LINE', description: 'LINE' },
    { code: 'TIKTOK', description: 'TikTok' },
    { code: 'YOUTUBE', description: 'YouTube' },
    { code: 'FRIEND', description: 'ໝູ່ແນະນຳ' },
    { code: 'OTHER', description: 'ອື່ນໆ' },
  ],
  en: [
    { code: 'FACEBOOK', description: 'Facebook' },
    { code: 'GOOGLE', description: 'Google' },
    { code: 'LINE', description: 'LINE' },
    { code: 'TIKTOK', description: 'TikTok' },
    { code: 'YOUTUBE', description: 'YouTube' },
    { code: 'FRIEND', description: 'A friend told me' },
    { code: 'OTHER', description: 'Other' },
  ],
};

const conditions: Localized<string[]> = {
  th: [
    '<p>โบนัสทุกประเภทต้องทำยอดเทิร์นโอเวอร์ให้ครบตามเงื่อนไขของโบนัสนั้นก่อน จึงจะถอนเงินได้</p>',
    '<p>สมาชิกถือโบนัสได้ครั้งละหนึ่งรายการ ต้องจบเงื่อนไขโบนัสเดิมก่อนจึงจะรับโบนัสใหม่ได้</p>',
    '<p>หากตรวจพบการทุจริตหรือการใช้หลายบัญชี บริษัทขอสงวนสิทธิ์ยกเลิกโบนัสและยอดเงินที่ได้จากโบนัส</p>',
    '<p>บริษัทขอสงวนสิทธิ์ในการเปลี่ยนแปลงเงื่อนไขโดยไม่ต้องแจ้งให้ทราบล่วงหน้า</p>',
  ],
  la: [
    '<p>ໂບນັດທຸກປະເພດຕ້ອງເຮັດຍອດເທີນໂອເວີໃຫ້ຄົບຕາມເງື່ອນໄຂຂອງໂບນັດນັ້ນກ່ອນ ຈຶ່ງຈະຖອນເງິນໄດ້</p>',
    '<p>ສະມາຊິກຖືໂບນັດໄດ້ເທື່ອລະໜຶ່ງລາຍການ ຕ້ອງຈົບເງື່ອນໄຂໂບນັດເກົ່າກ່ອນ ຈຶ່ງຈະຮັບໂບນັດໃໝ່ໄດ້</p>',
    '<p>ຫາກກວດພົບການສໍ້ໂກງ ຫຼື ການໃຊ້ຫຼາຍບັນຊີ ບໍລິສັດຂໍສະຫງວນສິດຍົກເລີກໂບນັດ ແລະ ຍອດເງິນທີ່ໄດ້ຈາກໂບນັດ</p>',
    '<p>ບໍລິສັດຂໍສະຫງວນສິດໃນການປ່ຽນແປງເງື່ອນໄຂໂດຍບໍ່ຕ້ອງແຈ້ງໃຫ້ຊາບລ່ວງໜ້າ</p>',
  ],
  en: [
    '<p>Every bonus must reach its turnover requirement before the money can be withdrawn.</p>',
    '<p>A member holds one bonus at a time: finish the conditions of the current bonus before claiming a new one.</p>',
    '<p>If fraud or the use of several accounts is detected, the company may cancel the bonus and any winnings from it.</p>',
    '<p>The company may change these conditions without prior notice.</p>',
  ],
};

const agreements: Localized<string[]> = {
  th: [
    '<p>ผู้สมัครต้องมีอายุ 18 ปีบริบูรณ์ขึ้นไป</p>',
    '<p>หนึ่งคนสมัครได้หนึ่งบัญชี และชื่อบัญชีธนาคารต้องตรงกับชื่อผู้สมัคร</p>',
    '<p>ห้ามเปิดเผยรหัสผ่านแก่ผู้อื่น สมาชิกต้องรับผิดชอบทุกรายการที่เกิดจากบัญชีของตน</p>',
  ],
  la: [
    '<p>ຜູ້ສະໝັກຕ້ອງມີອາຍຸ 18 ປີບໍລິບູນຂຶ້ນໄປ</p>',
    '<p>ໜຶ່ງຄົນສະໝັກໄດ້ໜຶ່ງບັນຊີ ແລະ ຊື່ບັນຊີທະນາຄານຕ້ອງກົງກັບຊື່ຜູ້ສະໝັກ</p>',
    '<p>ຫ້າມເປີດເຜີຍລະຫັດຜ່ານໃຫ້ຜູ້ອື່ນ ສະມາຊິກຕ້ອງຮັບຜິດຊອບທຸກລາຍການທີ່ເກີດຈາກບັນຊີຂອງຕົນ</p>',
  ],
  en: [
    '<p>You must be at least 18 years old.</p>',
    "<p>One person may hold one account, and the bank account name must match the member's name.</p>",
    '<p>Never share your password: you are responsible for every transaction made with your account.</p>',
  ],
};

const info: Localized<{ name: string; website: string }> = {
  th: { name: 'Lucky Wallet', website: 'https://luckywallet.example' },
  la: { name: 'Lucky Wallet', website: 'https://luckywallet.example' },
  en: { name: 'Lucky Wallet', website: 'https://luckywallet.example' },
};

const notice: Localized<{ text: string }> = {
  th: { text: 'หากทำยอดเทิร์นโอเวอร์ไม่ครบตามเงื่อนไข จะถอนโบนัสได้เพียง {percentFail}% ของยอดโบนัส' },
  la: { text: 'ຫາກເຮັດຍອດເທີນໂອເວີບໍ່ຄົບຕາມເງື່ອນໄຂ ຈະຖອນໂບນັດໄດ້ພຽງ {percentFail}% ຂອງຍອດໂບນັດ' },
  en: { text: 'If the turnover requirement is not met, only {percentFail}% of the bonus can be withdrawn.' },
};

const LINE_LINK = 'https://line.me/R/ti/p/@luckywallet';
const contact: Localized<{ contactText: string; lineLink: string; lineName: string; lineQR: string }> = {
  th: {
    contactText: 'ติดต่อฝ่ายบริการลูกค้าได้ตลอด 24 ชั่วโมงทาง LINE สแกนคิวอาร์โค้ดหรือกดปุ่มด้านล่าง',
    lineLink: LINE_LINK,
    lineName: '@luckywallet',
    lineQR: '/api/lookup/contact/qr.png',
  },
  la: {
    contactText: 'ຕິດຕໍ່ຝ່າຍບໍລິການລູກຄ້າໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງທາງ LINE ສະແກນຄິວອາໂຄດ ຫຼື ກົດປຸ່ມດ້ານລຸ່ມ',
    lineLink: LINE_LINK,
    lineName: '@luckywallet',
    lineQR: '/api/lookup/contact/qr.png',
  },
  en: {
    contactText:
      'Customer support is available 24 hours a day on LINE. Scan the QR code or tap the button below.',
    lineLink: LINE_LINK,
    lineName: '@luckywallet',
    lineQR: '/api/lookup/contact/qr.png',
  },
};

const howtoTitles: Localized<string[]> = {
  th: ['วิธีสมัครสมาชิก', 'วิธีฝากเงิน', 'วิธีถอนเงิน', 'วิธีโยกเงินเข้าเกมและเล่นเกม', 'วิธีชวนเพื่อนและรับโบนัส'],
  la: ['ວິທີສະໝັກສະມາຊິກ', 'ວິທີຝາກເງິນ', 'ວິທີຖອນເງິນ', 'ວິທີໂອນເງິນເຂົ້າເກມ ແລະ ຫຼິ້ນເກມ', 'ວິທີຊວນໝູ່ ແລະ ຮັບໂບນັດ'],
  en: [
    'How to register',
    'How to deposit',
    'How to withdraw',
    'How to move money to a game and play',
    'How to invite friends and receive the bonus',
  ],
};
/** In the order of the videos howto-1 … howto-5 (recorded by `npm run howto:record`, e2e/howto/flows.ts). */
const HOWTO_IDS = ['register', 'deposit', 'withdraw', 'transfer', 'invite'];

/**
 * The how-to videos (server/assets/howto, served at /media/howto): the same recording in every language, with a
 * WebVTT caption track per language; the page shows the track of the member's language.
 */
const howto = (
  locale: Locale,
): { id: string; title: string; src: string; poster: string; captions: Record<Locale, string> }[] =>
  HOWTO_IDS.map((id, i) => ({
    id,
    title: howtoTitles[locale][i] ?? id,
    src: `/media/howto/howto-${i + 1}.mp4`,
    poster: `/media/howto/howto-${i + 1}.jpg`,
    captions: {
      th: `/media/howto/howto-${i + 1}.th.vtt`,
      la: `/media/howto/howto-${i + 1}.la.vtt`,
      en: `/media/howto/howto-${i + 1}.en.vtt`,
    },
  }));

const slip = {
  enabled: true,
  maxSizeBytes: 5 * 1024 * 1024,
  accept: ['image/jpeg', 'image/png'],
  uploadWithinMinutes: 60,
  closedFrom: '23:50',
  closedUntil: '00:10',
  timezone: 'Asia/Bangkok',
};

/** A receiving account of the deposit content (the bank's names as the bank list has them). */
function receivingAccount(code: string, accountNo: string, currency: 'THB' | 'LAK') {
  const bank = SEED_BANKS.find((b) => b.code === code);
  return {
    bankType: 'BANK',
    bankCode: code,
    mode: 'AUTO',
    bank: { nameTH: bank?.nameTH ?? '', nameEN: bank?.nameEN ?? '', nameLA: bank?.nameLA ?? '' },
    bankAccountName: 'LUCKY WALLET CO LTD',
    bankAccountNo: accountNo,
    currency,
  };
}

/**
 * The receiving accounts: the Laos build has members of both currencies (chosen at registration), so it has a kip
 * account and a baht account at BCEL (the deposit lookup shows each member the accounts of their own currency);
 * the Thai build a baht account at KBANK and a gift-link wallet.
 */
function deposit(laos: boolean): unknown {
  return laos
    ? {
        banks: [
          receivingAccount('BCEL', '0101000123456', 'LAK'),
          receivingAccount('BCEL', '0102000654321', 'THB'),
        ],
        wallets: [],
        isManual: false,
      }
    : {
        banks: [receivingAccount('KBANK', '0123456789', 'THB')],
        wallets: [{ mode: 'AUTO', walletAccountName: 'LUCKY WALLET' }],
        isManual: false,
      };
}

/** Minor units of the build's default currency (THB: satang; LAK: kip). */
const withdraw = (laos: boolean): unknown =>
  laos
    ? { withdrawMin: 50_000, withdrawMax: 20_000_000, currency: 'LAK' }
    : { withdrawMin: 10_000, withdrawMax: 5_000_000, currency: 'THB' };

export interface SeedContentRow {
  key: string;
  locale: Locale | '*';
  value: unknown;
}

export function seedContentRows(laos: boolean): SeedContentRow[] {
  const rows: SeedContentRow[] = [];
  for (const locale of LOCALES) {
    rows.push({ key: 'sources', locale, value: sources[locale] });
    rows.push({ key: 'conditions', locale, value: conditions[locale] });
    rows.push({ key: 'agreements', locale, value: agreements[locale] });
    rows.push({ key: 'info', locale, value: info[locale] });
    rows.push({ key: 'notice', locale, value: notice[locale] });
    rows.push({ key: 'contact', locale, value: contact[locale] });
    rows.push({ key: 'howto', locale, value: howto(locale) });
  }
  rows.push({ key: 'slip', locale: '*', value: slip });
  rows.push({ key: 'deposit', locale: '*', value: deposit(laos) });
  rows.push({ key: 'withdraw', locale: '*', value: withdraw(laos) });
  return rows;
}

/** Keys an operator may edit through /api/ops/content (all seeded above). */
export const CONTENT_KEYS = [
  'sources',
  'conditions',
  'agreements',
  'info',
  'notice',
  'contact',
  'howto',
  'slip',
  'deposit',
  'withdraw',
] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];
