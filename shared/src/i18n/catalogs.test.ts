import path from 'node:path';
// The server's own lists of the codes its API answers with (spec §8 plus `gone` and `invalid-token`, and the slip
// reasons of spec §4): every one of them needs a text in `errors`. Imported, not copied, so a code added on the
// server fails this test.
import { ERROR_CODES, SLIP_REASONS } from '../../../server/src/platform/errors';
import { describeCatalogs } from '../../../tooling/catalog-checks';
import { CLIENT_ERROR_CODES } from '../http/api-error';
import { LOCALES, NAMESPACES, sharedCatalogs, type Catalog, type Locale } from './locales';

const registered: Parameters<typeof describeCatalogs>[1]['registered'] = {};
// What the page loads: each language's chunk, called here.
beforeAll(async () => {
  const byLocale = await Promise.all(
    LOCALES.map(async (locale) => [locale, await sharedCatalogs[locale]()] as const),
  );
  for (const ns of NAMESPACES)
    registered[ns] = Object.fromEntries(byLocale.map(([locale, all]) => [locale, all[ns]])) as Record<
      Locale,
      Catalog
    >;
});

describeCatalogs('shared (common, errors)', {
  dir: path.join(__dirname, 'locales'),
  registered,
  requiredKeys: {
    errors: [...ERROR_CODES, ...CLIENT_ERROR_CODES, ...SLIP_REASONS.map((code) => `slip.${code}`)],
  },
});
