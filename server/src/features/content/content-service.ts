import { Value } from '@sinclair/typebox/value';
import type { CacheBus, ReadCache } from '../../platform/cache';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { LOCALES, type Locale } from '../../platform/locale';
import { SEED_BANKS, seedContentRows, type ContentKey } from './seed-content';
import type { ContentProblem, ContentShape } from './shapes';

/** A bank as the other features see it: names, whether it is offered, and its account-number digits. */
export interface BankInfo {
  code: string;
  nameTH: string;
  nameEN: string;
  nameLA: string;
  active: boolean;
  accountNo: { min: number; max: number };
}

/** A row of the bank list (`banks`), as the lookup and the other features read it. */
export interface BankRow extends BankInfo {
  country: string;
}

/** Cache topics: `content` (key: a content key), `banks` (the whole list). */
export const CONTENT_TOPIC = 'content';
export const BANKS_TOPIC = 'banks';

/**
 * Editable lookup content in the `lookup_content` table, with locale fallback, and the bank list. Both are read
 * from memory when the app's caches are given (platform/cache.ts): `set` invalidates the key on every server.
 */
export class ContentService {
  /** What each key may hold (`define`, by the feature that reads it). */
  private readonly shapes = new Map<string, ContentShape>();
  /** Per content key: its value in every locale ('th', 'la', 'en', '*'). */
  private readonly byKey: ReadCache<Record<string, unknown>> | undefined;
  private readonly bankList: ReadCache<BankRow[]> | undefined;

  constructor(
    private readonly db: Db,
    private readonly defaultLocale: Locale,
    private readonly caches?: CacheBus,
  ) {
    this.byKey = caches?.cache(CONTENT_TOPIC, 1_000);
    this.bankList = caches?.cache(BANKS_TOPIC, 1);
  }

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

  /** Every bank (offered or not), in the list's order (sort_order, code); a shared, frozen array. */
  async banks(): Promise<readonly BankRow[]> {
    const load = async (): Promise<BankRow[]> => {
      const rows = await this.db
        .selectFrom('banks')
        .select([
          'code',
          'name_th',
          'name_en',
          'name_la',
          'country',
          'active',
          'account_no_min',
          'account_no_max',
        ])
        .orderBy('sort_order')
        .orderBy('code')
        .execute();
      return rows.map((row) => ({
        code: row.code,
        nameTH: row.name_th,
        nameEN: row.name_en,
        nameLA: row.name_la,
        country: row.country,
        active: row.active,
        accountNo: { min: row.account_no_min, max: row.account_no_max },
      }));
    };
    return this.bankList ? this.bankList.get('all', load) : load();
  }

  /** One bank of the list (`banks` is this feature's reference data), active or not. */
  async bank(code: string): Promise<BankInfo | undefined> {
    const row = (await this.banks()).find((b) => b.code === code);
    return (
      row && {
        code: row.code,
        nameTH: row.nameTH,
        nameEN: row.nameEN,
        nameLA: row.nameLA,
        active: row.active,
        accountNo: { min: row.accountNo.min, max: row.accountNo.max },
      }
    );
  }

  /** The key's stored value in each locale (a shared, frozen object). */
  private async values(key: string): Promise<Record<string, unknown>> {
    const load = async (): Promise<Record<string, unknown>> => {
      const rows = await this.db
        .selectFrom('lookup_content')
        .select(['locale', 'value'])
        .where('key', '=', key)
        .execute();
      return Object.fromEntries(rows.map((r) => [r.locale, r.value]));
    };
    return this.byKey ? this.byKey.get(key, load) : load();
  }

  /**
   * The value for key in locale, else the default locale, else Thai, else the non-localized '*' row. The value is
   * shared and frozen: callers copy what they change.
   */
  async get(key: string, locale: Locale): Promise<unknown> {
    const values = await this.values(key);
    for (const l of [locale, this.defaultLocale, 'th', '*']) {
      if (Object.hasOwn(values, l)) return values[l];
    }
    return undefined;
  }

  /** The stored value for exactly this key and locale (no fallback; operators read what they edit). */
  async getExact(key: string, locale: Locale | '*'): Promise<unknown> {
    const values = await this.values(key);
    return Object.hasOwn(values, locale) ? values[locale] : undefined;
  }

  /** Declares what a key may hold; the feature that reads the key declares it (content/shapes.ts). */
  define(key: ContentKey, shape: ContentShape): void {
    this.shapes.set(key, shape);
  }

  /** Why `value` cannot be stored under `key`: the first problem found, at its JSON path; undefined when none. */
  async problem(key: string, value: unknown): Promise<ContentProblem | undefined> {
    const shape = this.shapes.get(key);
    if (!shape) return { field: '/', reason: `no shape is declared for ${key}` };
    const first = Value.Errors(shape.schema, value).First();
    if (first) return { field: first.path || '/', reason: first.message };
    return shape.check?.(value as never);
  }

  /**
   * Stores a key's value for a locale; KEY_INVALID with the problem's JSON path as `field` (nothing written) when it
   * is not of the key's shape.
   */
  async set(key: string, locale: Locale | '*', value: unknown): Promise<void> {
    const problem = await this.problem(key, value);
    if (problem !== undefined) {
      throw new AppError('KEY_INVALID', 400, `content ${key}: ${problem.field}: ${problem.reason}`, {
        field: problem.field,
      });
    }
    const json = JSON.stringify(value);
    await this.db
      .insertInto('lookup_content')
      .values({ key, locale, value: json, updated_at: new Date() })
      .onConflict((oc) => oc.columns(['key', 'locale']).doUpdateSet({ value: json, updated_at: new Date() }))
      .execute();
    await this.caches?.publish(CONTENT_TOPIC, key);
  }

  /** Every stored key and locale with the time it was last written, for the operators' list (not cached). */
  async stored(): Promise<{ key: string; locale: string; updatedAt: Date }[]> {
    const rows = await this.db
      .selectFrom('lookup_content')
      .select(['key', 'locale', 'updated_at'])
      .orderBy('key')
      .orderBy('locale')
      .execute();
    return rows.map((r) => ({ key: r.key, locale: r.locale, updatedAt: new Date(r.updated_at) }));
  }

  static isLocale(v: string): v is Locale {
    return (LOCALES as readonly string[]).includes(v);
  }
}
