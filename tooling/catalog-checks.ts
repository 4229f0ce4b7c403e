// The catalogue test every front-end part runs on its own strings (`<part>/src/locales/{th,la,en}/<ns>.json`):
// th, la and en say the same things (same keys, same placeholders), nothing is left empty, Thai and Lao are written
// in their own scripts, and what the part registers in the site is exactly what is on disk.
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../shared/src/i18n/locales';

type Flat = Map<string, string>;

export interface CatalogCheckOptions {
  /** The part's locales folder, e.g. `path.join(__dirname, 'locales')`. */
  dir: string;
  /** What the part registers at run time, per namespace and language (its `catalogs.ts`). */
  registered: Record<string, Record<Locale, unknown>>;
  /** Keys a namespace must contain in every language (dotted paths), e.g. every server error code. */
  requiredKeys?: Record<string, readonly string[]>;
}

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

const THAI = /[\u0E00-\u0E7F]/;
const LAO = /[\u0E80-\u0EFF]/;
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

/** Declares the catalogue tests of one part. */
export function describeCatalogs(
  part: string,
  { dir, registered, requiredKeys = {} }: CatalogCheckOptions,
): void {
  const namespacesOnDisk = (locale: string) =>
    fs
      .readdirSync(path.join(dir, locale))
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''))
      .sort();
  const readCatalog = (locale: string, ns: string): unknown =>
    JSON.parse(fs.readFileSync(path.join(dir, locale, `${ns}.json`), 'utf8'));

  const namespaces = namespacesOnDisk('en');
  const flat = {} as Record<Locale, Record<string, Flat>>;
  for (const locale of LOCALES) {
    flat[locale] = {};
    for (const ns of namespaces) {
      if (fs.existsSync(path.join(dir, locale, `${ns}.json`)))
        flat[locale][ns] = flatten(readCatalog(locale, ns));
    }
  }
  const keysOf = (locale: Locale, ns: string): Flat => flat[locale][ns] ?? new Map();

  describe(`catalogs of ${part}`, () => {
    it('exist as the same files in th, la and en, one per namespace the part registers', () => {
      expect(namespaces).toEqual(Object.keys(registered).sort());
      for (const locale of LOCALES)
        expect({ locale, files: namespacesOnDisk(locale) }).toEqual({ locale, files: namespaces });
    });

    it('are registered exactly as they are on disk', () => {
      for (const locale of LOCALES) {
        for (const ns of namespaces) {
          expect({ [`${locale}/${ns}`]: registered[ns]?.[locale] }).toEqual({
            [`${locale}/${ns}`]: readCatalog(locale, ns),
          });
        }
      }
    });

    describe.each(namespaces)('namespace %s', (ns) => {
      it('has exactly the same keys in th, la and en', () => {
        const en = [...keysOf('en', ns).keys()].sort();
        for (const locale of ['th', 'la'] as const) {
          const keys = [...keysOf(locale, ns).keys()].sort();
          const missing = en.filter((k) => !keys.includes(k));
          const extra = keys.filter((k) => !en.includes(k));
          expect({ locale, missing, extra }).toEqual({ locale, missing: [], extra: [] });
        }
      });

      it('has no empty values', () => {
        const empty: string[] = [];
        for (const locale of LOCALES) {
          for (const [key, value] of keysOf(locale, ns))
            if (value.trim() === '') empty.push(`${locale}:${key}`);
        }
        expect(empty).toEqual([]);
      });

      it('uses the same {{placeholders}} in every language', () => {
        const mismatched: string[] = [];
        for (const [key, enValue] of keysOf('en', ns)) {
          for (const locale of ['th', 'la'] as const) {
            const value = keysOf(locale, ns).get(key);
            if (value !== undefined && placeholders(value).join() !== placeholders(enValue).join()) {
              mismatched.push(`${locale}:${key}`);
            }
          }
        }
        expect(mismatched).toEqual([]);
      });

      it('writes Thai in Thai script and Lao in Lao script', () => {
        // A value identical in all three languages is a name (ไทย, ລາວ, English, a brand): exempt.
        const translated = [...keysOf('en', ns).keys()].filter((key) => {
          const values = LOCALES.map((locale) => keysOf(locale, ns).get(key));
          return !(values[0] === values[1] && values[1] === values[2]);
        });
        const laWithThai = translated.filter((key) => THAI.test(keysOf('la', ns).get(key) ?? ''));
        const thWithLao = translated.filter((key) => LAO.test(keysOf('th', ns).get(key) ?? ''));
        expect({ laWithThai, thWithLao }).toEqual({ laWithThai: [], thWithLao: [] });

        // Most values carry their script; a few may be codes or numbers only.
        if (translated.length === 0) return;
        const thaiShare = translated.filter((key) => THAI.test(keysOf('th', ns).get(key) ?? '')).length;
        const laoShare = translated.filter((key) => LAO.test(keysOf('la', ns).get(key) ?? '')).length;
        expect(thaiShare / translated.length).toBeGreaterThanOrEqual(0.9);
        expect(laoShare / translated.length).toBeGreaterThanOrEqual(0.9);
      });
    });

    const required = Object.entries(requiredKeys);
    if (required.length > 0) {
      it.each(required)('namespace %s contains every required key in every language', (ns, keys) => {
        for (const locale of LOCALES) {
          const present = keysOf(locale, ns);
          expect({ locale, ns, missing: keys.filter((key) => !present.has(key)) }).toEqual({
            locale,
            ns,
            missing: [],
          });
        }
      });
    }
  });
}

/** `{ th, la, en }` of one namespace from a `{ locale: { ns: catalog } }` table (the shared package's `resources`). */
export function byLocale<T>(
  table: Record<Locale, Record<string, T>>,
  ns: string,
): Record<Locale, T | undefined> {
  return { th: table.th[ns], la: table.la[ns], en: table.en[ns] };
}
