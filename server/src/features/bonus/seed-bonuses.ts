import type { Contributions, CurrencyAmounts, Localized } from './tables';

/**
 * The bonuses and the promotion a new database starts with (operators change them with `npm run ops -- bonus`).
 * Lao text carries zero-width spaces (\u200b) between words: Lao is written without spaces and browsers would
 * otherwise break a line inside a word.
 */
export interface BonusDefinition {
  code: string;
  type: 'limit' | 'day' | 'week';
  maxReceived: number;
  rewardKind: 'percent' | 'fixed';
  percent: number;
  /** Per wallet currency (THB satang, LAK kip); a currency without an entry is not offered this bonus. */
  amounts: Record<string, CurrencyAmounts>;
  turnoverMultiple: number;
  turnoverBase: 'bonus' | 'bonus_deposit';
  contributions: Contributions;
  percentFail: number;
  cancellable: boolean;
  listed: boolean;
  active: boolean;
  sortOrder: number;
  names: Localized;
  banners: { image: string; html: Localized }[];
}

export interface PromotionDefinition {
  code: string;
  bonusCode: string;
  descriptions: Localized;
  maxTotal: number | null;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
}

export const SEED_BONUSES: BonusDefinition[] = [
  {
    code: 'WELCOME',
    type: 'limit',
    maxReceived: 1,
    rewardKind: 'percent',
    percent: 50,
    amounts: {
      THB: { fixed: 0, cap: 50_000, minDeposit: 10_000 },
      LAK: { fixed: 0, cap: 300_000, minDeposit: 60_000 },
    },
    turnoverMultiple: 5,
    turnoverBase: 'bonus_deposit',
    contributions: { slot: 100, sport: 50, lotto: 0 },
    percentFail: 0,
    cancellable: true,
    listed: true,
    active: true,
    sortOrder: 1,
    names: { th: 'โบนัสสมาชิกใหม่ 50%', la: 'ໂບນັດສະມາຊິກໃໝ່ 50%', en: 'Welcome bonus 50%' },
    banners: [
      {
        image: '/media/banners/bonus-welcome.svg',
        html: {
          th: '<p>สมาชิกใหม่ฝากแล้วรับโบนัสเพิ่ม 50% ของยอดฝาก รับได้ครั้งเดียว</p><p>ทำเทิร์นโอเวอร์ 5 เท่าของยอดฝากรวมโบนัส สล็อตนับ 100% กีฬานับ 50% หวยไม่นับ</p>',
          la: '<p>ສະມາຊິກໃໝ່\u200bຝາກ\u200bແລ້ວຮັບ\u200bໂບນັດ\u200bເພີ່ມ 50% ຂອງ\u200bຍອດ\u200bຝາກ ຮັບ\u200bໄດ້\u200bເທື່ອ\u200bດຽວ</p><p>ເຮັດເທີນໂອເວີ 5 ເທົ່າ\u200bຂອງ\u200bຍອດ\u200bຝາກ\u200bລວມ\u200bໂບນັດ ສະລັອດ\u200bນັບ 100% ກິລາ\u200bນັບ 50% ຫວຍ\u200bບໍ່\u200bນັບ</p>',
          en: '<p>New members get 50% of their deposit as a bonus, once.</p><p>Turnover: 5 × deposit plus bonus. Slots count 100%, sports 50%, lotto does not count.</p>',
        },
      },
    ],
  },
  {
    code: 'DAILY10',
    type: 'day',
    maxReceived: 1,
    rewardKind: 'percent',
    percent: 10,
    amounts: {
      THB: { fixed: 0, cap: 30_000, minDeposit: 10_000 },
      LAK: { fixed: 0, cap: 180_000, minDeposit: 60_000 },
    },
    turnoverMultiple: 3,
    turnoverBase: 'bonus_deposit',
    contributions: { slot: 100, sport: 100, lotto: 0 },
    percentFail: 20,
    cancellable: true,
    listed: true,
    active: true,
    sortOrder: 2,
    names: { th: 'โบนัสฝากรายวัน 10%', la: 'ໂບນັດຝາກປະຈຳວັນ 10%', en: 'Daily deposit bonus 10%' },
    banners: [
      {
        image: '/media/banners/bonus-daily.svg',
        html: {
          th: '<p>ฝากวันละครั้ง รับโบนัส 10% ของยอดฝาก ทุกวัน</p><p>ทำเทิร์นโอเวอร์ 3 เท่าของยอดฝากรวมโบนัส สล็อตและกีฬานับ 100%</p>',
          la: '<p>ຝາກ\u200bມື້ລະ\u200bເທື່ອ ຮັບ\u200bໂບນັດ 10% ຂອງ\u200bຍອດ\u200bຝາກ ທຸກ\u200bມື້</p><p>ເຮັດເທີນໂອເວີ 3 ເທົ່າ\u200bຂອງ\u200bຍອດ\u200bຝາກ\u200bລວມ\u200bໂບນັດ ສະລັອດ ແລະ ກິລາ\u200bນັບ 100%</p>',
          en: '<p>Once a day: 10% of your deposit as a bonus.</p><p>Turnover: 3 × deposit plus bonus. Slots and sports count 100%.</p>',
        },
      },
    ],
  },
  {
    code: 'WEEKLY',
    type: 'week',
    maxReceived: 2,
    rewardKind: 'fixed',
    percent: 0,
    amounts: {
      THB: { fixed: 5_000, cap: 0, minDeposit: 30_000 },
      LAK: { fixed: 30_000, cap: 0, minDeposit: 180_000 },
    },
    turnoverMultiple: 10,
    turnoverBase: 'bonus',
    contributions: { slot: 100, sport: 50, lotto: 25 },
    percentFail: 10,
    cancellable: false,
    listed: true,
    active: true,
    sortOrder: 3,
    names: { th: 'โบนัสประจำสัปดาห์', la: 'ໂບນັດປະຈຳອາທິດ', en: 'Weekly bonus' },
    banners: [
      {
        image: '/media/banners/bonus-weekly.svg',
        html: {
          th: '<p>รับโบนัสพิเศษได้สัปดาห์ละ 2 ครั้ง (จันทร์ถึงอาทิตย์) เมื่อฝากตามขั้นต่ำ</p><p>ทำเทิร์นโอเวอร์ 10 เท่าของโบนัส ยกเลิกก่อนครบไม่ได้</p>',
          la: '<p>ຮັບ\u200bໂບນັດ\u200bພິເສດ\u200bໄດ້\u200bອາທິດລະ 2 ເທື່ອ (ຈັນຫາ\u200bອາທິດ) ເມື່ອ\u200bຝາກ\u200bຕາມ\u200bຂັ້ນຕ່ຳ</p><p>ເຮັດເທີນໂອເວີ 10 ເທົ່າ\u200bຂອງ\u200bໂບນັດ ຍົກເລີກ\u200bກ່ອນ\u200bຄົບ\u200bບໍ່\u200bໄດ້</p>',
          en: '<p>A bonus twice a week (Monday to Sunday) on a deposit of the minimum or more.</p><p>Turnover: 10 × the bonus. It cannot be cancelled before the turnover is met.</p>',
        },
      },
    ],
  },
  {
    code: 'PROMO100',
    type: 'limit',
    maxReceived: 1,
    rewardKind: 'fixed',
    percent: 0,
    amounts: {
      THB: { fixed: 10_000, cap: 0, minDeposit: 0 },
      LAK: { fixed: 60_000, cap: 0, minDeposit: 0 },
    },
    turnoverMultiple: 10,
    turnoverBase: 'bonus',
    contributions: { slot: 100, sport: 50, lotto: 0 },
    percentFail: 0,
    cancellable: true,
    listed: false,
    active: true,
    sortOrder: 9,
    names: { th: 'โบนัสโค้ดโปรโมชั่น', la: 'ໂບນັດລະຫັດໂປຣໂມຊັນ', en: 'Promotion code bonus' },
    banners: [
      {
        image: '/media/banners/bonus-promo.svg',
        html: {
          th: '<p>โบนัสจากโค้ดโปรโมชั่น ไม่ต้องฝาก</p>',
          la: '<p>ໂບນັດ\u200bຈາກລະຫັດໂປຣໂມຊັນ ບໍ່\u200bຕ້ອງ\u200bຝາກ</p>',
          en: '<p>A bonus from a promotion code, no deposit needed.</p>',
        },
      },
    ],
  },
];

