import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { spinDb, type Localized, type WheelSlice } from './tables';

/** A wheel as the operator defines it (`npm run ops -- wheel …`). One wheel is active at a time. */
export interface WheelDefinition {
  id: string;
  names: Localized;
  slices: WheelSlice[];
  active: boolean;
}

const html = (th: string, la: string, en: string): Localized => ({
  th: `<p>${th}</p>`,
  la: `<p>${la}</p>`,
  en: `<p>${en}</p>`,
});

/** The kip prize of a baht prize (600 ×), written with thousands separators: 30,000. */
const kip = (baht: number): string => (baht * 600).toLocaleString('en-US');

const money = (
  code: string,
  baht: number,
  weight: number,
  bgColor: string,
  textColor: string,
): WheelSlice => ({
  code,
  label: { th: `${baht} บาท`, la: `${baht} ບາດ`, en: `${baht} baht` },
  bgColor,
  textColor,
  htmlDescription: html(
    `รับเงิน ${baht} บาทเข้ากระเป๋า (สมาชิกเงินกีบรับ ${kip(baht)} กีบ)`,
    `ຮັບເງິນ ${baht} ບາດເຂົ້າກະເປົາ (ສະມາຊິກເງິນກີບຮັບ ${kip(baht)} ກີບ)`,
    `${baht} baht into your wallet (kip members get ${kip(baht)} kip)`,
  ),
  weight,
  prize: { kind: 'money', amounts: { THB: baht * 100, LAK: baht * 600 } },
});

/** The wheel a new database starts with: eight sectors, weights summing to 100. */
export const SEED_WHEEL: WheelDefinition = {
  id: 'lucky-wheel',
  names: { th: 'วงล้อนำโชค', la: 'ວົງລໍ້ນຳໂຊກ', en: 'Lucky wheel' },
  active: true,
  slices: [
    money('CASH10', 10, 30, '#1d4ed8', '#ffffff'),
    {
      code: 'COIN1',
      label: { th: '+1 เหรียญ', la: '+1 ຫຼຽນ', en: '+1 coin' },
      bgColor: '#fde047',
      textColor: '#1f2937',
      htmlDescription: html('รับเหรียญหมุนวงล้อเพิ่ม 1 เหรียญ', 'ຮັບຫຼຽນໝຸນວົງລໍ້ເພີ່ມ 1 ຫຼຽນ', 'One more coin to spin'),
      weight: 15,
      prize: { kind: 'coins', coins: 1 },
    },
    money('CASH20', 20, 20, '#b91c1c', '#ffffff'),
    {
      code: 'NOTHING',
      label: { th: 'ลองใหม่', la: 'ລອງໃໝ່', en: 'Try again' },
      bgColor: '#e5e7eb',
      textColor: '#111827',
      htmlDescription: html(
        'ครั้งนี้ยังไม่ได้รางวัล ลองใหม่นะ',
        'ເທື່ອນີ້ຍັງບໍ່ໄດ້ລາງວັນ ລອງໃໝ່ເດີ',
        'No prize this time: try again',
      ),
      weight: 15,
      prize: { kind: 'none' },
    },
    money('CASH50', 50, 8, '#047857', '#ffffff'),
    {
      code: 'COIN2',
      label: { th: '+2 เหรียญ', la: '+2 ຫຼຽນ', en: '+2 coins' },
      bgColor: '#f59e0b',
      textColor: '#1f2937',
      htmlDescription: html('รับเหรียญหมุนวงล้อเพิ่ม 2 เหรียญ', 'ຮັບຫຼຽນໝຸນວົງລໍ້ເພີ່ມ 2 ຫຼຽນ', 'Two more coins to spin'),
      weight: 5,
      prize: { kind: 'coins', coins: 2 },
    },
    {
      code: 'BONUS100',
      label: { th: 'โบนัส 100', la: 'ໂບນັດ 100', en: 'Bonus 100' },
      bgColor: '#7c3aed',
      textColor: '#ffffff',
      htmlDescription: html(
        'รับโบนัส 100 บาท (ทำเทิร์นโอเวอร์ 10 เท่าก่อนถอน)',
        'ຮັບໂບນັດ 100 ບາດ (ເຮັດເທີນໂອເວີ 10 ເທົ່າກ່ອນຖອນ)',
        'A 100 baht bonus (10 × turnover before withdrawing)',
      ),
      weight: 5,
      prize: { kind: 'bonus', bonusCode: 'PROMO100' },
    },
    money('CASH100', 100, 2, '#0f172a', '#facc15'),
  ],
};

