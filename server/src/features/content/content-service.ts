import type { Db } from '../../platform/db';
import { LOCALES, type Locale } from '../../platform/locale';
import { SEED_BANKS, seedContentRows } from './seed-content';

/** A bank as the other features see it: names, whether it is offered, and its account-number digits. */
export interface BankInfo {
  code: string;
  nameTH: string;
  nameEN: string;
  nameLA: string;
  active: boolean;
  accountNo: { min: number; max: number };
}

/** Editable lookup content in the `lookup_content` table, with locale fallback. */
export class ContentService {
  constructor(
    private readonly db: Db,
    private readonly defaultLocale: Locale,
  ) {}

  async seed(laos: boolean): Promise<void> {
    await this.db
      .insertInto('banks')
      .values(
        SEED_BANKS.map((b, i) => ({
          code: b.code,
          name_th: b.nameTH,
          name_en: b.nameEN,
          name_la: b.nameLA,
          country: b.country,
          sort_order: i + 1,
          account_no_min: b.accountNo.min,
          account_no_max: b.accountNo.max,
        })),
      )
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    await this.db
      .insertInto('lookup_content')
      .values(
        seedContentRows(laos).map((r) => ({ key: r.key, locale: r.locale, value: JSON.stringify(r.value) })),
      )
      .onConflict((oc) => oc.columns(['key', 'locale']).doNothing())
      .execute();
  }

  /** One bank of the list (`banks` is this feature's reference data), active or not. */
  async bank(code: string): Promise<BankInfo | undefined> {
    const row = await this.db
      .selectFrom('banks')
      .select(['code', 'name_th', 'name_en', 'name_la', 'active', 'account_no_min', 'account_no_max'])
      .where('code', '=', code)
      .executeTakeFirst();
    return (
      row && {
        code: row.code,
        nameTH: row.name_th,
        nameEN: row.name_en,
        nameLA: row.name_la,
        active: row.active,
        accountNo: { min: row.account_no_min, max: row.account_no_max },
      }
    );
  }

  /** The value for key in locale, else the default locale, else Thai, else the non-localized '*' row. */
  async get(key: string, locale: Locale): Promise<unknown> {
    const rows = await this.db
      .selectFrom('lookup_content')
      .select(['locale', 'value'])
      .where('key', '=', key)
      .execute();
    const order: string[] = [locale, this.defaultLocale, 'th', '*'];
    for (const l of order) {
      const row = rows.find((r) => r.locale === l);
      if (row) return row.value;
    }
    return undefined;
  }

  /** The stored value for exactly this key and locale (no fallback; operators read what they edit). */
  async getExact(key: string, locale: Locale | '*'): Promise<unknown> {
    const row = await this.db
      .selectFrom('lookup_content')
      .select('value')
      .where('key', '=', key)
      .where('locale', '=', locale)
      .executeTakeFirst();
    return row?.value;
  }

  async set(key: string, locale: Locale | '*', value: unknown): Promise<void> {
    const json = JSON.stringify(value);
    await this.db
      .insertInto('lookup_content')
      .values({ key, locale, value: json, updated_at: new Date() })
      .onConflict((oc) => oc.columns(['key', 'locale']).doUpdateSet({ value: json, updated_at: new Date() }))
      .execute();
  }

  static isLocale(v: string): v is Locale {
    return (LOCALES as readonly string[]).includes(v);
  }
}