export const SEED_PROMOTIONS: PromotionDefinition[] = [
  {
    code: 'HAPPY2027',
    bonusCode: 'PROMO100',
    descriptions: {
      th: '<p>โค้ดฉลองปีใหม่ รับโบนัสฟรีทันที ไม่ต้องฝาก ทำเทิร์นโอเวอร์ 10 เท่าของโบนัส</p><p>หนึ่งบัญชีรับได้ครั้งเดียว จำนวนจำกัด</p>',
      la: '<p>ລະຫັດສະຫຼອງປີໃໝ່ ຮັບ\u200bໂບນັດ\u200bຟຣີ\u200bທັນທີ ບໍ່\u200bຕ້ອງ\u200bຝາກ ເຮັດເທີນໂອເວີ 10 ເທົ່າ\u200bຂອງ\u200bໂບນັດ</p><p>ໜຶ່ງ\u200bບັນຊີຮັບ\u200bໄດ້\u200bເທື່ອ\u200bດຽວ ຈຳນວນ\u200bຈຳກັດ</p>',
      en: '<p>New Year code: a free bonus now, no deposit needed. Turnover: 10 × the bonus.</p><p>Once per account, while they last.</p>',
    },
    maxTotal: 1000,
    active: true,
    startsAt: null,
    endsAt: null,
  },
];