const COLOR = /^#[0-9a-fA-F]{6}$/;
const text = (s: unknown, max: number) => typeof s === 'string' && s.length > 0 && s.length <= max;
const localized = (v: unknown, max: number) =>
  typeof v === 'object' &&
  v !== null &&
  ['th', 'la', 'en'].every((l) => text((v as Record<string, unknown>)[l], max));

/** Every problem of a wheel definition (empty: valid). */
export function wheelProblems(w: WheelDefinition): string[] {
  const p: string[] = [];
  if (!/^[a-z0-9-]{2,40}$/.test(w.id)) p.push('id: 2 to 40 of a-z, 0-9, -');
  if (!localized(w.names, 60)) p.push('names: th, la and en');
  if (typeof w.active !== 'boolean') p.push('active: true or false');
  if (!Array.isArray(w.slices) || w.slices.length < 2 || w.slices.length > 16) p.push('slices: 2 to 16');
  else {
    const codes = new Set<string>();
    w.slices.forEach((s, i) => {
      const at = `slices[${i}]`;
      if (!/^[A-Z0-9_]{1,20}$/.test(s.code)) p.push(`${at}.code: 1 to 20 of A-Z, 0-9, _`);
      if (codes.has(s.code)) p.push(`${at}.code: ${s.code} twice`);
      codes.add(s.code);
      if (!localized(s.label, 20)) p.push(`${at}.label: th, la and en, at most 20 characters`);
      if (!localized(s.htmlDescription, 2000)) p.push(`${at}.htmlDescription: th, la and en`);
      if (!COLOR.test(s.bgColor) || !COLOR.test(s.textColor))
        p.push(`${at}: bgColor and textColor as #rrggbb`);
      if (!Number.isSafeInteger(s.weight) || s.weight < 1 || s.weight > 1_000_000)
        p.push(`${at}.weight: 1 to 1000000`);
      const prize = s.prize;
      if (prize?.kind === 'money') {
        // Both currencies: a wheel is the same for every member, so every member's win must have a value.
        const a = prize.amounts ?? {};
        if (
          Object.keys(a).some((c) => !['THB', 'LAK'].includes(c)) ||
          !['THB', 'LAK'].every((c) => Number.isSafeInteger(a[c]) && (a[c] ?? 0) >= 1)
        )
          p.push(`${at}.prize.amounts: THB and LAK, positive minor units`);
      } else if (prize?.kind === 'coins') {
        if (!Number.isSafeInteger(prize.coins) || prize.coins < 1 || prize.coins > 100)
          p.push(`${at}.prize.coins: 1 to 100`);
      } else if (prize?.kind === 'bonus') {
        if (!text(prize.bonusCode, 40)) p.push(`${at}.prize.bonusCode: a bonus code`);
      } else if (prize?.kind !== 'none') p.push(`${at}.prize.kind: money, coins, bonus or none`);
    });
  }
  return p;
}

/** The operator's wheels (table spin_wheels). */
export class Wheels {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async seed(): Promise<void> {
    const any = await spinDb(this.db).selectFrom('spin_wheels').select('id').limit(1).executeTakeFirst();
    if (!any) await this.save(SEED_WHEEL);
  }

  async active(): Promise<WheelDefinition | undefined> {
    const row = await spinDb(this.db)
      .selectFrom('spin_wheels')
      .selectAll()
      .where('active', '=', true)
      .executeTakeFirst();
    return row ? { id: row.id, names: row.names, slices: row.slices, active: row.active } : undefined;
  }

  async all(): Promise<WheelDefinition[]> {
    const rows = await spinDb(this.db).selectFrom('spin_wheels').selectAll().orderBy('id').execute();
    return rows.map((row) => ({ id: row.id, names: row.names, slices: row.slices, active: row.active }));
  }

  /** Creates or replaces a wheel; an active one makes every other inactive. */
  async save(w: WheelDefinition): Promise<WheelDefinition> {
    const problems = wheelProblems(w);
    if (problems.length > 0) throw new AppError('KEY_INVALID', 400, problems.join('; '));
    await this.db.transaction().execute(async (trx) => {
      const t = spinDb(trx);
      if (w.active)
        await t.updateTable('spin_wheels').set({ active: false }).where('id', '<>', w.id).execute();
      const values = {
        names: JSON.stringify(w.names),
        slices: JSON.stringify(w.slices),
        active: w.active,
        updated_at: this.clock.now(),
      };
      await t
        .insertInto('spin_wheels')
        .values({ id: w.id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    });
    return w;
  }
}
